import {
  DEFAULT_LIVE_PLATFORM,
  liveMessages,
  livePlatformLabels,
  liveSellingMessages,
  liveSiteMessages,
  liveSourceMessages,
  liveViewerPlaceholderEmail,
  sidebarHandle,
  tiktokUsernameError,
  type LiveClaimables,
  type LiveHandleSuggestion,
  type LiveSidebarAddInput,
  type LiveShowPieceInput,
  type LiveSidebarAddResponse,
  type LiveSidebarPieces,
  type LiveSidebarOrder,
  type LiveSidebarSourceHelp,
  type ProductSuggestion,
  type ShownPiece,
  viewerPlatform,
} from "@vitrine/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { pgErrorCode, pgErrorConstraint, UNIQUE_VIOLATION } from "../../db/pg-error";
import { DomainError } from "../../http/errors";
import type { AppConfig } from "../../config";
import type { LiveHub } from "../../realtime/live-hub";
import { liveUsers, lives, products } from "../../db/schema";
import { recordAuditEvent } from "../audit-events";
import { claimLockKey } from "../auth";
import { unheardHandles } from "../customer-live";
import { addItemForHandle, availableProductsByRef, removeItem } from "../orders";
import { handleSuggestions, liveClaimables, livePieces, liveSidebarOrders, shownPiece } from "./queries";

const productAndHandleRequired = () =>
  new DomainError("VALIDATION_FAILED", liveSellingMessages.productAndHandleRequired, {
    handle: liveSellingMessages.productAndHandleRequired,
  });

/**
 * The one refusal of the add the orders core's map leaves to the sidebar: its user creation's.
 * Anything else (a refusal already in the spec's words included) is returned as it is.
 */
function addRefusal(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  // Under the claim lock only a stale placeholder e-mail (a handle renamed since) can collide.
  if (pgErrorCode(error) === UNIQUE_VIOLATION && pgErrorConstraint(error)?.startsWith("users_")) {
    return new DomainError("CONFLICT", liveSellingMessages.userFailed, {
      handle: liveSellingMessages.userFailed,
    });
  }
  return error;
}

