import { liveViewerPlaceholderEmail, storableTextMessages, tiktokUsernameMessages } from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, orders, users } from "../src/db/schema";
import { signInByLink } from "./support/actors";
import { apiKitOf, type ApiKit, type Role } from "./support/api-kit";
import { insertCustomer, insertLiveViewer, insertOrder, type UserRow } from "./support/factories";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp();
  kit = apiKitOf(t);
});
afterAll(async () => t.close());

const URL = "/api/customer/profile";
const TAKEN = "Ce pseudo TikTok est déjà utilisé";

const putAs = (role: Role, payload: object) => kit.injectAs(role, { method: "PUT", url: URL, payload });

/** A customer with a sign-in account and no handle yet, signed in: what a sign-in by e-mail alone leaves. */
async function customerWithoutHandle() {
  const inserted = await insertCustomer(t.db, { tiktokUsername: null, firstName: null, lastName: null });
  const cookie = await signInByLink(t, inserted.email ?? "");
  // Read once signed in: the sign-in is recorded on the row (last_sign_in_at).
  const row = (await userRow(inserted.id)) ?? inserted;
  return {
    row,
    get: () => t.app.inject({ method: "GET", url: URL, headers: { cookie } }),
    put: (payload: object) => t.app.inject({ method: "PUT", url: URL, payload, headers: { cookie } }),
    session: async () =>
      (await t.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } })).json().user,
    orders: () => t.app.inject({ method: "GET", url: "/api/customer/orders", headers: { cookie } }),
  };
}

async function userRow(id: string): Promise<UserRow | undefined> {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
}

const holdersOf = (handle: string) =>
  t.db
    .select()
    .from(users)
    .where(sql`lower(${users.tiktokUsername}) = ${handle.toLowerCase()}`);

describe("reading the profile", () => {
  it("gives names, e-mail and handle of the signed-in customer", async () => {
    const customer = await kit.actor("customer");
    const response = await kit.injectAs("customer", { method: "GET", url: URL });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      profile: {
        firstName: null,
        lastName: null,
        email: customer.email,
        tiktokUsername: customer.tiktokUsername,
        handleProofCode: expect.stringMatching(/^VT-[A-Z2-9]{5}$/),
        handleVerified: false,
      },
    });
  });

  it("serves admins too, who are customers as well", async () => {
    const response = await kit.injectAs("admin", { method: "GET", url: URL });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile.email).toBe((await kit.actor("admin")).email);
  });
});

describe("names", () => {
  it("updates first and last name, trimmed, blank as none, and the session follows", async () => {
    const response = await putAs("customer", { firstName: "  Julie ", lastName: "Martin" });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({ firstName: "Julie", lastName: "Martin" });
    const session = await kit.injectAs("customer", { method: "GET", url: "/api/auth/session" });
    expect(session.json().user).toMatchObject({ firstName: "Julie", lastName: "Martin" });

    const cleared = await putAs("customer", { firstName: "   ", lastName: null });
    expect(cleared.json().profile).toMatchObject({ firstName: null, lastName: null });
    const row = await userRow((await kit.actor("customer")).userId);
    expect(row).toMatchObject({ firstName: null, lastName: null });
  });

  it("writes nothing when nothing changed", async () => {
    await putAs("customer", { firstName: "Inès", lastName: "Roux" });
    const { userId } = await kit.actor("customer");
    const before = await userRow(userId);
    const response = await putAs("customer", { firstName: "Inès", lastName: "Roux" });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({ firstName: "Inès", lastName: "Roux" });
    expect(await userRow(userId)).toEqual(before);
  });

  it.each([
    [{ firstName: "x".repeat(101) }, { firstName: "Le prénom doit contenir au plus 100 caractères." }],
    [{ lastName: "<b>Martin</b>" }, { lastName: "Le nom ne doit pas contenir les caractères < ou >." }],
  ])("refuses %j with a French message on the field, writing nothing", async (payload, fields) => {
    const { userId } = await kit.actor("customer");
    const before = await userRow(userId);
    const response = await putAs("customer", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(fields);
    expect(await userRow(userId)).toEqual(before);
  });
});

describe("text PostgreSQL cannot store", () => {
  it.each([
    ["U+0000", String.fromCharCode(0)],
    ["a lone surrogate", "\uD800"],
  ])(
    "is refused with a French 400 on its field in every profile field (%s), writing nothing",
    async (_name, text) => {
      const customer = await customerWithoutHandle();
      for (const [field, message] of [
        ["firstName", storableTextMessages.field("Le prénom")],
        ["lastName", storableTextMessages.field("Le nom")],
        // A handle's own rule already allows only letters, digits, dots and underscores.
        ["tiktokUsername", tiktokUsernameMessages.invalidCharacters],
      ] as const) {
        const response = await customer.put({ firstName: "Julie", [field]: `julie${text}` });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: "VALIDATION_FAILED", message, fields: { [field]: message } });
      }
      expect(await userRow(customer.row.id)).toEqual(customer.row);
    },
  );
});

