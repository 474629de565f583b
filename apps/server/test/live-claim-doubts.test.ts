import {
  DOUBT_REASONS,
  isToConfirm,
  liveClaimMessages,
  type CustomerLiveSnapshot,
  type DoubtAnswerLine,
  type DoubtReason,
  type LiveClaimSettings,
  type LiveClaimsSnapshot,
  type LiveClaimView,
} from "@vitrine/domain";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLive } from "../../../scripts/live/check.mjs";
import { buildApp } from "../src/app";
import { connectDatabase } from "../src/db/client";
import { claimRules } from "../src/modules/live-claims";
import { CLAIM_ACTIONS } from "../src/modules/live-claims/service";
import { createPasswordUser } from "./support/actors";
import { apiKitOf, type ApiKit } from "./support/api-kit";
import { eventually } from "./support/eventually";
import { insertLive, insertProduct, type LiveRow, type ProductRow } from "./support/factories";
import { postComments } from "./support/live-kit";
import { createTestApp, sessionCookieOf, type TestApp } from "./support/test-app";

/*
 * Doubtful claims (decision 037) on PostgreSQL, through the API staff use. The comments are given
 * to the engine's SQL as explicit readings (what the reader would make of them), so that these
 * tests say what the engine does with a doubt whatever the reader's wording; certain claims also
 * come through the real ingestion and reader.
 */

let t: TestApp;
let kit: ApiKit;
/** The shop's staff, each signed in with the password: their first names answer 'Déjà fait par'. */
const STAFF = ["Marie", "Paul", "Léa", "Hugo", "Inès"] as const;
const staffCookies = new Map<string, string>();

const suffix = randomBytes(2).toString("hex");
let handles = 0;
const newHandle = () => `d${++handles}_${suffix}`;

beforeAll(async () => {
  t = await createTestApp();
  kit = apiKitOf(t);
  for (const [index, firstName] of STAFF.entries()) {
    const email = `staff${index}-${suffix}@boutique.test`;
    const password = `staff-password-${suffix}-${index}`;
    await createPasswordUser(t.db, email, password, { isAdmin: true });
    await t.db.$client.query("UPDATE users SET first_name = $1 WHERE email = $2", [firstName, email]);
    const signedIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/admin/sign-in",
      payload: { email, password },
    });
    staffCookies.set(firstName, sessionCookieOf(signedIn));
  }
});
afterAll(async () => t.close());

const claimsUrl = (liveId: string) => `/api/admin/lives/${liveId}/claims`;

/** A request as one of the staff, on `app` (the test app unless another instance is named). */
function asStaff(
  firstName: (typeof STAFF)[number],
  method: "GET" | "POST" | "PUT",
  url: string,
  { app = t.app, payload }: { app?: FastifyInstance; payload?: object } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: {
      cookie: staffCookies.get(firstName) ?? "",
      origin: new URL(t.config.appUrl).origin,
      ...(payload ? { "content-type": "application/json" } : {}),
    },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
}

async function saveSettings(live: LiveRow, settings: object): Promise<LiveClaimSettings> {
  const response = await asStaff("Marie", "PUT", `${claimsUrl(live.id)}/settings`, { payload: settings });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LiveClaimSettings>();
}

async function activeLive(mode: "manuel" | "automatique", doubtSeconds?: number): Promise<LiveRow> {
  const live = await insertLive(t.db, { isActive: true });
  await saveSettings(live, { mode, holdSeconds: null, ...(doubtSeconds ? { doubtSeconds } : {}) });
  return live;
}

const productOf = (live: LiveRow) => insertProduct(t.db, { liveId: live.id, colorId: null });

const rules = () => claimRules(t.config);

interface Piece {
  ref: number;
  size?: string | null;
  color?: string | null;
}

/** A chat comment and what the reader makes of it. */
interface Said {
  handle: string;
  text: string;
  claims?: Piece[];
  doubts?: (Piece & { reason: DoubtReason })[];
  unclaims?: number[];
}

const piece = ({ ref, size = null, color = null }: Piece) => ({ ref, size, color });

/**
 * Comments of the live applied by the engine's SQL with the readings given: under the live's
 * claim lock, the comments stored and applied in one transaction, so the engine (which reads
 * comments after the live's cursor) never reads them itself.
 */
