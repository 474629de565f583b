import Fastify from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { responseJsonSchema, responseSerializerCompiler } from "./response-serializer";

const order = z.object({
  id: z.string(),
  total: z.number().check(z.int()),
  status: z.enum(["to-pay", "paid"]),
  note: z.nullable(z.string()),
  coupon: z.optional(z.string()),
  address: z.nullable(z.object({ city: z.string(), zip: z.string() })),
  items: z.array(z.object({ name: z.string(), color: z.nullable(z.object({ hex: z.string() })) })),
});
const listSchema = z.object({ orders: z.array(order), total: z.number() });

const sample = {
  orders: [
    {
      id: "o1",
      total: 4600,
      status: "paid",
      note: null,
      address: { city: "Lyon", zip: "69001", secret: "not declared" },
      items: [
        { name: "Robe « été »\n", color: { hex: "#fff" } },
        { name: "Jupe", color: null },
      ],
      passwordHash: "never sent",
    },
    { id: "o2", total: 600, status: "to-pay", note: "à l'étage", coupon: "LIVE", address: null, items: [] },
  ],
  total: 2,
};

let app: ReturnType<typeof appWith> | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

function appWith(checkResponses: boolean, schema: z.ZodMiniType, data: unknown) {
  const instance = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(responseSerializerCompiler({ checkResponses }));
  instance.get("/data", { schema: { response: { 200: schema } } }, async () => data);
  return instance;
}

async function bodyOf(checkResponses: boolean, schema: z.ZodMiniType, data: unknown) {
  app = appWith(checkResponses, schema, data);
  return app.inject({ method: "GET", url: "/data" });
}

describe("responses written from their zod schema", () => {
  it("writes what zod's parse then JSON.stringify would (key order aside), undeclared fields left out", async () => {
    const response = await bodyOf(false, listSchema, sample);
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toStrictEqual(z.parse(listSchema, sample));
    expect(response.body).not.toContain("never sent");
    expect(response.body).not.toContain("not declared");
  });

  it("gives a nullable object as the `nullable` object it means, not a union to test on every value", () => {
    const jsonSchema = responseJsonSchema(order) as { properties: Record<string, unknown> };
    expect(jsonSchema.properties.address).toMatchObject({ type: "object", nullable: true });
    expect(jsonSchema.properties.address).not.toHaveProperty("anyOf");
    expect(jsonSchema.properties.note).toEqual({ type: ["string", "null"] });
  });

  it("keeps zod's serializer for a schema JSON Schema cannot express (a transform)", async () => {
    const transformed = z.object({
      name: z.pipe(
        z.string(),
        z.transform((value) => value.toUpperCase()),
      ),
    });
    expect(responseJsonSchema(transformed)).toBeNull();
    const response = await bodyOf(false, transformed, { name: "robe" });
    // zod cannot encode a one-way transform: the same 500 as before this serializer existed.
    expect(response.statusCode).toBe(500);
  });

  it("checks each response against its zod schema when asked (the test suite): a broken contract is a 500", async () => {
    const broken = { orders: [{ ...sample.orders[1], status: "shipped-to-the-moon" }], total: 1 };
    expect((await bodyOf(true, listSchema, broken)).statusCode).toBe(500);
    await app?.close();
    expect(JSON.parse((await bodyOf(true, listSchema, sample)).body)).toStrictEqual(
      z.parse(listSchema, sample),
    );
  });

  it("refuses to write a response missing a required field even unchecked", async () => {
    const { id: _id, ...withoutId } = sample.orders[1]!;
    expect((await bodyOf(false, listSchema, { orders: [withoutId], total: 1 })).statusCode).toBe(500);
  });
});
