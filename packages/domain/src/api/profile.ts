import * as z from "zod/mini";

/** /customer/profile as the server knows it. */
export const customerProfileSchema = z.object({
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  email: z.string(),
  tiktokUsername: z.nullable(z.string()),
});
export type CustomerProfile = z.infer<typeof customerProfileSchema>;

export const customerProfileResponseSchema = z.object({ profile: customerProfileSchema });
export type CustomerProfileResponse = z.infer<typeof customerProfileResponseSchema>;