async function apply(live: LiveRow, ...said: Said[]): Promise<void> {
  const client = await t.db.$client.connect();
  try {
    await client.query("BEGIN");
    const { rows: locked } = await client.query<{ last_seq: string }>(
      "SELECT s.last_seq FROM live_claim_lock($1) s",
      [live.id],
    );
    const items = [];
    for (const line of said) {
      const { rows } = await client.query<{ id: string; seq: string }>(
        `INSERT INTO tiktok_events (live_id, event_type, user_unique_id, comment, create_time, msg_id)
         VALUES ($1, 'chat', $2, $3, $4, gen_random_uuid()::text) RETURNING id, seq`,
        [live.id, line.handle, line.text, Date.now()],
      );
      items.push({
        seq: Number(rows[0]?.seq),
        eventId: rows[0]?.id,
        handle: line.handle,
        claims: (line.claims ?? []).map(piece),
        doubts: (line.doubts ?? []).map((doubt) => ({ ...piece(doubt), reason: doubt.reason })),
        unclaims: line.unclaims ?? [],
      });
    }
    const { rows: applied } = await client.query<{ outcome: { stale?: boolean } }>(
      "SELECT live_claims_apply($1, $2, $3, $4, $5::jsonb, $6::jsonb) AS outcome",
      [live.id, Number(locked[0]?.last_seq), items.at(-1)?.seq, said.length, JSON.stringify(items), rules()],
    );
    expect(applied[0]?.outcome.stale).toBeUndefined();
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
}

/** "possible d'avoir le N ?": a doubt of `product` by `handle`. */
const asks = (handle: string, product: ProductRow, reason: DoubtReason = "question"): Said => ({
  handle,
  text: `possible d'avoir le ${product.ref} ?`,
  doubts: [{ ref: product.ref, reason }],
});

/** "je prends le N": a sure claim of `product` by `handle`. */
const takes = (handle: string, product: ProductRow): Said => ({
  handle,
  text: `je prends le ${product.ref}`,
  claims: [{ ref: product.ref }],
});

async function snapshot(live: LiveRow): Promise<LiveClaimsSnapshot> {
  const response = await asStaff("Marie", "GET", claimsUrl(live.id));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LiveClaimsSnapshot>();
}

async function claimsWhen(live: LiveRow, ready: (claims: LiveClaimView[]) => boolean, timeoutMs = 10_000) {
  let claims: LiveClaimView[] = [];
  await eventually(async () => ready((claims = (await snapshot(live)).claims)), timeoutMs);
  return claims;
}

function claimOf(claims: LiveClaimView[], handle: string, product: ProductRow): LiveClaimView {
  const claim = claims.find((one) => one.handle === handle && one.productId === product.id);
  if (!claim) throw new Error(`no claim of @${handle} on piece ${product.ref}`);
  return claim;
}

const act = (
  live: LiveRow,
  claim: LiveClaimView,
  action: string,
  firstName: (typeof STAFF)[number] = "Marie",
  app?: FastifyInstance,
) => asStaff(firstName, "POST", `${claimsUrl(live.id)}/${claim.id}/${action}`, { app });

/** The handles of the order lines holding the product. */
async function holders(product: ProductRow): Promise<string[]> {
  const { rows } = await t.db.$client.query<{ handle: string }>(
    `SELECT lower(u.tiktok_username) AS handle FROM order_items i
       JOIN orders o ON o.id = i.order_id JOIN users u ON u.id = o.user_id
      WHERE i.product_id = $1 AND NOT i.is_released`,
    [product.id],
  );
  return rows.map((row) => row.handle);
}

async function count(query: string, values: unknown[]): Promise<number> {
  const { rows } = await t.db.$client.query<{ n: string }>(query, values);
  return Number(rows[0]?.n ?? 0);
}

const noticesOf = (claim: LiveClaimView) =>
  count("SELECT count(*) AS n FROM customer_notices WHERE claim_id = $1", [claim.id]);

async function answersOf(claim: LiveClaimView) {
  const { rows } = await t.db.$client.query<{ answer: string; answered_by_user_id: string | null }>(
    "SELECT answer, answered_by_user_id FROM live_claim_doubt_answers WHERE claim_id = $1 ORDER BY answered_at",
    [claim.id],
  );
  return rows;
}

/** The handle of the signed-up customer (an account: their notices are written). */
const customerHandle = async () => (await kit.actor("customer")).tiktokUsername?.toLowerCase() ?? "";

describe("a doubt keeps its place in the piece's queue", () => {
  it("holds a free piece as a pending claim to confirm, never given, and a later sure claim waits behind it", async () => {
    const live = await activeLive("automatique");
    const robe = await productOf(live);
    const [doubter, later] = [await customerHandle(), newHandle()];
    await apply(live, asks(doubter, robe));
    // The later claim through the real ingestion and reader.
    await postComments(t.app, live.ref, [[later, `je prends le ${robe.ref}`]]);

    const claims = await claimsWhen(live, (all) => all.length === 2);
    const doubt = claimOf(claims, doubter, robe);
    expect(doubt).toMatchObject({
      state: "pending",
      toConfirm: true,
      doubtReason: "question",
      orderId: null,
      decidedBy: null,
    });
    const waitLeft = Date.parse(doubt.doubtUntil ?? "") - Date.now();
    expect(waitLeft).toBeGreaterThan(30_000);
    expect(waitLeft).toBeLessThanOrEqual(t.config.claimDoubtSeconds * 1000);
    expect(claimOf(claims, later, robe)).toMatchObject({
      state: "waitlisted",
      waitlistPosition: 1,
      toConfirm: false,
      doubtReason: null,
      doubtUntil: null,
    });
    expect(await holders(robe)).toEqual([]);
    // Only inserted: nothing reserved, nothing told.
    expect(await noticesOf(doubt)).toBe(0);
    const customerView = await kit.injectAs("customer", { method: "GET", url: "/api/customer/live" });
    expect(customerView.statusCode, customerView.body).toBe(200);
    expect(customerView.json<CustomerLiveSnapshot>().claims).toEqual([
      expect.objectContaining({ id: doubt.id, state: "to-confirm", waitlistPosition: null, heldUntil: null }),
    ]);
  });

  it("waits behind the holder as a claim to confirm, and a later claimer waits behind it", async () => {
    const live = await activeLive("automatique");
    const robe = await productOf(live);
    const [holder, doubter, later] = [newHandle(), newHandle(), newHandle()];
    await apply(live, takes(holder, robe), asks(doubter, robe), takes(later, robe));
    const claims = (await snapshot(live)).claims;
    expect(claimOf(claims, holder, robe).state).toBe("in-order");
    expect(claimOf(claims, doubter, robe)).toMatchObject({
      state: "waitlisted",
      waitlistPosition: 1,
      toConfirm: true,
    });
    expect(claimOf(claims, later, robe)).toMatchObject({ state: "waitlisted", waitlistPosition: 2 });

    // The holder lets go: the doubt is next, pending and still to confirm, never given.
    const released = await act(live, claimOf(claims, holder, robe), "release");
    expect(released.statusCode, released.body).toBe(200);
    const after = (await snapshot(live)).claims;
    expect(claimOf(after, doubter, robe)).toMatchObject({ state: "pending", toConfirm: true });
    expect(claimOf(after, later, robe)).toMatchObject({ state: "waitlisted", waitlistPosition: 1 });
    expect(await holders(robe)).toEqual([]);
  });

  it("is ignored when the viewer already claims the piece, or holds it", async () => {
    const live = await activeLive("automatique");
    const robe = await productOf(live);
    const viewer = newHandle();
    await apply(live, takes(viewer, robe), asks(viewer, robe));
    const claims = (await snapshot(live)).claims;
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ state: "in-order", doubtReason: null });
  });
});