export function createLiveSidebarService({
  db,
  liveHub,
  config,
  now: clock,
}: {
  db: Database;
  liveHub: LiveHub;
  config: Pick<AppConfig, "env">;
  now: () => number;
}) {
  /** Open sidebars refetch the live's orders; the change is committed whatever becomes of this. */
  async function announce(liveId: string, orderId: string): Promise<void> {
    // Sidebars also poll every 5 s: a lost announcement delays the list, it never loses an order.
    await liveHub.publishOrdersChanged({ liveId, orderId }).catch(() => {});
  }

  async function sidebarOrder(orderId: string): Promise<LiveSidebarOrder> {
    const [order] = await liveSidebarOrders(db, { orderId });
    if (!order) throw new Error(`order ${orderId} vanished after its change`);
    return order;
  }

  return {
    suggestProducts(liveId: string, refDigits: string): Promise<ProductSuggestion[]> {
      return availableProductsByRef(db, liveId, refDigits);
    },

    claimables(liveId: string): Promise<LiveClaimables> {
      return liveClaimables(db, liveId);
    },

    async suggestHandles(text: string, liveId: string | undefined): Promise<LiveHandleSuggestion[]> {
      const term = sidebarHandle(text);
      return term ? handleSuggestions(db, term, liveId) : [];
    },

    /**
     * Whether the sidebar may name the comment simulator when no source is connected: it is a
     * developer's command, and production refuses its public ingestion token anyway.
     */
    sourceHelp(): LiveSidebarSourceHelp {
      return { simulatorAvailable: config.env !== "production" };
    },

    async pieces(liveId: string): Promise<LiveSidebarPieces> {
      const [pieces, shown] = await Promise.all([livePieces(db, liveId), shownPiece(db, liveId)]);
      return { pieces, shown };
    },

    /**
     * Marks the piece staff present (decision 047), audited like their other actions; the
     * customers' live pages read it with their live (their streams look every few seconds).
     */
    async show({ liveId, productId }: LiveShowPieceInput, actorUserId: string): Promise<ShownPiece> {
      await db.transaction(async (tx) => {
        const [live] = await tx.select({ isActive: lives.isActive }).from(lives).where(eq(lives.id, liveId));
        if (!live) throw new DomainError("NOT_FOUND", liveMessages.notFound);
        if (!live.isActive) throw new DomainError("CONFLICT", liveSellingMessages.liveNotActive);
        const [piece] = await tx
          .select({ ref: products.ref })
          .from(products)
          .where(and(eq(products.id, productId), eq(products.liveId, liveId)));
        if (!piece) throw new DomainError("NOT_FOUND", liveSiteMessages.pieceNotOfLive);
        await tx
          .update(lives)
          .set({ shownProductId: productId, shownAt: sql`now()`, shownByUserId: actorUserId })
          .where(eq(lives.id, liveId));
        await recordAuditEvent(tx, {
          actorUserId,
          subjectUserId: null,
          action: "live-piece-shown",
          details: { liveId, productId, ref: piece.ref },
        });
      });
      const shown = await shownPiece(db, liveId);
      if (!shown) throw new Error(`the piece shown in live ${liveId} vanished after its change`);
      return shown;
    },

    /** The handles of the live whose comment test saw nothing: staff read 'commentaires non reçus'. */
    unheard(liveId: string): Promise<string[]> {
      return unheardHandles(db, liveId, clock());
    },

    orders(liveId: string): Promise<LiveSidebarOrder[]> {
      return liveSidebarOrders(db, { liveId });
    },

    /**
     * The one-gesture add (spec §4, §5): the user found or created by handle, their to-validate
     * order of the live reused or created, the product added at quantity 1, the total recomputed,
     * all in one transaction; any refusal leaves no user, order or counter change behind.
     */
    async add(input: LiveSidebarAddInput): Promise<LiveSidebarAddResponse> {
      const handle = sidebarHandle(input.handle);
      if (!handle || !input.productId) throw productAndHandleRequired();
      const { liveId, productId } = input;
      const platform = viewerPlatform(handle);
      if (platform === DEFAULT_LIVE_PLATFORM) {
        // The sign-up's rule: an order under a handle nobody can sign up with would stay nobody's.
        const handleError = tiktokUsernameError(handle);
        if (handleError) throw new DomainError("VALIDATION_FAILED", handleError, { handle: handleError });
      } else {
        // Another platform's key is an author id nobody types: only a viewer the live heard has one.
        const [viewer] = await db
          .select({ id: liveUsers.id })
          .from(liveUsers)
          .where(and(eq(liveUsers.liveId, liveId), eq(liveUsers.tiktokUsername, handle)));
        if (!viewer) {
          const message = liveSourceMessages.viewerNotInLive(livePlatformLabels[platform]);
          throw new DomainError("VALIDATION_FAILED", message, { handle: message });
        }
      }
      const comment = input.comment?.trim() || null;

      // One call, one transaction: the user found or created under the handle's claim lock, the
      // to-validate order reused or numbered from the live's counter, the line (orders core).
      const outcome = await addItemForHandle(db, {
        liveId,
        productId,
        handle,
        claimLockKey: claimLockKey(`handle:${handle}`),
        placeholderEmail: liveViewerPlaceholderEmail(handle),
        comment,
        sourceEventId: input.sourceEventId ?? null,
      }).catch((error: unknown) => {
        throw addRefusal(error);
      });

      // The announcement and the reply's read on two connections at once: one round trip less.
      const [, order] = await Promise.all([announce(liveId, outcome.orderId), sidebarOrder(outcome.orderId)]);
      return { order, orderCreated: outcome.orderCreated, userCreated: outcome.userCreated };
    },

    async deleteItem(orderId: string, itemId: string): Promise<LiveSidebarOrder> {
      const order = await db.transaction(async (tx) => removeItem(tx, orderId, itemId));
      const [, changed] = await Promise.all([announce(order.liveId, order.id), sidebarOrder(order.id)]);
      return changed;
    },
  };
}

export type LiveSidebarService = ReturnType<typeof createLiveSidebarService>;
