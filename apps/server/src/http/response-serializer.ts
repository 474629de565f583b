import fastJsonStringify from "fast-json-stringify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import * as z from "zod/mini";

type JsonSchema = Record<string, unknown>;
type SerializerCompiler = typeof zodSerializerCompiler;

/**
 * The JSON Schema fast-json-stringify compiles a response's zod schema to, or null when the schema
 * holds something JSON Schema cannot say (a transform): those responses keep zod's serializer.
 * A nullable object comes out of zod as `anyOf: [object, null]`, which fast-json-stringify could only
 * resolve with a validator on every value; it is given as the `nullable` object it means.
 */
export function responseJsonSchema(schema: z.ZodMiniType): JsonSchema | null {
  let jsonSchema: JsonSchema;
  try {
    jsonSchema = z.toJSONSchema(schema, { io: "output", target: "draft-7", unrepresentable: "throw" });
  } catch {
    return null;
  }
  return withNullableObjects(jsonSchema) as JsonSchema;
}

function withNullableObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullableObjects);
  if (!node || typeof node !== "object") return node;
  const entries = Object.entries(node).map(([key, value]) => [key, withNullableObjects(value)] as const);
  const schema = Object.fromEntries(entries) as JsonSchema;
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (Object.keys(schema).length === 1 && anyOf?.length === 2) {
    const nullIndex = anyOf.findIndex((option) => option.type === "null" && Object.keys(option).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex !== -1 && other && (other.type === "object" || other.type === "array")) {
      return { ...other, nullable: true };
    }
  }
  return schema;
}

function zodSchemaOf(maybeSchema: unknown): z.ZodMiniType {
  if (maybeSchema instanceof z.core.$ZodType) return maybeSchema as z.ZodMiniType;
  const properties = (maybeSchema as { properties?: unknown } | null)?.properties;
  if (properties instanceof z.core.$ZodType) return properties as z.ZodMiniType;
  throw new Error(`not a zod response schema: ${JSON.stringify(maybeSchema)}`);
}

/**
 * Responses are written by fast-json-stringify from their zod schema (Fastify's own way: only the
 * declared fields go out, in about half the time zod's check then JSON.stringify took for a page of
 * orders). With `checkResponses` (the test suite), each response is also checked against its zod
 * schema first, so a handler that breaks its contract fails the tests with a 500 instead of being
 * coerced.
 */
export function responseSerializerCompiler(options: { checkResponses: boolean }): SerializerCompiler {
  return (route) => {
    const zodSchema = zodSchemaOf(route.schema);
    const jsonSchema = responseJsonSchema(zodSchema);
    if (!jsonSchema) return zodSerializerCompiler(route);
    const stringify = fastJsonStringify(jsonSchema);
    if (!options.checkResponses) return (data: unknown) => stringify(data);
    const check = zodSerializerCompiler(route);
    return (data: unknown) => {
      check(data);
      return stringify(data);
    };
  };
}
