import type { BrowserContext } from "@playwright/test";
import { emailSchema, MAGIC_LINK_LIFETIME_SECONDS, tiktokUsernameSchema } from "@vitrine/domain";
import { and, eq, sql } from "drizzle-orm";
import { connectDatabase } from "../../apps/server/src/db/client";
import { authSessions, authUsers, pendingSignups, users } from "../../apps/server/src/db/schema";
import { createAuthLibrary, sessionCookieSettings } from "../../apps/server/src/modules/auth/auth-library";
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

    async endSession(sessionId: string): Promise<void> {
      await db.delete(authSessions).where(eq(authSessions.id, sessionId));
    },

    close,
  };
}

export type AppData = Awaited<ReturnType<typeof openAppData>>;
