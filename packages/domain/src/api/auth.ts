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

/** Set while staff act as this customer (an impersonation session, at most an hour). */
export const impersonationStateSchema = z.object({
  /** ISO 8601 instant at which the session ends on its own. */
  expiresAt: z.string(),
});
export type ImpersonationState = z.infer<typeof impersonationStateSchema>;

export const sessionResponseSchema = z.object({
  user: z.nullable(sessionUserSchema),
  impersonation: z.optional(z.nullable(impersonationStateSchema)),
});
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

export const signedOutResponseSchema = z.object({
  status: z.literal("signed-out"),
  /** The sign-out came from an impersonation: the admin's own session on this browser ended too. */
  endedImpersonation: z.boolean(),
});

/** POST /api/auth/impersonation: an admin starts acting as this customer. */
export const impersonationRequestSchema = z.object({ userId: z.uuid() });
export const impersonationStartedResponseSchema = z.object({ status: z.literal("impersonating") });
/** DELETE /api/auth/impersonation: back to the admin's own session. */
export const impersonationEndedResponseSchema = z.object({ status: z.literal("ended") });
