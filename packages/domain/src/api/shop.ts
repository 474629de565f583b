import * as z from "zod/mini";

/** The shop's public identity (contact page, footer). */
export const shopSchema = z.object({
  name: z.string(),
  contactEmail: z.string(),
  /** Several lines separated by line breaks. */
  postalAddress: z.string(),
});
export type Shop = z.infer<typeof shopSchema>;
export const shopResponseSchema = z.object({ shop: shopSchema });
