import * as z from "zod/mini";

export const colorSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** #RRGGBB, in capitals. */
  hexCode: z.string(),
  updatedAt: z.string(),
});
export type Color = z.infer<typeof colorSchema>;

export const colorIdParamsSchema = z.object({ id: z.uuid() });
export const colorListResponseSchema = z.object({ colors: z.array(colorSchema) });
export const colorResponseSchema = z.object({ color: colorSchema });
export const colorDeletedResponseSchema = z.object({ deleted: z.literal(true) });