describe("the TikTok handle", () => {
  it("is set once, as sign-up stores it, then ignored; the session follows", async () => {
    const customer = await customerWithoutHandle();
    expect((await customer.get()).json().profile.tiktokUsername).toBeNull();

    const set = await customer.put({ firstName: "Nina", tiktokUsername: "  @Nina.Mode_75 " });
    expect(set.statusCode).toBe(200);
    expect(set.json().profile).toMatchObject({ firstName: "Nina", tiktokUsername: "nina.mode_75" });
    expect(await customer.session()).toMatchObject({ firstName: "Nina", tiktokUsername: "nina.mode_75" });

    const ignored = await customer.put({
      firstName: "Nina",
      lastName: "Petit",
      tiktokUsername: "autre_pseudo",
    });
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json().profile).toMatchObject({ lastName: "Petit", tiktokUsername: "nina.mode_75" });
    expect(await holdersOf("autre_pseudo")).toEqual([]);
  });

  it("ignores a handle sent by a customer who has one, even another's", async () => {
    const customer = await kit.actor("customer");
    const other = await kit.actor("otherCustomer");
    const response = await putAs("customer", { tiktokUsername: other.tiktokUsername });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile.tiktokUsername).toBe(customer.tiktokUsername);
  });

  it.each([
    ["", "Le pseudo TikTok est requis"],
    ["a", "Le pseudo TikTok doit contenir au moins 2 caractères"],
    ["ju@lie", "L'arobase (@) ne doit être qu'au début du pseudo."],
    ["x".repeat(25), "Le pseudo TikTok ne peut pas dépasser 24 caractères"],
    ["julie martin", "Le pseudo TikTok ne doit contenir que des lettres, chiffres, points ou underscore"],
    ["émilie", "Le pseudo TikTok ne doit contenir que des lettres, chiffres, points ou underscore"],
  ])("refuses the handle %j with the sign-up's message, writing nothing", async (handle, message) => {
    const customer = await customerWithoutHandle();
    const response = await customer.put({ firstName: "Zoé", tiktokUsername: handle });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: "VALIDATION_FAILED",
      message,
      fields: { tiktokUsername: message },
    });
    expect(await userRow(customer.row.id)).toEqual(customer.row);
  });

  it("refuses a handle another account holds, whatever its case, writing nothing", async () => {
    const other = await kit.actor("otherCustomer");
    const customer = await customerWithoutHandle();
    const response = await customer.put({
      firstName: "Zoé",
      tiktokUsername: `@${(other.tiktokUsername ?? "").toUpperCase()}`,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: "TIKTOK_USERNAME_TAKEN",
      message: TAKEN,
      fields: { tiktokUsername: TAKEN },
    });
    expect(await userRow(customer.row.id)).toEqual(customer.row);
  });

  it("refuses the handle of a customer staff recorded with another real e-mail", async () => {
    const recorded = await insertLiveViewer(t.db, { email: "cliente.fidele@example.com" });
    await insertOrder(t.db, { userId: recorded.id });
    const customer = await customerWithoutHandle();
    const response = await customer.put({ tiktokUsername: recorded.tiktokUsername });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(TAKEN);
    expect(await userRow(recorded.id)).toEqual(recorded);
    expect(await t.db.$count(orders, eq(orders.userId, recorded.id))).toBe(1);
  });
});