describe("Confirmer", () => {
  it("gives a pending doubt its piece at once, in automatic mode, the later claimer still waiting; once, told once", async () => {
    const live = await activeLive("automatique");
    const robe = await productOf(live);
    const [doubter, later] = [await customerHandle(), newHandle()];
    await apply(live, asks(doubter, robe), takes(later, robe));
    const doubt = claimOf((await snapshot(live)).claims, doubter, robe);

    const confirmed = await act(live, doubt, "confirm", "Paul");
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<{ claim: LiveClaimView }>().claim).toMatchObject({
      state: "in-order",
      toConfirm: false,
      doubtReason: "question",
      doubtUntil: null,
      decidedBy: "Paul",
      queueRank: doubt.queueRank,
    });
    const after = (await snapshot(live)).claims;
    expect(claimOf(after, later, robe)).toMatchObject({ state: "waitlisted", waitlistPosition: 1 });
    expect(await holders(robe)).toEqual([doubter]);
    expect(await noticesOf(doubt)).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM customer_notices WHERE claim_id = $1 AND kind = 'claim-reserved'",
        [doubt.id],
      ),
    ).toBe(1);
    expect((await answersOf(doubt)).map((answer) => answer.answer)).toEqual(["confirmed"]);
    expect(
      await count(
        "SELECT count(*) AS n FROM audit_events WHERE action = 'live-claim-confirmed' AND details ->> 'claimId' = $1",
        [doubt.id],
      ),
    ).toBe(1);

    // Asked again, by another or by the same: already done, by Paul.
    for (const firstName of ["Marie", "Paul"] as const) {
      const again = await act(live, doubt, "confirm", firstName);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: liveClaimMessages.alreadyDone("Paul") });
    }
  });

  it("keeps a waitlisted doubt at its comment's rank: handed the piece before the later claimer, as a sure claim", async () => {
    const live = await activeLive("automatique");
    const robe = await productOf(live);
    const [holder, doubter, later] = [newHandle(), newHandle(), newHandle()];
    await apply(live, takes(holder, robe), asks(doubter, robe, "condition"), takes(later, robe));
    const claims = (await snapshot(live)).claims;

    const confirmed = await act(live, claimOf(claims, doubter, robe), "confirm");
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<{ claim: LiveClaimView }>().claim).toMatchObject({
      state: "waitlisted",
      toConfirm: false,
      waitlistPosition: 1,
      decidedBy: "Marie",
    });
    expect(await holders(robe)).toEqual([holder]);

    const released = await act(live, claimOf(claims, holder, robe), "release");
    expect(released.statusCode, released.body).toBe(200);
    const after = (await snapshot(live)).claims;
    expect(claimOf(after, doubter, robe)).toMatchObject({ state: "in-order" });
    expect(claimOf(after, later, robe)).toMatchObject({ state: "waitlisted", waitlistPosition: 1 });
    expect(await holders(robe)).toEqual([doubter]);
  });

  it("refuses a claim that is not to confirm, with the spec's words, and changes nothing", async () => {
    const live = await activeLive("manuel");
    const robe = await productOf(live);
    const viewer = newHandle();
    await apply(live, takes(viewer, robe));
    const claim = claimOf((await snapshot(live)).claims, viewer, robe);
    for (const action of ["confirm", "ignore"]) {
      const refused = await act(live, claim, action);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: liveClaimMessages.notToConfirm });
    }
    expect(claimOf((await snapshot(live)).claims, viewer, robe)).toMatchObject({
      state: "pending",
      version: claim.version,
    });
  });
});

