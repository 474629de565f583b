import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { authSessions, users } from "../src/db/schema";
import {
  createSessionChangeListener,
  SESSION_CHANGES_CHANNEL,
  SESSION_LISTENER_APPLICATION_NAME,
} from "../src/modules/auth/session-change-listener";
import { signInAsAdmin, signUpCustomer } from "./support/actors";
import { eventually } from "./support/eventually";
import { createTestApp, type TestApp } from "./support/test-app";

// Decision 020: sessions kept in memory, forgotten when the database tells of a change.
let t: TestApp;
let sessionQueries = 0;

beforeAll(async () => {
  t = await createTestApp();
  const pool = t.db.$client;
  const query = pool.query.bind(pool);
  vi.spyOn(pool, "query").mockImplementation(((config: unknown, ...rest: unknown[]) => {
    if ((config as { name?: string } | null)?.name === "vitrine_session_by_token") sessionQueries += 1;
    return (query as (...args: unknown[]) => unknown)(config, ...rest);
  }) as typeof pool.query);
  await eventually(async () => (await listenerPids()).length === 1);
});

afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
});

const tokenOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] ?? "";

async function sessionUser(cookie: string) {
  const response = await t.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } });
  return response.json<{ user: { firstName: string | null; isAdmin: boolean } | null }>().user;
}

/** Reads `sessionUser` and says how many session queries that took. */
async function sessionUserCounted(cookie: string) {
  const before = sessionQueries;
  const user = await sessionUser(cookie);
  return { user, queries: sessionQueries - before };
}

async function listenerPids() {
  const { rows } = await t.db.$client.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()",
    [SESSION_LISTENER_APPLICATION_NAME],
  );
  return rows.map((row) => row.pid);
}

let handles = 0;
async function newCustomer() {
  handles += 1;
  const email = `cache${handles}@example.com`;
  const cookie = await signUpCustomer(t, `cache_customer_${handles}`, email);
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  if (!row?.authId) throw new Error("no shop row");
  return { cookie, row };
}

