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
/** In the list, how many products use the colour: the page says so before a delete is asked. */
export const listedColorSchema = z.extend(colorSchema, { productCount: z.int() });
export type ListedColor = z.infer<typeof listedColorSchema>;
export const colorListResponseSchema = z.object({ colors: z.array(listedColorSchema) });
export const colorResponseSchema = z.object({ color: colorSchema });
export const colorDeletedResponseSchema = z.object({ deleted: z.literal(true) });