describe("Ignorer", () => {
  it("drops the doubt and moves the queue on: the later claimer gets the piece in automatic mode", async () => {
    const live = await activeLive("automatique");
    const robe = await productOf(live);
    const [doubter, later] = [newHandle(), newHandle()];
    await apply(live, asks(doubter, robe, "choice"), takes(later, robe));
    const doubt = claimOf((await snapshot(live)).claims, doubter, robe);

    const ignored = await act(live, doubt, "ignore", "Léa");
    expect(ignored.statusCode, ignored.body).toBe(200);
    expect(ignored.json<{ claim: LiveClaimView }>().claim).toMatchObject({
      state: "released",
      releaseReason: "doubt-ignored",
      toConfirm: false,
      doubtReason: "choice",
      decidedBy: "Léa",
    });
    const after = (await snapshot(live)).claims;
    expect(claimOf(after, later, robe)).toMatchObject({ state: "in-order" });
    expect(await holders(robe)).toEqual([later]);
    const answers = await answersOf(doubt);
    expect(answers.map((answer) => answer.answer)).toEqual(["ignored"]);
    expect(answers[0]?.answered_by_user_id).not.toBeNull();
  });
});

describe("a doubt's wait running out", () => {
  it("drops it at the live's own wait, and the piece goes to the next claimer", async () => {
    const live = await activeLive("automatique", 5);
    expect((await snapshot(live)).settings).toMatchObject({ doubtSeconds: 5, effectiveDoubtSeconds: 5 });
    const robe = await productOf(live);
    const [doubter, later] = [newHandle(), newHandle()];
    await apply(live, asks(doubter, robe), takes(later, robe));
    const doubt = claimOf((await snapshot(live)).claims, doubter, robe);
    expect(Date.parse(doubt.doubtUntil ?? "") - Date.now()).toBeLessThanOrEqual(5_000);

    const after = await claimsWhen(live, (all) => claimOf(all, later, robe).state === "in-order", 20_000);
    expect(claimOf(after, doubter, robe)).toMatchObject({
      state: "released",
      releaseReason: "doubt-expired",
      toConfirm: false,
      doubtUntil: null,
      decidedBy: null,
    });
    expect(await holders(robe)).toEqual([later]);
    expect(await answersOf(doubt)).toEqual([{ answer: "expired", answered_by_user_id: null }]);
    // Answered by nobody: staff can no longer confirm it.
    const late = await act(live, doubt, "confirm");
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: liveClaimMessages.notToConfirm });
  });

  it("is dropped by the engine's sweep when no comment comes", async () => {
    const live = await activeLive("automatique");
    const robe = await productOf(live);
    const [doubter, later] = [newHandle(), newHandle()];
    await apply(live, asks(doubter, robe), takes(later, robe));
    const doubt = claimOf((await snapshot(live)).claims, doubter, robe);
    await t.db.$client.query(
      `UPDATE live_claims SET doubt_until = now() - interval '1 minute' WHERE id = $1;`,
      [doubt.id],
    );

    const after = await claimsWhen(live, (all) => claimOf(all, doubter, robe).state === "released");
    expect(claimOf(after, doubter, robe).releaseReason).toBe("doubt-expired");
    expect(claimOf(after, later, robe).state).toBe("in-order");
  });

  it("drops every doubt that ran out in the next batch, a job for none, and the queue moves on", async () => {
    const live = await activeLive("automatique");
    const [robe, jupe] = [await productOf(live), await productOf(live)];
    const [first, second, sure, other] = [newHandle(), newHandle(), newHandle(), newHandle()];
    await apply(live, asks(first, robe), asks(second, robe), takes(sure, robe), asks(other, jupe));
    const before = (await snapshot(live)).claims;
    expect(claimOf(before, first, robe).state).toBe("pending");
    expect(claimOf(before, second, robe).state).toBe("waitlisted");
    const { rows: jobs } = await t.db.$client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'claim_doubt_expired'",
    );
    expect(jobs[0]?.n).toBe(0);
    await t.db.$client.query(
      `UPDATE live_claims SET doubt_until = now() - interval '1 second' WHERE id = ANY($1::uuid[])`,
      [[claimOf(before, first, robe).id, claimOf(before, second, robe).id]],
    );

    // The next batch of comments drops them before its own comments (or the sweep, if it comes first).
    const late = newHandle();
    await apply(live, takes(late, robe));
    const after = (await snapshot(live)).claims;
    for (const handle of [first, second])
      expect(claimOf(after, handle, robe)).toMatchObject({
        state: "released",
        releaseReason: "doubt-expired",
      });
    expect(claimOf(after, sure, robe).state).toBe("in-order");
    expect(claimOf(after, late, robe).state).toBe("waitlisted");
    expect(claimOf(after, other, jupe)).toMatchObject({ state: "pending", toConfirm: true });
    expect(await holders(robe)).toEqual([sure]);
    for (const handle of [first, second])
      expect(await answersOf(claimOf(before, handle, robe))).toEqual([
        { answer: "expired", answered_by_user_id: null },
      ]);
  });

  it("changes nothing once answered: a job queued before finds it confirmed", async () => {
    const live = await activeLive("manuel");
    const robe = await productOf(live);
    const doubter = newHandle();
    await apply(live, asks(doubter, robe));
    const doubt = claimOf((await snapshot(live)).claims, doubter, robe);
    expect((await act(live, doubt, "confirm")).statusCode).toBe(200);
    const { rows } = await t.db.$client.query<{ outcome: { outcome: string } }>(
      "SELECT live_claim_doubt_expire($1, $2::jsonb) AS outcome",
      [doubt.id, rules()],
    );
    expect(rows[0]?.outcome.outcome).toBe("none");
    expect(claimOf((await snapshot(live)).claims, doubter, robe).state).toBe("in-order");
  });
});

