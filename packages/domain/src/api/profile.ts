import * as z from "zod/mini";

/** /customer/profile as the server knows it. */
export const customerProfileSchema = z.object({
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  email: z.string(),
  tiktokUsername: z.nullable(z.string()),
  /** The code to comment during a live to prove the handle ("VT-7K3QX"; handle-proof.ts). */
  handleProofCode: z.string(),
  /** Whether a comment of the handle carried the code (cleared when the handle changes). */
  handleVerified: z.boolean(),
});
export type CustomerProfile = z.infer<typeof customerProfileSchema>;

export const customerProfileResponseSchema = z.object({ profile: customerProfileSchema });
export type CustomerProfileResponse = z.infer<typeof customerProfileResponseSchema>;
