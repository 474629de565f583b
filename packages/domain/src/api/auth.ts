import * as z from "zod/mini";
import { signupSchema } from "../auth";

/** The signed-in person as the API describes them to the screens. */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  tiktokUsername: z.nullable(z.string()),
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({ user: z.nullable(sessionUserSchema) });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** A sign-in that succeeded: the person now signed in. */
export const signedInResponseSchema = z.object({ user: sessionUserSchema });
export type SignedInResponse = z.infer<typeof signedInResponseSchema>;

/** A mail was sent (or would have been: the answer never tells whether an account exists). */
export const mailSentResponseSchema = z.object({ status: z.literal("sent") });

export const tiktokUsernameCheckRequestSchema = z.object({ username: signupSchema.shape.tiktokUsername });
export const tiktokUsernameCheckResponseSchema = z.object({ exists: z.boolean() });

export const magicLinkVerifyRequestSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
});

export const signedOutResponseSchema = z.object({ status: z.literal("signed-out") });
