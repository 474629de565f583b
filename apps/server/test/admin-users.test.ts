import {
  adminUserMessages,
  liveViewerPlaceholderEmail,
  tiktokUsernameMessages,
  type AdminUser,
} from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, orders, users } from "../src/db/schema";
import { createPasswordUser, signInByLink } from "./support/actors";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import {
  insertCustomer,
  insertLive,
  insertLiveViewer,
  insertOrder,
  insertProduct,
} from "./support/factories";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp();
  kit = apiKitOf(t);
});
afterAll(async () => t.close());

const URL = "/api/admin/users";
const UNKNOWN = "5f0c6d2e-8a4b-4c1d-9e2f-3a4b5c6d7e8f";

const asAdmin = {
  list: () => kit.injectAs("admin", { method: "GET", url: URL }),
  update: (id: string, payload: Record<string, unknown>) =>
    kit.injectAs("admin", { method: "PATCH", url: `${URL}/${id}`, payload }),
  orders: (id: string) => kit.injectAs("admin", { method: "GET", url: `${URL}/${id}/orders` }),
};

async function listed(): Promise<AdminUser[]> {
  const response = await asAdmin.list();
  expect(response.statusCode).toBe(200);
  return response.json().users;
}

async function userRow(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

const auditOf = (subjectUserId: string) =>
  t.db
    .select({ action: auditEvents.action, actorUserId: auditEvents.actorUserId })
    .from(auditEvents)
    .where(eq(auditEvents.subjectUserId, subjectUserId));

const edit = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Julie",
  lastName: "Martin",
  tiktokUsername: "",
  isAdmin: false,
  ...overrides,
});

