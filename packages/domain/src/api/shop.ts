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

/** The shop's settings staff edit ('Réglages'): the minimum order, in cents, null for none. */
export const shopSettingsSchema = z.object({ minimumOrderCents: z.nullable(z.int()) });
export type ShopSettings = z.infer<typeof shopSettingsSchema>;
export const shopSettingsResponseSchema = z.object({ settings: shopSettingsSchema });
/** The minimum as typed ("25,00"; empty for none): read by parseMinimumOrder on both sides. */
export const shopSettingsRequestSchema = z.object({ minimumOrder: z.string().check(z.maxLength(40)) });
export type ShopSettingsRequest = z.infer<typeof shopSettingsRequestSchema>;