describe("manual mode", () => {
  it("shows a doubt as a pending claim to confirm; switching to automatique does not give it; Confirmer does", async () => {
    const live = await activeLive("manuel");
    const [robe, jupe] = [await productOf(live), await productOf(live)];
    const [doubter, sure] = [newHandle(), newHandle()];
    await apply(live, asks(doubter, robe), takes(sure, jupe));
    const claims = (await snapshot(live)).claims;
    expect(claimOf(claims, doubter, robe)).toMatchObject({ state: "pending", toConfirm: true });
    expect(claimOf(claims, sure, jupe)).toMatchObject({ state: "pending", toConfirm: false });

    const saved = await saveSettings(live, { mode: "automatique", holdSeconds: null });
    expect(saved).toMatchObject({ mode: "automatique", doubtSeconds: null });
    expect(await holders(jupe)).toEqual([sure]);
    expect(await holders(robe)).toEqual([]);
    expect(claimOf((await snapshot(live)).claims, doubter, robe)).toMatchObject({
      state: "pending",
      toConfirm: true,
    });

    await saveSettings(live, { mode: "manuel", holdSeconds: null });
    const confirmed = await act(live, claimOf(claims, doubter, robe), "confirm");
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<{ claim: LiveClaimView }>().claim.state).toBe("in-order");
    expect(await holders(robe)).toEqual([doubter]);
  });

  it("'Donner' on a doubt to confirm confirms it too", async () => {
    const live = await activeLive("manuel");
    const robe = await productOf(live);
    const doubter = newHandle();
    await apply(live, asks(doubter, robe));
    const doubt = claimOf((await snapshot(live)).claims, doubter, robe);
    const given = await act(live, doubt, "give", "Hugo");
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<{ claim: LiveClaimView }>().claim).toMatchObject({
      state: "in-order",
      toConfirm: false,
      decidedBy: "Hugo",
    });
    expect((await answersOf(doubt)).map((answer) => answer.answer)).toEqual(["confirmed"]);
  });
});

