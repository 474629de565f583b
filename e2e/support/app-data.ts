import type { BrowserContext } from "@playwright/test";
import {
  emailSchema,
  MAGIC_LINK_LIFETIME_SECONDS,
  tiktokUsernameSchema,
  type OrderStatus,
  type ShippingAddress,
} from "@vitrine/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import { connectDatabase } from "../../apps/server/src/db/client";
import {
  authSessions,
  authUsers,
  lives,
  orderRefunds,
  orders,
  paymentTransactions,
  pendingSignups,
  productColors,
  products,
  users,
} from "../../apps/server/src/db/schema";
import { createAuthLibrary, sessionCookieSettings } from "../../apps/server/src/modules/auth/auth-library";
import { addItem, createOrder } from "../../apps/server/src/modules/orders";
import {
  findUserByEmail,
  findUserByTiktokUsername,
  linkAuthIdentity,
} from "../../apps/server/src/modules/auth/identity";
import { signToken } from "../../apps/server/src/modules/auth/session-reader";
import { uniqueEmail, uniqueHandle } from "./mail";
import { DEMO_ADMIN, E2E_BASE_URL, type AppDataAccess } from "./server";

/** A customer with a confirmed account, as after sign-up and the mailed link. */
export interface Customer {
  /** The shop's row (users.id). */
  id: string;
  authId: string;
  email: string;
  /** Normalized, as stored: lower case, no @. */
  handle: string;
}

/** One piece of an order made for a journey; the colour is found by name, or created. */
export interface OrderPiece {
  name: string;
  priceCents: number;
  color?: { name: string; hexCode: string };
}

/** An order as a live leaves it, then moved on to the status the journey needs. */
export interface OrderDetails {
  status?: OrderStatus;
  pieces?: readonly OrderPiece[];
  trackingId?: string;
  shippingAddress?: ShippingAddress;
  orderDate?: Date;
  /** A live made by an earlier createOrder: the order joins it (its pieces numbered after the live's). */
  liveId?: string;
}

/** What a journey reads of an order it made, and what removing it takes. */
export interface CreatedOrder {
  id: string;
  orderNumber: string;
  totalAmountCents: number;
  liveId: string;
  createdColorIds: string[];
}

/** A live reference nobody used: letters and digits, 10 characters at most. */
function uniqueLiveRef(): string {
  return `e2e${Date.now().toString(36).slice(-4)}${Math.floor(Math.random() * 36 ** 3)
    .toString(36)
    .padStart(3, "0")}`;
}

/** Who a signed-in browser is: a customer, or the demo administrator with a password session. */
export type Person = Customer | "admin";

const SAME_SITE = { strict: "Strict", lax: "Lax", none: "None" } as const;

/**
 * The e2e app's data, reached directly: people are created and sessions opened with the app's own
 * code (better-auth's internal adapter, the shop's identity linking, the cookie signature), so a
 * journey whose subject is not signing in needs neither the mail nor the password form, and the
 * app has no test-only route that would open a session without credentials.
 */
