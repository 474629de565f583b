import { LIVE_EVENTS_LIMIT, liveMessages } from "@vitrine/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lives, liveUsers, tiktokEvents } from "../src/db/schema";
import { catalogueCallers, countRows, insertLive, type Caller } from "./support/catalogue-fixtures";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let as: { admin: Caller; customer: Caller; anonymous: Caller };
beforeAll(async () => {
  t = await createTestApp();
  as = await catalogueCallers(t);
});
afterAll(async () => t.close());

const URL = "/api/admin/lives";
const UNKNOWN = "5f0c6d2e-8a4b-4c1d-9e2f-3a4b5c6d7e8f";

describe("creating a live", () => {
  it("derives the ref from the title, cut to 10 characters", async () => {
    const response = await as.admin("POST", URL, {
      title: "Live du Lundi 12/05 !",
      liveDate: "2025-05-12T18:00:00.000Z",
      isActive: true,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().live).toMatchObject({
      ref: "live-du-lu",
      title: "Live du Lundi 12/05 !",
      liveDate: "2025-05-12T18:00:00.000Z",
      isActive: true,
    });
  });

  it("numbers the ref when another live holds it, even for lives created at the same instant", async () => {
    const created = await Promise.all(
      Array.from({ length: 6 }, () =>
        as.admin("POST", URL, { title: "Soldes d'hiver", liveDate: "2025-01-10T19:00:00+01:00" }),
      ),
    );
    expect(created.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const refs = created.map((response) => response.json().live.ref).sort();
    expect(refs).toEqual([
      "soldes-d-2",
      "soldes-d-3",
      "soldes-d-4",
      "soldes-d-5",
      "soldes-d-6",
      "soldes-d-h",
    ]);
    expect(created[0]?.json().live.isActive).toBe(false);
  });

  it("gives a title without letters or digits the ref 'live'", async () => {
    const response = await as.admin("POST", URL, { title: "!!!", liveDate: "2025-03-01T10:00:00Z" });
    expect(response.json().live.ref).toMatch(/^live(-\d+)?$/);
  });

  it.each([
    [{}, { title: liveMessages.titleRequired, liveDate: liveMessages.dateRequired }],
    [
      { title: "  ", liveDate: "" },
      { title: liveMessages.titleRequired, liveDate: liveMessages.dateRequired },
    ],
    [{ title: "Live", liveDate: "lundi soir" }, { liveDate: liveMessages.dateInvalid }],
    [{ title: "Live", liveDate: "2025-05-12T18:00:00" }, { liveDate: liveMessages.dateInvalid }],
    [
      { title: "x".repeat(121), liveDate: "2025-05-12T18:00:00Z" },
      { title: "Le titre doit contenir au plus 120 caractères." },
    ],
    [
      { title: "<b>Live</b>", liveDate: "2025-05-12T18:00:00Z" },
      { title: "Le titre ne doit pas contenir les caractères < ou >." },
    ],
    [
      { title: 12, liveDate: 1747072800000 },
      {
        title: "Le champ « title » doit être un texte (reçu : un nombre).",
        liveDate: "Le champ « liveDate » doit être un texte (reçu : un nombre).",
      },
    ],
    [
      { title: "Live", liveDate: "2025-05-12T18:00:00Z", isActive: "oui" },
      {
        isActive: "Le champ « isActive » doit être un booléen (true ou false) (reçu : un texte).",
      },
    ],
  ])("refuses %j with French messages per field, creating nothing", async (body, fields) => {
    const before = await countRows(t.db, lives);
    const response = await as.admin("POST", URL, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("VALIDATION_FAILED");
    expect(response.json().fields).toEqual(fields);
    expect(await countRows(t.db, lives)).toBe(before);
  });
});

describe("reading lives", () => {
  it("lists lives newest date first", async () => {
    await insertLive(t.db, { title: "Ancien", liveDate: new Date("2020-01-01T10:00:00Z") });
    await insertLive(t.db, { title: "Futur", liveDate: new Date("2099-01-01T10:00:00Z") });
    const response = await as.admin("GET", URL);
    expect(response.statusCode).toBe(200);
    const dates: string[] = response.json().lives.map((live: { liveDate: string }) => live.liveDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(response.json().lives[0].title).toBe("Futur");
  });

  it("reads one live, and answers 404 for an unknown one", async () => {
    const live = await insertLive(t.db, { title: "Détail" });
    const response = await as.admin("GET", `${URL}/${live.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().live).toEqual({
      id: live.id,
      ref: live.ref,
      title: "Détail",
      liveDate: live.liveDate.toISOString(),
      isActive: false,
      siteClaims: "unheard",
      tiktokUser: null,
      youtubeVideoId: null,
      facebookLiveVideoId: null,
      instagramAccountId: null,
      createdAt: live.createdAt.toISOString(),
      updatedAt: live.updatedAt.toISOString(),
    });
    const missing = await as.admin("GET", `${URL}/${UNKNOWN}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: "NOT_FOUND", message: "Live introuvable" });
    expect((await as.admin("GET", `${URL}/42`)).statusCode).toBe(400);
  });
});

describe("editing a live", () => {
  it("changes title, ref and state, and its updated date", async () => {
    const live = await insertLive(t.db, { title: "Avant" });
    const response = await as.admin("PUT", `${URL}/${live.id}`, {
      title: "Après",
      ref: "apres-1",
      isActive: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().live).toMatchObject({ title: "Après", ref: "apres-1", isActive: true });
    expect(new Date(response.json().live.updatedAt).getTime()).toBeGreaterThan(live.updatedAt.getTime());
  });

  it("sets who has 'Je le prends' on the site, keeps it when not sent, and refuses an unknown value", async () => {
    const live = await insertLive(t.db, { title: "Site" });
    expect(live.siteClaims).toBe("unheard");
    for (const siteClaims of ["nobody", "signed-in", "unheard"] as const) {
      const response = await as.admin("PUT", `${URL}/${live.id}`, {
        title: "Site",
        ref: live.ref,
        isActive: false,
        siteClaims,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().live.siteClaims).toBe(siteClaims);
    }
    await as.admin("PUT", `${URL}/${live.id}`, {
      title: "Site",
      ref: live.ref,
      isActive: false,
      siteClaims: "nobody",
    });
    const kept = await as.admin("PUT", `${URL}/${live.id}`, {
      title: "Site 2",
      ref: live.ref,
      isActive: false,
    });
    expect(kept.json().live).toMatchObject({ title: "Site 2", siteClaims: "nobody" });
    const refused = await as.admin("PUT", `${URL}/${live.id}`, {
      title: "Site 3",
      ref: live.ref,
      isActive: false,
      siteClaims: "everyone",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.siteClaims).toMatch(/^[A-ZÀ-Ÿ«]/);
    const [row] = await t.db.select().from(lives).where(eq(lives.id, live.id));
    expect(row).toMatchObject({ title: "Site 2", siteClaims: "nobody" });
  });

  it("refuses a ref another live holds, from the unique index", async () => {
    await insertLive(t.db, { ref: "pris" });
    const live = await insertLive(t.db, { title: "Libre" });
    const response = await as.admin("PUT", `${URL}/${live.id}`, {
      title: "Libre",
      ref: "pris",
      isActive: false,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: "CONFLICT",
      message: liveMessages.refTaken,
      fields: { ref: liveMessages.refTaken },
    });
    const [kept] = await t.db.select().from(lives).where(eq(lives.id, live.id));
    expect(kept?.ref).toBe(live.ref);
  });

  it.each([
    [
      { title: "", ref: "", isActive: true },
      { title: liveMessages.titleRequired, ref: liveMessages.refRequired },
    ],
    [{ title: "Live", ref: "Trop-Long-Ref", isActive: true }, { ref: liveMessages.refFormat }],
    [{ title: "Live", ref: "été", isActive: true }, { ref: liveMessages.refFormat }],
    [{ title: "Live", ref: "-a", isActive: true }, { ref: liveMessages.refFormat }],
    [{ title: "Live", ref: "ok" }, { isActive: "Le champ « isActive » est requis." }],
  ])("refuses %j and changes nothing", async (body, fields) => {
    const live = await insertLive(t.db, { title: "Intact" });
    const response = await as.admin("PUT", `${URL}/${live.id}`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(fields);
    const [kept] = await t.db.select().from(lives).where(eq(lives.id, live.id));
    expect(kept).toMatchObject({ title: "Intact", ref: live.ref });
  });

  it("toggles a live on and off", async () => {
    const live = await insertLive(t.db);
    const on = await as.admin("PATCH", `${URL}/${live.id}/active`, { isActive: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().live.isActive).toBe(true);
    const off = await as.admin("PATCH", `${URL}/${live.id}/active`, { isActive: false });
    expect(off.json().live.isActive).toBe(false);
    expect((await as.admin("PATCH", `${URL}/${live.id}/active`, { isActive: "true" })).statusCode).toBe(400);
    expect((await as.admin("PATCH", `${URL}/${UNKNOWN}/active`, { isActive: true })).statusCode).toBe(404);
  });
});

describe("viewers and TikTok events of a live", () => {
  it("are empty for a new live, and 404 for an unknown one", async () => {
    const live = await insertLive(t.db);
    expect((await as.admin("GET", `${URL}/${live.id}/viewers`)).json()).toEqual({ viewers: [] });
    expect((await as.admin("GET", `${URL}/${live.id}/events`)).json()).toEqual({ events: [] });
    expect((await as.admin("GET", `${URL}/${UNKNOWN}/viewers`)).statusCode).toBe(404);
    expect((await as.admin("GET", `${URL}/${UNKNOWN}/events`)).statusCode).toBe(404);
  });

  it("lists the live's viewers, latest arrival first", async () => {
    const live = await insertLive(t.db);
    const other = await insertLive(t.db);
    await t.db.insert(liveUsers).values([
      { liveId: live.id, tiktokUsername: "premiere", createdAt: new Date("2025-05-12T18:00:00Z") },
      {
        liveId: live.id,
        tiktokUsername: "seconde",
        displayName: "Seconde",
        tiktokUserId: "7001",
        createdAt: new Date("2025-05-12T18:05:00Z"),
      },
      { liveId: other.id, tiktokUsername: "ailleurs" },
    ]);
    const { viewers } = (await as.admin("GET", `${URL}/${live.id}/viewers`)).json();
    expect(viewers.map((viewer: { tiktokUsername: string }) => viewer.tiktokUsername)).toEqual([
      "seconde",
      "premiere",
    ]);
    expect(viewers[0]).toMatchObject({ displayName: "Seconde", tiktokUserId: "7001", avatarUrl: null });
  });

  it(`lists the latest ${LIVE_EVENTS_LIMIT} events of the live, newest first, with their payload`, async () => {
    const live = await insertLive(t.db);
    await t.db.insert(tiktokEvents).values(
      Array.from({ length: LIVE_EVENTS_LIMIT + 5 }, (_, i) => ({
        liveId: live.id,
        eventType: "comment",
        userNickname: `Viewer ${i}`,
        comment: i % 2 ? `ref ${i}` : null,
        createTime: 1_747_072_800_000 + i * 1000,
        msgId: `msg-${i}`,
        payload: { index: i },
      })),
    );
    const { events } = (await as.admin("GET", `${URL}/${live.id}/events`)).json();
    expect(events).toHaveLength(LIVE_EVENTS_LIMIT);
    expect(events[0]).toMatchObject({
      eventType: "comment",
      userNickname: `Viewer ${LIVE_EVENTS_LIMIT + 4}`,
      payload: { index: LIVE_EVENTS_LIMIT + 4 },
    });
    expect(events.at(-1).payload).toEqual({ index: 5 });
  });
});

describe("who may call the lives routes", () => {
  it("refuses customers and anonymous callers, writing nothing", async () => {
    const live = await insertLive(t.db, { title: "Protégé" });
    const before = await countRows(t.db, lives);
    const calls: [Parameters<Caller>[0], string, unknown?][] = [
      ["GET", URL],
      ["POST", URL, { title: "Intrus", liveDate: "2025-05-12T18:00:00Z" }],
      ["GET", `${URL}/${live.id}`],
      ["PUT", `${URL}/${live.id}`, { title: "Intrus", ref: "intrus", isActive: true }],
      ["PATCH", `${URL}/${live.id}/active`, { isActive: true }],
      ["GET", `${URL}/${live.id}/viewers`],
      ["GET", `${URL}/${live.id}/events`],
    ];
    for (const [method, url, body] of calls) {
      expect((await as.customer(method, url, body)).statusCode).toBe(403);
      expect((await as.anonymous(method, url, body)).statusCode).toBe(401);
    }
    expect(await countRows(t.db, lives)).toBe(before);
    const [kept] = await t.db.select().from(lives).where(eq(lives.id, live.id));
    expect(kept).toMatchObject({ title: "Protégé", isActive: false });
  });
});