describe("a comment that gives one piece up and may take another", () => {
  it("'plus le 12, plutôt le 14': the 12 goes to the next claimer, the 14 waits for staff as a doubt", async () => {
    const live = await activeLive("automatique");
    const [douze, quatorze] = [await productOf(live), await productOf(live)];
    const [viewer, next] = [newHandle(), newHandle()];
    await apply(live, takes(viewer, douze), takes(next, douze));
    expect(await holders(douze)).toEqual([viewer]);

    await apply(live, {
      handle: viewer,
      text: `plus le ${douze.ref}, plutôt le ${quatorze.ref}`,
      unclaims: [douze.ref],
      doubts: [{ ref: quatorze.ref, reason: "swap" }],
    });
    const claims = (await snapshot(live)).claims;
    expect(claimOf(claims, viewer, douze)).toMatchObject({ state: "released", releaseReason: "un-claimed" });
    expect(claimOf(claims, next, douze)).toMatchObject({ state: "in-order" });
    expect(claimOf(claims, viewer, quatorze)).toMatchObject({
      state: "pending",
      toConfirm: true,
      doubtReason: "swap",
    });
    expect(await holders(douze)).toEqual([next]);
    expect(await holders(quatorze)).toEqual([]);
  });
});

describe("staff actions are done once", () => {
  /**
   * Five staff press `action` on the claim within a few milliseconds. The ones refused hear so
   * within 300 ms on a quiet machine (printed); under a loaded CI the bound asserted is a second.
   */
  async function fivePress(live: LiveRow, claim: LiveClaimView, action: string) {
    const pressed = performance.now();
    const answeredAfter: number[] = [];
    const responses = await Promise.all(
      STAFF.map(async (firstName) => {
        const response = await act(live, claim, action, firstName);
        answeredAfter.push(performance.now() - pressed);
        return response;
      }),
    );
    const slowest = Math.max(...answeredAfter);
    console.log(
      `five '${action}' on one claim: the last answer came ${slowest.toFixed(0)} ms after the presses`,
    );
    expect(slowest).toBeLessThan(1_000);
    const done = responses.filter((response) => response.statusCode === 200);
    expect(done, responses.map((response) => response.body).join("\n")).toHaveLength(1);
    const winner = done[0]?.json<{ claim: LiveClaimView }>().claim.decidedBy ?? "";
    expect(STAFF).toContain(winner);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(refused.map((response) => response.statusCode)).toEqual([409, 409, 409, 409]);
    for (const response of refused) {
      expect(response.json()).toMatchObject({ message: liveClaimMessages.alreadyDone(winner) });
    }
    return winner;
  }

  it("five 'Donner' on one claim: one order line, one notice, four 'Déjà fait par <prénom>'", async () => {
    const live = await activeLive("manuel");
    const robe = await productOf(live);
    const viewer = await customerHandle();
    await apply(live, takes(viewer, robe));
    const claim = claimOf((await snapshot(live)).claims, viewer, robe);

    const winner = await fivePress(live, claim, "give");
    expect(await holders(robe)).toEqual([viewer]);
    expect(await noticesOf(claim)).toBe(1);
    expect(claimOf((await snapshot(live)).claims, viewer, robe)).toMatchObject({
      state: "in-order",
      decidedBy: winner,
    });
    expect(
      await count(
        "SELECT count(*) AS n FROM audit_events WHERE action = 'live-claim-given' AND details ->> 'claimId' = $1",
        [claim.id],
      ),
    ).toBe(1);
  });

  it("five 'Confirmer' on one doubt: given once, told once, one answer, four 'Déjà fait par <prénom>'", async () => {
    const live = await activeLive("automatique");
    const robe = await productOf(live);
    const viewer = await customerHandle();
    await apply(live, asks(viewer, robe));
    const doubt = claimOf((await snapshot(live)).claims, viewer, robe);

    await fivePress(live, doubt, "confirm");
    expect(await holders(robe)).toEqual([viewer]);
    expect(await noticesOf(doubt)).toBe(1);
    expect(await answersOf(doubt)).toHaveLength(1);
  });

  it("on two server instances at once, 'Confirmer' on one and 'Donner' on the other: done once", async () => {
    const handle = connectDatabase(t.databaseUrl, 3);
    const other = await buildApp({
      config: t.config,
      db: handle.db,
      mailer: { send: async () => {} },
      authSecret: t.authSecret,
      logger: false,
    });
    await other.ready();
    try {
      const live = await activeLive("automatique");
      const robe = await productOf(live);
      const viewer = await customerHandle();
      await apply(live, asks(viewer, robe));
      const doubt = claimOf((await snapshot(live)).claims, viewer, robe);

      const responses = await Promise.all([
        act(live, doubt, "confirm", "Marie"),
        act(live, doubt, "give", "Paul", other),
        act(live, doubt, "confirm", "Léa", other),
        act(live, doubt, "give", "Hugo"),
      ]);
      const done = responses.filter((response) => response.statusCode === 200);
      expect(done).toHaveLength(1);
      const winner = done[0]?.json<{ claim: LiveClaimView }>().claim.decidedBy ?? "";
      for (const response of responses.filter((one) => one.statusCode !== 200)) {
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ message: liveClaimMessages.alreadyDone(winner) });
      }
      expect(await holders(robe)).toEqual([viewer]);
      expect(await noticesOf(doubt)).toBe(1);
      expect(await answersOf(doubt)).toHaveLength(1);
    } finally {
      await other.close();
      await handle.close();
    }
  });

  it("a second skip of a claim just skipped is the same click: refused, the claim stays last", async () => {
    const live = await activeLive("automatique");
    const robe = await productOf(live);
    const [holder, first, second] = [newHandle(), newHandle(), newHandle()];
    await apply(live, takes(holder, robe), takes(first, robe), takes(second, robe));
    const claim = claimOf((await snapshot(live)).claims, first, robe);
    const responses = await Promise.all([
      act(live, claim, "skip", "Marie"),
      act(live, claim, "skip", "Paul"),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const after = (await snapshot(live)).claims;
    expect(claimOf(after, first, robe).waitlistPosition).toBe(2);
    expect(claimOf(after, second, robe).waitlistPosition).toBe(1);
  });
});