export async function openAppData(access: AppDataAccess) {
  const { db, close } = connectDatabase(access.databaseUrl, 2);
  const auth = createAuthLibrary({
    db,
    secret: access.authSecret,
    appUrl: E2E_BASE_URL,
    useSecureCookies: false,
    sendMagicLink: async () => {
      throw new Error("the e2e fixtures never send mail");
    },
  });
  const { internalAdapter } = await auth.$context;
  const cookie = await sessionCookieSettings(auth);

  async function demoAdminAuthId(): Promise<string> {
    const [admin] = await db
      .select({ authId: users.authId })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${DEMO_ADMIN.email}`, eq(users.isAdmin, true)));
    if (!admin?.authId) throw new Error(`the e2e app has no administrator ${DEMO_ADMIN.email}`);
    return admin.authId;
  }

  /** Shop rows that existed before a customer claimed them (a live viewer's handle), as they were. */
  const claimedRows = new Map<string, Pick<typeof users.$inferSelect, "email" | "tiktokUsername">>();

  return {
    /**
     * What a confirmed sign-up leaves: a pending sign-up for the handle, the identity better-auth
     * creates when the link is opened, and the shop row that linking claims or creates.
     */
    async createCustomer(details: { handle?: string; email?: string } = {}): Promise<Customer> {
      const handle = tiktokUsernameSchema.parse(details.handle ?? uniqueHandle("cliente"));
      const email = emailSchema.parse(details.email ?? uniqueEmail("cliente"));
      const existing = (await findUserByTiktokUsername(db, handle)) ?? (await findUserByEmail(db, email));
      const expiresAt = new Date(Date.now() + MAGIC_LINK_LIFETIME_SECONDS * 1000);
      await db.insert(pendingSignups).values({ email, tiktokUsername: handle, expiresAt });
      const identity = await internalAdapter.createUser(
        { email, emailVerified: true, name: "" },
        { method: "magic-link" },
      );
      try {
        const row = await linkAuthIdentity(db, { authId: identity.id, email: identity.email });
        if (existing?.id === row.id) {
          claimedRows.set(row.id, { email: existing.email, tiktokUsername: existing.tiktokUsername });
        }
        return { id: row.id, authId: identity.id, email, handle };
      } catch (error) {
        await db.delete(authUsers).where(eq(authUsers.id, identity.id));
        await db.delete(pendingSignups).where(eq(pendingSignups.email, email));
        throw error;
      }
    },

    /**
     * Removes the customer's identity (her sessions go with it) and her shop row; a row she
     * claimed is given back as it was, with whatever else refers to it.
     */
    async deleteCustomer(customer: Customer): Promise<void> {
      const claimed = claimedRows.get(customer.id);
      await db.transaction(async (tx) => {
        await tx.delete(authUsers).where(eq(authUsers.id, customer.authId));
        if (!claimed) await tx.delete(users).where(eq(users.id, customer.id));
        else await tx.update(users).set(claimed).where(eq(users.id, customer.id));
      });
      claimedRows.delete(customer.id);
    },

    /**
     * Opens a session as the app does after the mailed link (a customer) or the admin password
     * form (marked password-verified, decision 003), and gives the browser its signed cookie.
     * Returns the session's id, to end it with `endSession`.
     */
    async signIn(context: BrowserContext, person: Person): Promise<string> {
      const authId = person === "admin" ? await demoAdminAuthId() : person.authId;
      const session = await internalAdapter.createSession(authId);
      if (person === "admin") {
        await db.update(authSessions).set({ passwordVerified: true }).where(eq(authSessions.id, session.id));
      }
      const { attributes } = cookie;
      await context.addCookies([
        {
          name: cookie.name,
          // As better-auth and @fastify/cookie write it: the signed value, URI-encoded.
          value: encodeURIComponent(signToken(session.token, access.authSecret)),
          url: E2E_BASE_URL,
          httpOnly: attributes.httpOnly ?? true,
          secure: attributes.secure ?? false,
          sameSite: typeof attributes.sameSite === "string" ? SAME_SITE[attributes.sameSite] : "Lax",
        },
      ]);
      return session.id;
    },

    /** An account made before handles were asked at sign-up: the customer area asks for one. */
    async removeTiktokUsername(customer: Customer): Promise<void> {
      await db.update(users).set({ tiktokUsername: null }).where(eq(users.id, customer.id));
    },

    /**
     * An order of the customer in a live of its own, its pieces products of that live, numbered
     * HF-{ref}-1, its total the database's (pieces plus 6 euros of shipping).
     */
    async createOrder(customer: Customer, details: OrderDetails = {}): Promise<CreatedOrder> {
      const pieces = details.pieces ?? [{ name: "Robe fleurie", priceCents: 4000 }];
      return db.transaction(async (tx) => {
        const ref = uniqueLiveRef();
        const [live] = details.liveId
          ? [{ id: details.liveId }]
          : await tx
              .insert(lives)
              .values({ ref, title: `Live ${ref}`, liveDate: new Date() })
              .returning({ id: lives.id });
        if (!live) throw new Error("live not inserted");
        const [numbered] = await tx
          .select({ last: sql<number>`coalesce(max(${products.ref}), 0)::int` })
          .from(products)
          .where(eq(products.liveId, live.id));
        const firstRef = (numbered?.last ?? 0) + 1;

        const createdColorIds: string[] = [];
        const colorIds: (string | null)[] = [];
        for (const piece of pieces) {
          if (!piece.color) {
            colorIds.push(null);
            continue;
          }
          const [existing] = await tx
            .select({ id: productColors.id })
            .from(productColors)
            .where(eq(productColors.name, piece.color.name));
          if (existing) {
            colorIds.push(existing.id);
            continue;
          }
          const [created] = await tx
            .insert(productColors)
            .values({ name: piece.color.name, hexCode: piece.color.hexCode })
            .returning({ id: productColors.id });
          if (!created) throw new Error("colour not inserted");
          createdColorIds.push(created.id);
          colorIds.push(created.id);
        }

        const sold = await tx
          .insert(products)
          .values(
            pieces.map((piece, index) => ({
              liveId: live.id,
              ref: firstRef + index,
              name: piece.name,
              priceCents: piece.priceCents,
              colorId: colorIds[index] ?? null,
            })),
          )
          .returning({ id: products.id });
        // As the app makes orders (the orders core): numbered from the live's counter, a line per
        // piece by the one add-item path, the total kept by the database; then the asked status.
        const created = await createOrder(tx, { liveId: live.id, userId: customer.id });
        for (const [index, piece] of pieces.entries()) {
          const product = sold[index];
          if (!product) throw new Error(`product ${piece.name} not inserted`);
          await addItem(tx, created.id, product.id);
        }
        const [order] = await tx
          .update(orders)
          .set({
            status: details.status ?? "to-validate",
            trackingId: details.trackingId ?? null,
            shippingAddress: details.shippingAddress ?? null,
            ...(details.orderDate ? { orderDate: details.orderDate } : {}),
          })
          .where(eq(orders.id, created.id))
          .returning({
            id: orders.id,
            orderNumber: orders.orderNumber,
            totalAmountCents: orders.totalAmountCents,
          });
        if (!order) throw new Error("order not inserted");
        return { ...order, liveId: live.id, createdColorIds };
      });
    },

    /** Removes an order made by `createOrder`, with its live, its products and the colours it made. */
    async deleteOrder(order: CreatedOrder): Promise<void> {
      await db.transaction(async (tx) => {
        // The transactions that paid it keep the order from going: they go first, with the
        // refunds of its fee and the members of the parcel it leads (set free).
        await tx.update(orders).set({ parcelLeadId: null }).where(eq(orders.parcelLeadId, order.id));
        await tx.delete(orderRefunds).where(eq(orderRefunds.orderId, order.id));
        await tx.delete(paymentTransactions).where(eq(paymentTransactions.orderId, order.id));
        await tx.delete(orders).where(eq(orders.id, order.id));
        // A live several orders share goes with the last of them.
        await tx.execute(sql`
          DELETE FROM products p WHERE p.live_id = ${order.liveId}
             AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.product_id = p.id)`);
        await tx.execute(sql`
          DELETE FROM lives l WHERE l.id = ${order.liveId}
             AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.live_id = l.id)`);
        if (order.createdColorIds.length > 0) {
          await tx.delete(productColors).where(inArray(productColors.id, order.createdColorIds));
        }
      });
    },

    /** Removes orders a journey made through the app itself (the back office's 'New order'). */
    async deleteOrdersById(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.transaction(async (tx) => {
        await tx.delete(orderRefunds).where(inArray(orderRefunds.orderId, [...ids]));
        await tx.delete(paymentTransactions).where(inArray(paymentTransactions.orderId, [...ids]));
        await tx.delete(orders).where(inArray(orders.id, [...ids]));
      });
    },

    async endSession(sessionId: string): Promise<void> {
      await db.delete(authSessions).where(eq(authSessions.id, sessionId));
    },

    close,
  };
}

export type AppData = Awaited<ReturnType<typeof openAppData>>;