describe("claiming a live viewer's handle", () => {
  it("moves the viewer's orders to the customer, who then sees them, and removes the viewer", async () => {
    const viewer = await insertLiveViewer(t.db, {
      tiktokUsername: "lea_claim",
      displayName: "Léa",
      unpaidHolds: 2,
    });
    const first = await insertOrder(t.db, { userId: viewer.id });
    const second = await insertOrder(t.db, {
      userId: viewer.id,
      status: "shipped",
      trackingId: "6A12345678901",
    });
    const customer = await customerWithoutHandle();

    const response = await customer.put({
      firstName: "Léa",
      lastName: "Petit",
      tiktokUsername: "@Lea_Claim",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toEqual({
      firstName: "Léa",
      lastName: "Petit",
      email: customer.row.email,
      tiktokUsername: "lea_claim",
      handleProofCode: expect.stringMatching(/^VT-/),
      handleVerified: false,
    });
    expect(await userRow(viewer.id)).toBeUndefined();
    // The holds that expired unpaid were on the orders the customer now has.
    expect(await holdersOf("lea_claim")).toEqual([
      expect.objectContaining({
        id: customer.row.id,
        displayName: "Léa",
        authId: customer.row.authId,
        unpaidHolds: 2,
      }),
    ]);
    const listed: { id: string }[] = (await customer.orders()).json().orders;
    expect(listed.map((order) => order.id).sort()).toEqual([first.id, second.id].sort());
    expect(await customer.session()).toMatchObject({ id: customer.row.id, tiktokUsername: "lea_claim" });

    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectUserId, customer.row.id));
    expect(audit).toMatchObject({
      actorUserId: customer.row.id,
      action: "live-viewer-claimed",
      details: { tiktokUsername: "lea_claim", claimedUserId: viewer.id },
    });
  });

  it("claims a viewer recorded with its placeholder e-mail or none", async () => {
    const [withoutEmail] = await t.db.insert(users).values({ tiktokUsername: "sans_email" }).returning();
    if (!withoutEmail) throw new Error("viewer not inserted");
    const customer = await customerWithoutHandle();
    const response = await customer.put({ tiktokUsername: withoutEmail.tiktokUsername });
    expect(response.statusCode).toBe(200);
    expect(await userRow(withoutEmail.id)).toBeUndefined();

    const placeholder = await insertLiveViewer(t.db);
    expect(placeholder.email).toBe(liveViewerPlaceholderEmail(placeholder.tiktokUsername ?? ""));
    const another = await customerWithoutHandle();
    expect((await another.put({ tiktokUsername: placeholder.tiktokUsername })).statusCode).toBe(200);
  });

  it("moves every reference to the viewer's row: the claim knows each foreign key to users", async () => {
    const { rows } = await t.db.execute<{ reference: string }>(sql`
      SELECT c.conrelid::regclass || '.' || a.attname AS reference
        FROM pg_constraint c
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
       WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass
       ORDER BY 1`);
    expect(rows.map((row) => row.reference)).toEqual([
      "audit_events.actor_user_id",
      "audit_events.subject_user_id",
      // Only accounts have these (a notice is written for a buyer with a sign-in account, a
      // subscription needs a session): a viewer's row has none to move.
      "customer_notices.user_id",
      // Staff only (who started a live's labels, who answered a doubt or last acted on a claim,
      // who refunded an order or a payment to review): never a viewer's row.
      "label_batches.requested_by_user_id",
      "live_claim_doubt_answers.answered_by_user_id",
      "live_claims.decided_by_user_id",
      // A comment test is a signed-in customer's: an account's row, never a viewer's.
      "live_comment_tests.user_id",
      // Staff only: who presented the piece on show.
      "lives.shown_by_user_id",
      "order_refunds.created_by_user_id",
      "orders.user_id",
      "payment_reviews.refund_requested_by_user_id",
      "payment_reviews.resolved_by_user_id",
      "push_subscriptions.user_id",
      // Staff only: who linked a live account by hand.
      "user_platform_handles.linked_by_user_id",
      "user_platform_handles.user_id",
    ]);
  });

  it("gives the viewer to exactly one of two customers claiming at once", async () => {
    const viewer = await insertLiveViewer(t.db, { tiktokUsername: "double_claim" });
    const order = await insertOrder(t.db, { userId: viewer.id });
    const customers = [await customerWithoutHandle(), await customerWithoutHandle()];
    const answers = await Promise.all(
      customers.map((customer) => customer.put({ tiktokUsername: "double_claim" })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = customers[answers.findIndex((answer) => answer.statusCode === 200)];
    const holders = await holdersOf("double_claim");
    expect(holders.map((holder) => holder.id)).toEqual([winner?.row.id]);
    const [moved] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(moved?.userId).toBe(winner?.row.id);
  });

  it("lets one customer's simultaneous submissions set one handle", async () => {
    const customer = await customerWithoutHandle();
    const answers = await Promise.all(
      ["premier_choix", "second_choix", "troisieme_choix"].map((handle) =>
        customer.put({ tiktokUsername: handle }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const handle = (await userRow(customer.row.id))?.tiktokUsername;
    for (const answer of answers) expect(answer.json().profile.tiktokUsername).toBe(handle);
  });
});

describe("signed out", () => {
  it("asks to sign in to read or change a profile", async () => {
    for (const method of ["GET", "PUT"] as const) {
      const response = await kit.injectAs("anonymous", {
        method,
        url: URL,
        ...(method === "PUT" ? { payload: { firstName: "Intruse" } } : {}),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe("UNAUTHENTICATED");
    }
  });
});