describe("settings", () => {
  it("keep the live's doubt wait when a request leaves it out, and refuse one out of bounds", async () => {
    const live = await activeLive("manuel", 30);
    expect(await saveSettings(live, { mode: "automatique", holdSeconds: 60 })).toEqual({
      mode: "automatique",
      holdSeconds: 60,
      effectiveHoldSeconds: 60,
      doubtSeconds: 30,
      effectiveDoubtSeconds: 30,
    });
    expect(
      await saveSettings(live, { mode: "automatique", holdSeconds: 60, doubtSeconds: null }),
    ).toMatchObject({
      doubtSeconds: null,
      effectiveDoubtSeconds: t.config.claimDoubtSeconds,
    });
    for (const doubtSeconds of [4, 3601, 12.5]) {
      const refused = await asStaff("Marie", "PUT", `${claimsUrl(live.id)}/settings`, {
        payload: { mode: "manuel", holdSeconds: null, doubtSeconds },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(liveClaimMessages.doubtSecondsInvalid);
    }
  });
});

describe("the doubt answers file", () => {
  it("lists every answer of the live in the labelled corpus's shape, one JSON line each", async () => {
    const live = await activeLive("automatique", 5);
    const [robe, jupe, pull] = [await productOf(live), await productOf(live), await productOf(live)];
    const [a, b, c] = [newHandle(), newHandle(), newHandle()];
    await apply(
      live,
      {
        handle: a,
        text: `le ${robe.ref} en M si dispo ?`,
        doubts: [{ ref: robe.ref, size: "M", reason: "condition" }],
      },
      asks(b, jupe),
      asks(c, pull),
    );
    const claims = (await snapshot(live)).claims;
    expect((await act(live, claimOf(claims, a, robe), "confirm", "Inès")).statusCode).toBe(200);
    expect((await act(live, claimOf(claims, b, jupe), "ignore")).statusCode).toBe(200);
    await claimsWhen(live, (all) => claimOf(all, c, pull).releaseReason === "doubt-expired", 20_000);

    const response = await asStaff("Marie", "GET", `${claimsUrl(live.id)}/doubt-answers`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/x-ndjson/);
    expect(response.headers["content-disposition"]).toContain(
      `attachment; filename="reponses-aux-doutes-${live.ref}.jsonl"`,
    );
    const lines = response.body
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as DoubtAnswerLine);
    expect(lines).toHaveLength(3);
    expect(lines).toEqual(
      expect.arrayContaining([
        {
          id: expect.any(String),
          text: `le ${robe.ref} en M si dispo ?`,
          give: [{ ref: robe.ref, size: "M", color: null }],
          giveUp: [],
          kind: "claim",
          answer: "confirmed",
          answeredBy: "Inès",
          answeredAt: expect.any(String),
          reading: {
            claims: [],
            doubts: [{ ref: robe.ref, size: "M", color: null, reason: "condition" }],
            unclaims: [],
          },
        },
        expect.objectContaining({
          text: `possible d'avoir le ${jupe.ref} ?`,
          give: [],
          kind: "not-a-claim",
          answer: "ignored",
          answeredBy: "Marie",
        }),
        expect.objectContaining({ give: [], kind: "unknown", answer: "expired", answeredBy: null }),
      ]),
    );

    const customer = await kit.injectAs("customer", {
      method: "GET",
      url: `${claimsUrl(live.id)}/doubt-answers`,
    });
    expect(customer.statusCode).toBe(403);
  });
});

describe("live:check on a live with doubts the engine decided", () => {
  it("finds every invariant held: doubts confirmed, ignored, run out, a doubt behind a holder, a swap", async () => {
    const live = await activeLive("automatique", 5);
    const [robe, jupe, pull, douze, quatorze] = await Promise.all(
      [1, 2, 3, 4, 5].map(async () => productOf(live)),
    ).then((products) => products.sort((x, y) => x.ref - y.ref));
    if (!robe || !jupe || !pull || !douze || !quatorze) throw new Error("five pieces expected");
    const viewers = Array.from({ length: 7 }, () => newHandle());
    const [a, b, c, d, e, f, g] = viewers as [string, string, string, string, string, string, string];
    await apply(
      live,
      asks(a, robe),
      takes(b, robe),
      asks(c, jupe),
      takes(d, jupe),
      takes(e, pull),
      asks(f, pull),
      takes(g, pull),
      takes(a, douze),
      takes(b, douze),
    );
    let claims = (await snapshot(live)).claims;
    expect((await act(live, claimOf(claims, a, robe), "confirm")).statusCode).toBe(200);
    expect((await act(live, claimOf(claims, c, jupe), "ignore", "Paul")).statusCode).toBe(200);
    expect((await act(live, claimOf(claims, e, pull), "release", "Léa")).statusCode).toBe(200);
    await apply(live, {
      handle: a,
      text: `plus le ${douze.ref}, plutôt le ${quatorze.ref}`,
      unclaims: [douze.ref],
      doubts: [{ ref: quatorze.ref, reason: "swap" }],
    });
    // f's doubt, pending once e let go, and a's doubt on the 14 run out; g and nobody get them.
    claims = await claimsWhen(
      live,
      (all) => claimOf(all, f, pull).state === "released" && claimOf(all, a, quatorze).state === "released",
      20_000,
    );
    expect(claimOf(claims, g, pull).state).toBe("in-order");

    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      const result = await checkLive(client, live.ref);
      expect(result?.invariants.filter((item) => item.violations > 0)).toEqual([]);
      expect(result?.invariants.at(-1)).toMatchObject({ checked: 4, violations: 0 });
    } finally {
      await client.end();
    }
  });
});