describe("the users list", () => {
  it("shows customers newest first, never administrators, with their counts and accounts", async () => {
    const older = await insertCustomer(t.db, { createdAt: new Date("2025-01-02T10:00:00Z") });
    const newer = await insertCustomer(t.db, { createdAt: new Date("2025-03-04T10:00:00Z") });
    const viewer = await insertLiveViewer(t.db, { createdAt: new Date("2025-02-03T10:00:00Z") });
    await createPasswordUser(t.db, "other-admin@example.com", "another-admin-password", { isAdmin: true });
    const live = await insertLive(t.db);
    await insertOrder(t.db, { userId: older.id, liveId: live.id });
    await insertOrder(t.db, { userId: older.id, liveId: live.id });

    const rows = await listed();
    expect(rows.some((row) => row.isAdmin)).toBe(false);
    expect(rows.map((row) => row.email)).not.toContain("other-admin@example.com");
    const mine = rows.filter((row) => [older.id, newer.id, viewer.id].includes(row.id));
    expect(mine.map((row) => row.id)).toEqual([newer.id, viewer.id, older.id]);
    expect(mine[2]).toEqual({
      id: older.id,
      email: older.email,
      firstName: "Julie",
      lastName: "Martin",
      displayName: null,
      tiktokUsername: older.tiktokUsername,
      handleVerified: false,
      unpaidHolds: 0,
      isAdmin: false,
      hasAccount: true,
      ordersCount: 2,
      createdAt: "2025-01-02T10:00:00.000Z",
      lastSignInAt: null,
    });
    // A live viewer has no account, and its placeholder address is no e-mail.
    expect(mine[1]).toMatchObject({ hasAccount: false, email: null, ordersCount: 0 });
    expect(viewer.email).toBe(liveViewerPlaceholderEmail(viewer.tiktokUsername ?? ""));
  });

  it("shows the last sign-in, which an e-mailed link records", async () => {
    const customer = await insertCustomer(t.db);
    const before = Date.now();
    await signInByLink(t, customer.email ?? "");
    const row = (await listed()).find((candidate) => candidate.id === customer.id);
    expect(Date.parse(row?.lastSignInAt ?? "")).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe("editing a user", () => {
  it("saves the names and the handle as sign-up stores it", async () => {
    const customer = await insertCustomer(t.db);
    const response = await asAdmin.update(
      customer.id,
      edit({ firstName: " Léa ", lastName: "Dupont", tiktokUsername: " @Lea.Mode " }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      id: customer.id,
      firstName: "Léa",
      lastName: "Dupont",
      tiktokUsername: "lea.mode",
      email: customer.email,
      isAdmin: false,
    });
    expect(await userRow(customer.id)).toMatchObject({ firstName: "Léa", tiktokUsername: "lea.mode" });
  });

  it("saves an empty handle as none, and never changes the e-mail", async () => {
    const customer = await insertCustomer(t.db);
    const response = await asAdmin.update(
      customer.id,
      edit({ tiktokUsername: "  ", email: "new@example.com" }),
    );
    expect(response.statusCode).toBe(200);
    expect(await userRow(customer.id)).toMatchObject({ tiktokUsername: null, email: customer.email });
  });

  it("keeps the case of a handle that did not change", async () => {
    const customer = await insertCustomer(t.db, { tiktokUsername: "Julie_Mode" });
    const response = await asAdmin.update(customer.id, edit({ tiktokUsername: "julie_mode" }));
    expect(response.statusCode).toBe(200);
    expect((await userRow(customer.id)).tiktokUsername).toBe("Julie_Mode");
  });

  it("requires the first and last names (French 400 naming each field) and writes nothing", async () => {
    const customer = await insertCustomer(t.db, { firstName: "Avant", lastName: "Avant" });
    const response = await asAdmin.update(customer.id, edit({ firstName: " ", lastName: "" }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: "VALIDATION_FAILED",
      message: adminUserMessages.firstNameRequired,
      fields: { firstName: "Le prénom est requis", lastName: "Le nom est requis" },
    });
    expect(await userRow(customer.id)).toMatchObject({ firstName: "Avant", lastName: "Avant" });
  });

  it("applies the sign-up's handle rules", async () => {
    const customer = await insertCustomer(t.db);
    const response = await asAdmin.update(customer.id, edit({ tiktokUsername: "julie mode" }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ tiktokUsername: tiktokUsernameMessages.invalidCharacters });
  });

  it("refuses a handle someone else holds, whatever its case, and writes nothing", async () => {
    const holder = await insertCustomer(t.db, { tiktokUsername: "Deja_Pris" });
    const viewer = await insertLiveViewer(t.db, { tiktokUsername: "viewer_pris" });
    const customer = await insertCustomer(t.db, { firstName: "Avant" });
    for (const taken of ["deja_pris", "@DEJA_PRIS", "Viewer_Pris"]) {
      const response = await asAdmin.update(customer.id, edit({ tiktokUsername: taken }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: "TIKTOK_USERNAME_TAKEN",
        message: "Ce pseudo TikTok est déjà utilisé",
        fields: { tiktokUsername: "Ce pseudo TikTok est déjà utilisé" },
      });
    }
    expect(await userRow(customer.id)).toMatchObject({
      firstName: "Avant",
      tiktokUsername: customer.tiktokUsername,
    });
    expect((await userRow(holder.id)).tiktokUsername).toBe("Deja_Pris");
    expect((await userRow(viewer.id)).tiktokUsername).toBe("viewer_pris");
  });

  it("answers 'Utilisateur introuvable' for an unknown user", async () => {
    const response = await asAdmin.update(UNKNOWN, edit());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: "NOT_FOUND", message: "Utilisateur introuvable" });
  });
});

describe("admin rights (decision 003: the back office needs the password)", () => {
  it("refuses to grant them to someone who signs in by e-mailed link only, or has no account", async () => {
    const customer = await insertCustomer(t.db);
    const viewer = await insertLiveViewer(t.db);
    for (const person of [customer, viewer]) {
      const response = await asAdmin.update(person.id, edit({ tiktokUsername: null, isAdmin: true }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: "VALIDATION_FAILED",
        message: adminUserMessages.adminRightsNeedPassword,
        fields: { isAdmin: adminUserMessages.adminRightsNeedPassword },
      });
      expect(await userRow(person.id)).toMatchObject({ isAdmin: false, firstName: person.firstName });
      expect(await auditOf(person.id)).toEqual([]);
    }
  });

  it("grants them to someone with a password, who can then open the back office, and logs it", async () => {
    const email = "former-admin@example.com";
    const password = "former-admin-password";
    await createPasswordUser(t.db, email, password);
    const [person] = await t.db.select().from(users).where(eq(users.email, email));
    if (!person) throw new Error("no password user");
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/auth/admin/sign-in",
      payload: { email, password },
    });
    expect(refused.statusCode).toBe(403);

    const response = await asAdmin.update(person.id, edit({ isAdmin: true }));
    expect(response.statusCode).toBe(200);
    expect(response.json().user.isAdmin).toBe(true);
    const admin = await kit.actor("admin");
    expect(await auditOf(person.id)).toEqual([{ action: "admin-rights-granted", actorUserId: admin.userId }]);
    // An admin is no longer in the list of customers.
    expect((await listed()).map((row) => row.id)).not.toContain(person.id);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/admin/sign-in",
      payload: { email, password },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.isAdmin).toBe(true);

    const revoked = await asAdmin.update(person.id, edit({ isAdmin: false }));
    expect(revoked.statusCode).toBe(200);
    expect((await auditOf(person.id)).map((event) => event.action).sort()).toEqual([
      "admin-rights-granted",
      "admin-rights-revoked",
    ]);
  });

  it("never lets an admin take away their own rights", async () => {
    const admin = await kit.actor("admin");
    const response = await asAdmin.update(admin.userId, edit({ isAdmin: false }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ isAdmin: adminUserMessages.cannotRevokeOwnRights });
    expect((await userRow(admin.userId)).isAdmin).toBe(true);
  });

  it("logs nothing when the rights do not change", async () => {
    const customer = await insertCustomer(t.db);
    expect((await asAdmin.update(customer.id, edit())).statusCode).toBe(200);
    expect(await auditOf(customer.id)).toEqual([]);
  });
});

