import {
  likeContaining,
  USER_SEARCH_LIMIT,
  userMergeMessages,
  type UserMergeCandidate,
  type UserMergeDetails,
} from "@vitrine/domain";
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { byLastName, userMatches } from "../../db/user-search";
import { auditEvents, orders, users } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { moveOrdersToUser } from "../orders";

/** The action of a merge in the audit log. */
export const USER_MERGE_AUDIT_ACTION = "user.merge";

const userNotFound = () => new DomainError("NOT_FOUND", userMergeMessages.userNotFound);

const candidateColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  tiktokUsername: users.tiktokUsername,
};

/**
 * Moving every order of one account to another (spec: /admin/user-merge). Only the orders' owner
 * changes: names, addresses and the orders' own data stay as they are. Each account keeps its own
 * handle, so the destination keeps its handle's proof (code and verification) and the source its
 * own; the holds that expired unpaid follow the orders they were on (the destination's count is
 * the sum, the source's goes to 0).
 */
export function createUserMergeService({ db }: { db: Database }) {
  return {
    /** Users whose e-mail, handle, first or last name contains the text, by last name, ten at most. */
    searchUsers(text: string): Promise<UserMergeCandidate[]> {
      return db
        .select(candidateColumns)
        .from(users)
        .where(userMatches(likeContaining(text)))
        .orderBy(byLastName, asc(users.firstName), asc(users.id))
        .limit(USER_SEARCH_LIMIT);
    },

    /** A user as the merge card shows it, with their orders newest first. */
    async getUserDetails(userId: string): Promise<UserMergeDetails> {
      const [user] = await db
        .select({ ...candidateColumns, createdAt: users.createdAt, authId: users.authId })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) throw userNotFound();
      const userOrders = await db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          orderDate: orders.orderDate,
          status: orders.status,
          totalAmountCents: orders.totalAmountCents,
        })
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.orderDate), desc(orders.createdAt));
      const { authId, createdAt, ...candidate } = user;
      return {
        ...candidate,
        createdAt: createdAt.toISOString(),
        hasAccount: authId !== null,
        orders: userOrders.map((order) => ({ ...order, orderDate: order.orderDate.toISOString() })),
      };
    },

    /**
     * One transaction: both users locked, every order of the source given to the destination, the
     * audit row written. Any failure (a refusal, the audit insert) leaves every order where it was.
     */
    async mergeUsers({
      actorUserId,
      sourceUserId,
      destinationUserId,
    }: {
      actorUserId: string;
      sourceUserId: string;
      destinationUserId: string;
    }): Promise<number> {
      if (sourceUserId === destinationUserId) {
        throw new DomainError("VALIDATION_FAILED", userMergeMessages.selfMerge, {
          destinationUserId: userMergeMessages.selfMerge,
        });
      }
      return db.transaction(async (tx) => {
        // Locked in id order, so two merges of the same pair never wait on each other forever.
        const found = await tx
          .select({ id: users.id, unpaidHolds: users.unpaidHolds })
          .from(users)
          .where(inArray(users.id, [sourceUserId, destinationUserId]))
          .orderBy(asc(users.id))
          .for("update");
        if (found.length !== 2) throw userNotFound();
        const moved = await moveOrdersToUser(tx, sourceUserId, destinationUserId);
        if (moved.length === 0) {
          throw new DomainError("VALIDATION_FAILED", userMergeMessages.sourceHasNoOrders, {
            sourceUserId: userMergeMessages.sourceHasNoOrders,
          });
        }
        const sourceHolds = found.find((user) => user.id === sourceUserId)?.unpaidHolds ?? 0;
        if (sourceHolds > 0) {
          await tx
            .update(users)
            .set({ unpaidHolds: sql`${users.unpaidHolds} + ${sourceHolds}` })
            .where(eq(users.id, destinationUserId));
          await tx.update(users).set({ unpaidHolds: 0 }).where(eq(users.id, sourceUserId));
        }
        await tx.insert(auditEvents).values({
          actorUserId,
          subjectUserId: sourceUserId,
          action: USER_MERGE_AUDIT_ACTION,
          details: {
            destinationUserId,
            ordersTransferred: moved.length,
            unpaidHoldsTransferred: sourceHolds,
            orderIds: moved.map((order) => order.id),
            orderNumbers: moved.map((order) => order.orderNumber),
          },
        });
        return moved.length;
      });
    },
  };
}

export type UserMergeService = ReturnType<typeof createUserMergeService>;
