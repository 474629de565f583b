import * as z from "zod/mini";
import { ORDER_STATUSES } from "../order-status";
import { USER_SEARCH_MAX_LENGTH, userMergeMessages } from "../user-merge";

/** GET /api/admin/user-merge/search?q=: the text is trimmed and must not be blank. */
export const userMergeSearchQuerySchema = z.object({
  q: z
    .string({ error: userMergeMessages.searchRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: userMergeMessages.searchRequired, abort: true }),
      z.maxLength(USER_SEARCH_MAX_LENGTH),
    ),
});
export type UserMergeSearchQuery = z.infer<typeof userMergeSearchQuerySchema>;

/** One search result: what the card shows before a user is selected. */
export const userMergeCandidateSchema = z.object({
  id: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  email: z.nullable(z.string()),
  tiktokUsername: z.nullable(z.string()),
});
export type UserMergeCandidate = z.infer<typeof userMergeCandidateSchema>;
export const userMergeSearchResponseSchema = z.object({ users: z.array(userMergeCandidateSchema) });

export const userMergeOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  /** ISO 8601 instant. */
  orderDate: z.string(),
  status: z.enum(ORDER_STATUSES),
  totalAmountCents: z.int(),
});
export type UserMergeOrder = z.infer<typeof userMergeOrderSchema>;

/** A selected user, with the orders a merge would move (newest first). */
export const userMergeDetailsSchema = z.extend(userMergeCandidateSchema, {
  /** ISO 8601 instant. */
  createdAt: z.string(),
  /** The user has a sign-in account (spec: "active account"). */
  hasAccount: z.boolean(),
  orders: z.array(userMergeOrderSchema),
});
export type UserMergeDetails = z.infer<typeof userMergeDetailsSchema>;
export const userMergeDetailsResponseSchema = z.object({ user: userMergeDetailsSchema });

/** POST /api/admin/user-merge: every order of the source goes to the destination. */
export const userMergeRequestSchema = z.object({
  sourceUserId: z.uuid({ error: userMergeMessages.sourceRequired }),
  destinationUserId: z.uuid({ error: userMergeMessages.destinationRequired }),
});
export type UserMergeRequest = z.infer<typeof userMergeRequestSchema>;
export const userMergeResponseSchema = z.object({ ordersTransferred: z.int() });
export type UserMergeResponse = z.infer<typeof userMergeResponseSchema>;