describe("a user's orders", () => {
  it("lists them newest first with their live, address and lines", async () => {
    const customer = await insertCustomer(t.db);
    const live = await insertLive(t.db, { title: "Live du dimanche" });
    const dress = await insertProduct(t.db, { liveId: live.id, name: "Robe fleurie", priceCents: 2500 });
    const jumper = await insertProduct(t.db, { liveId: live.id, name: "Pull", priceCents: 1990 });
    const older = await insertOrder(t.db, {
      userId: customer.id,
      products: [dress, jumper],
      orderDate: new Date("2025-04-01T10:00:00Z"),
      status: "paid",
      shippingAddress: {
        first_name: "Julie",
        last_name: "Martin",
        street: "12 rue des Lilas",
        zip: "69001",
        city: "Lyon",
        state: "",
        country: "France",
        email: "julie@example.com",
        phone: "0612345678",
      },
    });
    const newer = await insertOrder(t.db, {
      userId: customer.id,
      liveId: live.id,
      products: [],
      orderDate: new Date("2025-05-01T10:00:00Z"),
    });
    // An address stored in a legacy shape (address, postal_code, name).
    await t.db
      .update(orders)
      .set({
        shippingAddress: sql`'{"name":"Julie M.","address":"3 place Bellecour","postal_code":"69002","city":"Lyon"}'::jsonb`,
      })
      .where(eq(orders.id, newer.id));

    const response = await asAdmin.orders(customer.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toEqual({ id: customer.id, email: customer.email });
    expect(body.orders).toEqual([
      {
        id: newer.id,
        orderNumber: newer.orderNumber,
        orderDate: "2025-05-01T10:00:00.000Z",
        status: "to-validate",
        totalAmountCents: 600,
        live: { id: live.id, title: "Live du dimanche" },
        shippingAddress: {
          name: "Julie M.",
          street: "3 place Bellecour",
          zip: "69002",
          city: "Lyon",
          country: "France",
        },
        items: [],
      },
      {
        id: older.id,
        orderNumber: older.orderNumber,
        orderDate: "2025-04-01T10:00:00.000Z",
        status: "paid",
        totalAmountCents: 2500 + 1990 + 600,
        live: { id: live.id, title: "Live du dimanche" },
        shippingAddress: {
          name: "Julie Martin",
          street: "12 rue des Lilas",
          zip: "69001",
          city: "Lyon",
          country: "France",
        },
        items: [
          {
            id: expect.any(String),
            name: "Robe fleurie",
            ref: String(dress.ref),
            quantity: 1,
            priceCents: 2500,
          },
          { id: expect.any(String), name: "Pull", ref: String(jumper.ref), quantity: 1, priceCents: 1990 },
        ],
      },
    ]);
  });

  it("is an empty list for someone without orders, and 404 for nobody", async () => {
    const customer = await insertCustomer(t.db);
    expect((await asAdmin.orders(customer.id)).json().orders).toEqual([]);
    const unknown = await asAdmin.orders(UNKNOWN);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Utilisateur introuvable");
  });
});
