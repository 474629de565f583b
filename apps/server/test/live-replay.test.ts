import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { checkLive } from "../../../scripts/live/check.mjs";
import { liveDigest } from "../../../scripts/live/digest.mjs";
import { orders } from "../src/db/schema";
import { paymentColumns, startOrderPayment, writeOrderStatus } from "../src/modules/orders";
import {
  exportLiveEvents,
  parseLiveEvents,
  replayLiveEvents,
  type LiveEventLine,
} from "../src/modules/live-claims";
import { createPasswordUser } from "./support/actors";
import { eventually } from "./support/eventually";
import { insertLive, insertProduct, type LiveRow, type ProductRow } from "./support/factories";
import { withDatabase } from "./support/global-setup";
import { postComments } from "./support/live-kit";
import { createTestApp, sessionCookieOf, type TestApp } from "./support/test-app";

/*
 * A live replayed from its exported events (decision 045) on PostgreSQL: a live in automatic mode
 * with holds of 2 s and doubts of 5 s, its comments through the real ingestion and reader, its
 * holds and doubts ended by the job runner on the wall clock, staff's actions, settings, a sale
 * and a line removed by hand and an order cancelled through the API, a payment form and a payment. Its events are exported and replayed into fresh databases, where
 * the same decisions come out in a fraction of the live's time, on the events' clock.
 */

let t: TestApp;
let staffCookie = "";
const suffix = randomBytes(2).toString("hex");
const HOLD_SECONDS = 2;
const DOUBT_SECONDS = 5;

beforeAll(async () => {
  t = await createTestApp();
  const email = `staff-${suffix}@boutique.test`;
  const password = `staff-password-${suffix}`;
  await createPasswordUser(t.db, email, password, { isAdmin: true });
  const signedIn = await t.app.inject({
    method: "POST",
    url: "/api/auth/admin/sign-in",
    payload: { email, password },
  });
  staffCookie = sessionCookieOf(signedIn);
});
afterAll(async () => t?.close());

