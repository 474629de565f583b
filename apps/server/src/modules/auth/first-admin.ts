import { normalizeEmail } from "@vitrine/domain";
import { hashPassword } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { Database, Queryable } from "../../db/client";
import { authAccounts, authUsers, users } from "../../db/schema";

/**
 * A sign-in identity with a password, as better-auth stores one (user plus "credential" account).
 * Returns its auth id.
 */
export async function insertPasswordIdentity(
  db: Queryable,
  identity: { email: string; passwordHash: string; name: string; role?: string },
): Promise<string> {
  const authId = randomUUID();
  await db.insert(authUsers).values({
    id: authId,
    email: identity.email,
    name: identity.name,
    emailVerified: true,
    role: identity.role ?? null,
  });
  await db.insert(authAccounts).values({
    id: randomUUID(),
    accountId: authId,
    providerId: "credential",
    userId: authId,
    password: identity.passwordHash,
  });
  return authId;
}

async function hasAdmin(db: Queryable): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
  return existing !== undefined;
}

/**
 * Creates the first administrator (e-mail + password, hashed by better-auth's own hasher) when the
 * shop has none. Returns whether an account was created.
 */
export async function ensureFirstAdmin(
  db: Database,
  account: { email: string; password: string },
): Promise<boolean> {
  // Every start calls this; hashing (scrypt, ~150 ms) only when an admin is really missing.
  if (await hasAdmin(db)) return false;
  const email = normalizeEmail(account.email);
  const passwordHash = await hashPassword(account.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('vitrine:first-admin'))`);
    if (await hasAdmin(tx)) return false;
    const authId = await insertPasswordIdentity(tx, {
      email,
      passwordHash,
      name: "Administrateur",
      role: "admin",
    });
    const [sameEmail] = await tx
      .update(users)
      .set({ authId, isAdmin: true, updatedAt: new Date() })
      .where(sql`lower(${users.email}) = ${email}`)
      .returning({ id: users.id });
    if (!sameEmail) {
      await tx
        .insert(users)
        .values({ authId, email, firstName: "Admin", lastName: "Vitrine", isAdmin: true });
    }
    return true;
  });
}
