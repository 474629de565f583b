import { z } from "zod";

/** /customer/profile as the server knows it. */
export const customerProfileSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  tiktokUsername: z.string().nullable(),
});
export type CustomerProfile = z.infer<typeof customerProfileSchema>;

export const customerProfileResponseSchema = z.object({ profile: customerProfileSchema });
export type CustomerProfileResponse = z.infer<typeof customerProfileResponseSchema>;