async function asStaff(method: "POST" | "PUT" | "DELETE", url: string, payload?: object, status = 200) {
  const response = await t.app.inject({
    method,
    url,
    headers: {
      cookie: staffCookie,
      origin: new URL(t.config.appUrl).origin,
      ...(payload ? { "content-type": "application/json" } : {}),
    },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
  expect(response.statusCode, response.body).toBe(status);
}

interface ClaimState {
  id: string;
  state: string;
  release_reason: string | null;
  order_id: string | null;
  hold_deferred_at: Date | null;
  doubt_reason: string | null;
}

async function claimOf(live: LiveRow, handle: string, piece: ProductRow): Promise<ClaimState | undefined> {
  const { rows } = await t.db.$client.query<ClaimState>(
    `SELECT id, state, release_reason, order_id, hold_deferred_at, doubt_reason FROM live_claims
      WHERE live_id = $1 AND handle = $2 AND product_id = $3 ORDER BY seq DESC LIMIT 1`,
    [live.id, handle, piece.id],
  );
  return rows[0];
}

/** Waits for the claim of `handle` on `piece` to be as `ready` says, and returns it. */
async function claimWhen(
  live: LiveRow,
  handle: string,
  piece: ProductRow,
  ready: (claim: ClaimState) => boolean,
  timeoutMs = 10_000,
): Promise<ClaimState> {
  let found: ClaimState | undefined;
  await eventually(async () => {
    found = await claimOf(live, handle, piece);
    return found !== undefined && ready(found);
  }, timeoutMs);
  if (!found) throw new Error("unreachable");
  return found;
}

const inOrder = (claim: ClaimState) => claim.state === "in-order";
const releasedFor = (reason: string) => (claim: ClaimState) =>
  claim.state === "released" && claim.release_reason === reason;

const act = (live: LiveRow, claim: ClaimState, action: string) =>
  asStaff("POST", `/api/admin/lives/${live.id}/claims/${claim.id}/${action}`);

/** A fresh database cloned from the migrated template. */
async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: inject("adminDatabaseUrl") });
  await admin.connect();
  try {
    const name = `vitrine_t_${randomBytes(6).toString("hex")}`;
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("templateDatabase")}`);
    return withDatabase(inject("adminDatabaseUrl"), name);
  } finally {
    await admin.end();
  }
}

/** The live's digest, and whether live:check finds it clean. */
async function digestOn(databaseUrl: string, liveRef: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const digest = await liveDigest(client, liveRef);
    if (!digest) throw new Error(`no live ${liveRef}`);
    const check = await checkLive(client, liveRef);
    return { ...digest, clean: check?.ok ?? false };
  } finally {
    await client.end();
  }
}

/** The file as live:export-events writes it. */
async function exportedFile(live: LiveRow): Promise<string> {
  const lines = await exportLiveEvents(t.db.$client, live.ref, {
    holdSeconds: t.config.claimHoldSeconds,
    doubtSeconds: t.config.claimDoubtSeconds,
    unpaidHoldsLimit: t.config.unpaidHoldsLimit,
  });
  if (!lines) throw new Error("no live to export");
  return lines.map((line) => `${JSON.stringify(line)}\n`).join("");
}

/** Replays the file into a fresh database; its digest and what could not be applied. */
async function replayed(file: string) {
  const lines = parseLiveEvents(file);
  const databaseUrl = await freshDatabase();
  const started = performance.now();
  const result = await replayLiveEvents(databaseUrl, lines);
  const took = performance.now() - started;
  return { ...(await digestOn(databaseUrl, result.liveRef)), refused: result.refused, took };
}

describe("live:replay", () => {
  let live: LiveRow;
  let file = "";
  let original: { text: string; hash: string; clean: boolean };
  let liveSeconds = 0;

  beforeAll(async () => {
    const began = performance.now();
    live = await insertLive(t.db, { isActive: true });
    const pieces: ProductRow[] = [];
    for (let n = 0; n < 6; n++) pieces.push(await insertProduct(t.db, { liveId: live.id, colorId: null }));
    const [p1, p2, p3, p4, p5, p6] = pieces as [
      ProductRow,
      ProductRow,
      ProductRow,
      ProductRow,
      ProductRow,
      ProductRow,
    ];
    await asStaff("PUT", `/api/admin/lives/${live.id}/claims/settings`, {
      mode: "automatique",
      holdSeconds: HOLD_SECONDS,
      doubtSeconds: DOUBT_SECONDS,
    });
    const say = (handle: string, text: string) => postComments(t.app, live.ref, [[handle, text]]);

    // Piece 1: anna first, bea and chloe wait; anna's hold ends, bea is handed the piece.
    await say("anna", "je prends le 1");
    await claimWhen(live, "anna", p1, inOrder);
    await postComments(t.app, live.ref, [
      ["bea", "je prends le 1"],
      ["chloe", "le 1 stp"],
    ]);
    await claimWhen(live, "chloe", p1, (claim) => claim.state === "waitlisted");
    await claimWhen(live, "anna", p1, releasedFor("hold-expired"));
    const bea = await claimWhen(live, "bea", p1, inOrder);
    // Staff release bea's: chloe is handed the piece, and her hold ends too.
    await act(live, bea, "release");
    await claimWhen(live, "chloe", p1, inOrder);
    await claimWhen(live, "chloe", p1, releasedFor("hold-expired"));

    // Piece 2: dina opens a payment form, her hold waits for it, then she pays.
    await say("dina", "je prends le 2");
    const dina = await claimWhen(live, "dina", p2, inOrder);
    await startOrderPayment(t.db, dina.order_id ?? "");
    await claimWhen(live, "dina", p2, (claim) => claim.hold_deferred_at !== null);
    await writeOrderStatus(t.db, {
      where: [eq(orders.id, dina.order_id ?? "")],
      from: ["to-validate", "to-pay"],
      to: "paid",
      actor: "system",
      set: paymentColumns(`tx-${suffix}`, new Date()),
    });

    // Piece 3: emma takes it and gives it up.
    await say("emma", "je prends le 3");
    await claimWhen(live, "emma", p3, inOrder);
    await say("emma", "je passe le 3");
    await claimWhen(live, "emma", p3, releasedFor("un-claimed"));
    // Staff add it to ivy's order by hand: jade's claim after that is answered as sold.
    await asStaff(
      "POST",
      "/api/admin/live-sidebar/add",
      { liveId: live.id, productId: p3.id, handle: "ivy" },
      201,
    );
    await say("jade", "je prends le 3");
    await claimWhen(live, "jade", p3, releasedFor("sold"));
    // Her second order of the live is the one she never pays: her claim of piece 5 ends.
    await say("emma", "je prends le 5");
    await claimWhen(live, "emma", p5, inOrder);
    await claimWhen(live, "emma", p5, releasedFor("hold-expired"));

    // Piece 4: three doubts (a size the piece is not): one confirmed, one ignored, one left to end.
    await say("fanny", "je prends le 4 en L");
    const fanny = await claimWhen(live, "fanny", p4, (claim) => claim.doubt_reason !== null);
    await postComments(t.app, live.ref, [
      ["gina", "je prends le 4 en S"],
      ["hugo", "je prends le 4 en XL"],
    ]);
    const gina = await claimWhen(live, "gina", p4, (claim) => claim.state === "waitlisted");
    await claimWhen(live, "hugo", p4, (claim) => claim.state === "waitlisted");
    await act(live, fanny, "confirm");
    await act(live, gina, "ignore");
    await claimWhen(live, "fanny", p4, releasedFor("hold-expired"));
    // Fanny's hold ended first: hugo, still to confirm, holds the piece as pending until his wait ends.
    await claimWhen(live, "hugo", p4, releasedFor("doubt-expired"), 15_000);

    // Piece 6, holds now of a minute: kim's line removed by hand, lou is handed the piece, then
    // staff cancel lou's order.
    await asStaff("PUT", `/api/admin/lives/${live.id}/claims/settings`, {
      mode: "automatique",
      holdSeconds: 60,
    });
    await say("kim", "je prends le 6");
    const kim = await claimWhen(live, "kim", p6, inOrder);
    await say("lou", "je prends le 6");
    await claimWhen(live, "lou", p6, (claim) => claim.state === "waitlisted");
    const { rows: kimLines } = await t.db.$client.query<{ id: string }>(
      "SELECT id FROM order_items WHERE order_id = $1 AND product_id = $2",
      [kim.order_id, p6.id],
    );
    await asStaff("DELETE", `/api/admin/live-sidebar/orders/${kim.order_id}/items/${kimLines[0]?.id}`);
    await claimWhen(live, "kim", p6, releasedFor("staff"));
    const lou = await claimWhen(live, "lou", p6, inOrder);
    await asStaff("PUT", `/api/admin/orders/${lou.order_id}/status`, { status: "cancelled-by-admin" });
    await claimWhen(live, "lou", p6, releasedFor("order-cancelled"));

    // Nothing left to end: the export is what the live decided, all of it.
    file = await exportedFile(live);
    original = await digestOn(t.databaseUrl, live.ref);
    liveSeconds = (performance.now() - began) / 1000;
  }, 90_000);

  it("exports every input of the live, one JSON event a line, in receive order", () => {
    const lines = parseLiveEvents(file);
    const kinds = (kind: LiveEventLine["kind"]) => lines.filter((line) => line.kind === kind).length;
    expect(lines[0]?.kind).toBe("live");
    expect(lines.at(-1)?.kind).toBe("end");
    expect(kinds("piece")).toBe(6);
    expect(kinds("settings")).toBe(2);
    expect(kinds("comment")).toBe(13);
    expect(lines.filter((line) => line.kind === "sale")).toEqual([
      expect.objectContaining({ ref: 3, handle: "ivy", seq: null }),
    ]);
    expect(lines.filter((line) => line.kind === "staff").map((line) => line.action)).toEqual([
      "release",
      "confirm",
      "ignore",
    ]);
    expect(lines.filter((line) => line.kind === "line-removed")).toEqual([
      expect.objectContaining({ claim: expect.objectContaining({ handle: "kim", ref: 6 }) }),
    ]);
    expect(lines.filter((line) => line.kind === "order-cancelled")).toEqual([
      expect.objectContaining({ order: { handle: "lou", place: 1 }, status: "cancelled-by-admin" }),
    ]);
    expect(kinds("payment-form")).toBe(1);
    expect(kinds("payment")).toBe(1);
    const times = lines.map((line) => line.at);
    expect(times).toEqual([...times].sort());
  });

  it("refuses a file that is not a live's events, saying which line", () => {
    const [header, piece] = file.split("\n");
    expect(() => parseLiveEvents(`${piece}\n`)).toThrow("the file does not start with its live");
    expect(() => parseLiveEvents(`${header}\n{"kind":\n`)).toThrow("line 2: not JSON");
    const early = JSON.stringify({ ...JSON.parse(piece ?? "{}"), at: "2000-01-01T00:00:00.000000Z" });
    expect(() => parseLiveEvents(`${header}\n${early}\n`)).toThrow("line 2: out of receive order");
    expect(() => parseLiveEvents(`${header}\n{"kind":"payment","at":"hier"}\n`)).toThrow(/^line 2: /);
  });

  it("the live's digest says who got each piece, in which order, and why each claim ended", () => {
    const text = original.text;
    expect(text).toContain(
      "piece 1\n  #1 @anna, holder 1, released hold-expired, order anna/1 cancelled-empty",
    );
    expect(text).toMatch(/@bea, holder 2, handed over, released staff, .*staff release/);
    expect(text).toMatch(/@chloe, holder 3, handed over, released hold-expired/);
    expect(text).toMatch(/@dina, holder 1, hold deferred, in-order, order dina\/1 paid/);
    expect(text).toMatch(/@emma, holder 1, released un-claimed/);
    expect(text).toContain("@jade, released sold\n  by hand to @ivy, order ivy/1 to-validate\n");
    expect(text).toMatch(
      /@fanny, doubt mismatch confirmed, holder 1, released hold-expired, .*staff confirm/,
    );
    expect(text).toMatch(/@gina, doubt mismatch ignored, released doubt-ignored, staff ignore/);
    expect(text).toMatch(/@hugo, doubt mismatch expired, holder 2, handed over, released doubt-expired/);
    expect(text).toContain("piece 6\n  #12 @kim, holder 1, released staff, order kim/1 to-validate\n");
    expect(text).toMatch(
      /#13 @lou, holder 2, handed over, released order-cancelled, order lou\/1 cancelled-by-admin/,
    );
    expect(original.hash).toMatch(/^[0-9a-f]{16}$/);
  });

  it("a replay makes the same decisions on the events' clock, faster than the live", async () => {
    const replay = await replayed(file);
    expect(replay.refused).toEqual([]);
    expect(original.clean).toBe(true);
    expect(replay.clean).toBe(true);
    expect(replay.text).toBe(original.text);
    expect(replay.hash).toBe(original.hash);
    expect(replay.took / 1000).toBeLessThan(liveSeconds / 2);
  });

  it("two replays of one file give one digest", async () => {
    const first = await replayed(file);
    const second = await replayed(file);
    expect(second.hash).toBe(first.hash);
    expect(first.hash).toBe(original.hash);
  });

  it("a file where one input differs gives another digest", async () => {
    // Bea's claim comes from someone else: piece 1 goes to another viewer after anna.
    const changed = file.replace('"uniqueId":"bea"', '"uniqueId":"zoe"');
    expect(changed).not.toBe(file);
    const replay = await replayed(changed);
    expect(replay.hash).not.toBe(original.hash);
    expect(replay.text).toContain("@zoe, holder 2, handed over");
  });
});