describe("sessions kept in memory", () => {
  it("cost one query for a person's first request and none for the next ones", async () => {
    const { cookie } = await newCustomer();
    expect((await sessionUserCounted(cookie)).queries).toBe(1);
    const again = await sessionUserCounted(cookie);
    expect(again.queries).toBe(0);
    expect(again.user).toMatchObject({ isAdmin: false });
  });

  it("see a change made straight in the database as soon as it is told, on every request after", async () => {
    const { cookie, row } = await newCustomer();
    await sessionUser(cookie);
    await t.db.update(users).set({ firstName: "Changée" }).where(eq(users.id, row.id));
    await eventually(async () => (await sessionUser(cookie))?.firstName === "Changée");
    const deleted = await newCustomer();
    await sessionUser(deleted.cookie);
    await t.db.delete(authSessions).where(eq(authSessions.token, tokenOf(deleted.cookie)));
    await eventually(async () => (await sessionUser(deleted.cookie)) === null);
    expect(await sessionUser(deleted.cookie)).toBeNull();
  });

  it("forget every session at once when told to forget everything, or told what they do not understand", async () => {
    for (const payload of ["*", "x:a message of a later version"]) {
      const one = await newCustomer();
      const other = await newCustomer();
      // The listening connection is cut and opened again: what was told about them before is never
      // delivered now, so only the word sent below can make this instance forget them.
      const [before] = await listenerPids();
      await t.db.$client.query("SELECT pg_terminate_backend($1)", [before]);
      await eventually(async () => (await listenerPids()).some((pid) => pid !== before));
      // Kept in memory once listening again.
      for (const { cookie } of [one, other]) {
        await eventually(async () => (await sessionUserCounted(cookie)).queries === 0);
      }
      await t.db.$client.query("SELECT pg_notify($1, $2)", [SESSION_CHANGES_CHANNEL, payload]);
      // Heard once the first session is read again; the other was forgotten by the same word.
      await eventually(async () => (await sessionUserCounted(one.cookie)).queries === 1);
      expect((await sessionUserCounted(other.cookie)).queries).toBe(1);
      expect((await sessionUserCounted(other.cookie)).queries).toBe(0);
    }
  });

  it("never serve a session past its expiry, even one read a moment ago", async () => {
    const { cookie } = await newCustomer();
    await sessionUser(cookie);
    await t.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.token, tokenOf(cookie)));
    await eventually(async () => (await sessionUser(cookie)) === null);
  });

  it("never serve a session past its absolute lifetime (30 days after sign-in), even one kept in memory", async () => {
    const { cookie } = await newCustomer();
    const dayMs = 24 * 3600 * 1000;
    // Thirty days after its sign-in but for ten seconds; extended an hour ago, so not due for more.
    const signedInAt = new Date(Date.now() - 30 * dayMs + 10_000);
    await t.db
      .update(authSessions)
      .set({ createdAt: signedInAt, expiresAt: new Date(Date.now() + 7 * dayMs - 3600_000) })
      .where(eq(authSessions.token, tokenOf(cookie)));
    // Kept in memory once the change was heard: the next request costs no query.
    await eventually(async () => (await sessionUserCounted(cookie)).queries === 0);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 20_000 });
    try {
      expect(await sessionUserCounted(cookie)).toEqual({ user: null, queries: 0 });
      expect(await sessionUser(cookie)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("see this instance's own writes on the very next request: a sign-out, an admin's edit", async () => {
    const leaving = await newCustomer();
    await sessionUser(leaving.cookie);
    const signOut = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie: leaving.cookie },
    });
    expect(signOut.statusCode).toBe(200);
    expect(await sessionUser(leaving.cookie)).toBeNull();

    const edited = await newCustomer();
    await sessionUser(edited.cookie);
    const admin = await signInAsAdmin(t);
    const edit = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/users/${edited.row.id}`,
      headers: { cookie: admin },
      payload: { firstName: "Renommée", lastName: "Par l'admin", tiktokUsername: edited.row.tiktokUsername },
    });
    expect(edit.statusCode).toBe(200);
    expect((await sessionUser(edited.cookie))?.firstName).toBe("Renommée");
  });

  it("read every session from the database while changes cannot be heard, and use memory again once listening", async () => {
    const { cookie, row } = await newCustomer();
    await sessionUser(cookie);
    const [pid] = await listenerPids();
    await t.db.$client.query("SELECT pg_terminate_backend($1)", [pid]);
    await eventually(async () => (await sessionUserCounted(cookie)).queries === 1);
    // Deaf: a change nobody can tell this instance of is seen all the same, on the next request.
    await t.db.update(users).set({ firstName: "Pendant la coupure" }).where(eq(users.id, row.id));
    const deaf = await listenerPids();
    const duringOutage = await sessionUserCounted(cookie);
    if (deaf.length === 0) {
      expect(duringOutage).toMatchObject({ queries: 1, user: { firstName: "Pendant la coupure" } });
    }
    await eventually(async () => (await listenerPids()).length === 1);
    await eventually(async () => (await sessionUserCounted(cookie)).queries === 0);
    expect((await sessionUser(cookie))?.firstName).toBe("Pendant la coupure");
  });
});

describe("the database's session change notifications (migration 0014)", () => {
  it("tell a session's changes, its person's changes that a session shows, and nothing else", async () => {
    const listener = new pg.Client({ connectionString: t.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on("notification", (message) => heard.push(message.payload ?? ""));
    await listener.query(`LISTEN ${SESSION_CHANGES_CHANNEL}`);
    try {
      const { cookie, row } = await newCustomer();
      const [session] = await t.db
        .select()
        .from(authSessions)
        .where(eq(authSessions.token, tokenOf(cookie)));
      const settle = async () => {
        await listener.query("SELECT 1");
        return heard.splice(0);
      };
      await settle();
      await t.db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, row.id));
      expect(await settle()).toEqual([]);
      await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, row.id));
      expect(await settle()).toEqual([`u:${row.authId}`]);
      await t.db.update(users).set({ authId: null }).where(eq(users.id, row.id));
      expect(await settle()).toEqual([`u:${row.authId}`]);
      await t.db.update(users).set({ authId: row.authId }).where(eq(users.id, row.id));
      expect(await settle()).toEqual([`u:${row.authId}`]);
      await t.db.delete(authSessions).where(eq(authSessions.id, session?.id ?? ""));
      expect(await settle()).toEqual([`s:${session?.id}`]);
      await t.db.insert(users).values({ email: "no-identity@example.com" });
      expect(await settle()).toEqual([]);
    } finally {
      await listener.end();
    }
  });

  it("tell everything changed when a table sessions read from is emptied", async () => {
    const listener = new pg.Client({ connectionString: t.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on("notification", (message) => heard.push(message.payload ?? ""));
    await listener.query(`LISTEN ${SESSION_CHANGES_CHANNEL}`);
    try {
      // Every session ends here: this file's tests after this one need none.
      await t.db.$client.query("TRUNCATE auth_sessions");
      await listener.query("SELECT 1");
      expect(heard).toEqual(["*"]);
    } finally {
      await listener.end();
    }
  });

  it("are listened to again after the connection is lost, the listener saying when it is deaf", async () => {
    const events: string[] = [];
    const listener = createSessionChangeListener({
      pool: t.db.$client,
      onChange: (change) => events.push(change.kind),
      onListening: () => events.push("listening"),
      onDeaf: () => events.push("deaf"),
      reconnectDelayMs: { min: 10, max: 10 },
    });
    const appListener = await listenerPids();
    await listener.start();
    expect(events).toEqual(["listening"]);
    const [ours] = (await listenerPids()).filter((pid) => !appListener.includes(pid));
    await t.db.$client.query("SELECT pg_terminate_backend($1)", [ours]);
    await eventually(async () => events.join() === "listening,deaf,listening");
    await t.db.$client.query("SELECT pg_notify($1, 's:some-session')", [SESSION_CHANGES_CHANNEL]);
    await eventually(async () => events.at(-1) === "session");
    await listener.close();
    expect(events.at(-1)).toBe("deaf");
  });
});