describe("the SQL and the domain say the same", () => {
  it("of which claims are to confirm", async () => {
    for (const state of ["pending", "in-order", "waitlisted", "released"] as const) {
      for (const doubtReason of [null, "question"] as const) {
        for (const confirmedAt of [null, "2026-11-28T20:00:00Z"]) {
          const { rows } = await t.db.$client.query<{ to_confirm: boolean }>(
            "SELECT live_claim_to_confirm(jsonb_populate_record(NULL::live_claims, $1::jsonb)) AS to_confirm",
            [JSON.stringify({ state, doubt_reason: doubtReason, confirmed_at: confirmedAt })],
          );
          expect(rows[0]?.to_confirm, `${state} ${doubtReason} ${confirmedAt}`).toBe(
            isToConfirm({ state, doubtReason, confirmedAt }),
          );
        }
      }
    }
  });

  it("of the doubts' reasons and the staff actions a claim records", async () => {
    const live = await activeLive("manuel");
    const robe = await productOf(live);
    const viewer = newHandle();
    await apply(live, asks(viewer, robe));
    const claim = claimOf((await snapshot(live)).claims, viewer, robe);
    for (const reason of DOUBT_REASONS) {
      await t.db.$client.query("UPDATE live_claims SET doubt_reason = $2 WHERE id = $1", [claim.id, reason]);
    }
    for (const action of CLAIM_ACTIONS) {
      await t.db.$client.query("UPDATE live_claims SET decided_action = $2 WHERE id = $1", [
        claim.id,
        action,
      ]);
    }
    await expect(
      t.db.$client.query("UPDATE live_claims SET doubt_reason = 'maybe' WHERE id = $1", [claim.id]),
    ).rejects.toThrow(/live_claims_doubt_reason/);
  });
});
