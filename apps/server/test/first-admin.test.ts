import type * as crypto from "better-auth/crypto";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "../src/db/schema";
import { ensureFirstAdmin } from "../src/modules/auth/first-admin";
import { ADMIN } from "./support/actors";
import { createTestApp, type TestApp } from "./support/test-app";

vi.mock("better-auth/crypto", async (importOriginal) => {
  const original = await importOriginal<typeof crypto>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admins = () => t.db.select({ email: users.email }).from(users).where(eq(users.isAdmin, true));

describe("ensureFirstAdmin, called at every start", () => {
  it("creates one administrator when instances start together on an empty shop", async () => {
    const created = await Promise.all([
      ensureFirstAdmin(t.db, ADMIN),
      ensureFirstAdmin(t.db, ADMIN),
      ensureFirstAdmin(t.db, { ...ADMIN, email: "other-admin@test.local" }),
    ]);
    expect(created.filter(Boolean)).toHaveLength(1);
    expect(await admins()).toHaveLength(1);
  });

  it("once an administrator exists, creates nothing and spends no time hashing a password", async () => {
    vi.mocked(hashPassword).mockClear();
    expect(await ensureFirstAdmin(t.db, { ...ADMIN, email: "late@test.local" })).toBe(false);
    expect(hashPassword).not.toHaveBeenCalled();
    expect(await admins()).toHaveLength(1);
  });
});
