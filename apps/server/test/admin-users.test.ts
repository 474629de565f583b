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
import { createTestApp, tokenFromLatestMail, type TestApp } from "./support/test-app";

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
  changeEmail: (id: string, email: unknown) =>
    kit.injectAs("admin", { method: "PUT", url: `${URL}/${id}/email`, payload: { email } }),
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

describe("changing a customer's e-mail", () => {
  it("changes the row and the sign-in together, logs both addresses, and tells the customer at each", async () => {
    const customer = await insertCustomer(t.db);
    const before = customer.email ?? "";
    await signInByLink(t, before);
    const mailsBefore = t.mails.length;

    const response = await asAdmin.changeEmail(customer.id, "  Nouvelle.Adresse@Example.com ");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ id: customer.id, email: "nouvelle.adresse@example.com" });
    expect((await userRow(customer.id)).email).toBe("nouvelle.adresse@example.com");

    const [event] = await t.db
      .select({ details: auditEvents.details, actorUserId: auditEvents.actorUserId })
      .from(auditEvents)
      .where(
        sql`${auditEvents.subjectUserId} = ${customer.id} AND ${auditEvents.action} = 'user-email-changed'`,
      );
    expect(event?.details).toEqual({ previousEmail: before, newEmail: "nouvelle.adresse@example.com" });
    expect(event?.actorUserId).not.toBeNull();

    const told = t.mails.slice(mailsBefore);
    expect(told.map((mail) => mail.to).sort()).toEqual([before, "nouvelle.adresse@example.com"].sort());
    for (const mail of told) expect(mail.subject).toBe("Votre adresse e-mail sur Vitrine a changé");
    expect(told.find((mail) => mail.to === before)?.text).toContain("nouvelle.adresse@example.com");

    // The new address signs in to the same account; the old one is no account any more.
    const cookie = await signInByLink(t, "nouvelle.adresse@example.com");
    const session = await t.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } });
    expect(session.json().user.id).toBe(customer.id);
    const old = await t.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      payload: { email: before },
    });
    expect(old.statusCode).toBe(404);
  });

  it("stops a sign-in link mailed to the old address before the change", async () => {
    const customer = await insertCustomer(t.db);
    const before = customer.email ?? "";
    const requested = await t.app.inject({
      method: "POST",
      url: "/api/auth/magic-link",
      payload: { email: before },
    });
    expect(requested.statusCode).toBe(202);
    const token = tokenFromLatestMail(t.mails, before);
    expect((await asAdmin.changeEmail(customer.id, `apres-${customer.id}@example.com`)).statusCode).toBe(200);
    const verify = await t.app.inject({
      method: "POST",
      url: "/api/auth/magic-link/verify",
      payload: { token },
    });
    expect(verify.statusCode).toBe(400);
  });

  it.each([
    ["not an address", "pas-une-adresse", "Veuillez saisir une adresse email valide"],
    ["empty", "  ", "L'email est requis"],
    [
      "a live viewer's placeholder",
      liveViewerPlaceholderEmail("quelquun"),
      "Veuillez saisir une adresse email valide",
    ],
  ])(
    "refuses %s with a French 400 on the field, changing and mailing nothing",
    async (_case, email, message) => {
      const customer = await insertCustomer(t.db);
      const mailsBefore = t.mails.length;
      const response = await asAdmin.changeEmail(customer.id, email);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: "VALIDATION_FAILED",
        message,
        fields: { email: message },
      });
      expect((await userRow(customer.id)).email).toBe(customer.email);
      expect(t.mails.length).toBe(mailsBefore);
    },
  );

  it("refuses the address it already has, and one another account holds whatever its case", async () => {
    const [customer, other] = [await insertCustomer(t.db), await insertCustomer(t.db)];
    const same = await asAdmin.changeEmail(customer.id, (customer.email ?? "").toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      message: adminUserMessages.emailUnchanged,
      fields: { email: adminUserMessages.emailUnchanged },
    });

    const mailsBefore = t.mails.length;
    const taken = await asAdmin.changeEmail(customer.id, (other.email ?? "").toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "CONFLICT", message: adminUserMessages.emailTaken });
    expect((await userRow(customer.id)).email).toBe(customer.email);
    expect(await auditOf(customer.id)).toEqual([]);
    expect(t.mails.length).toBe(mailsBefore);
  });

  it("gives a live viewer without a mailbox an address, told at the new one only", async () => {
    const viewer = await insertLiveViewer(t.db);
    const mailsBefore = t.mails.length;
    const response = await asAdmin.changeEmail(viewer.id, `viewer-${viewer.id}@example.com`);
    expect(response.statusCode, response.body).toBe(200);
    expect(t.mails.slice(mailsBefore).map((mail) => mail.to)).toEqual([`viewer-${viewer.id}@example.com`]);
  });

  it("answers 'Utilisateur introuvable' for an unknown user, and is for admins only", async () => {
    const unknown = await asAdmin.changeEmail(UNKNOWN, "personne@example.com");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: adminUserMessages.notFound });
    const customer = await insertCustomer(t.db);
    const asCustomer = await kit.injectAs("customer", {
      method: "PUT",
      url: `${URL}/${customer.id}/email`,
      payload: { email: "pirate@example.com" },
    });
    expect(asCustomer.statusCode).toBe(403);
    expect((await userRow(customer.id)).email).toBe(customer.email);
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
