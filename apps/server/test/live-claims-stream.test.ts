import type { LiveClaimsChange } from "@vitrine/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { connectDatabase, type DatabaseHandle } from "../src/db/client";
import { signInAsAdmin } from "./support/actors";
import { insertLive, insertProduct, type LiveRow } from "./support/factories";
import { chatEvent, openSse, postEvents, type SseClient } from "./support/live-kit";
import { createTestApp, type TestApp } from "./support/test-app";

/** Instance A (createTestApp) and instance B: their own hubs and pools, the same database. */
let a: TestApp;
let b: FastifyInstance;
let bDatabase: DatabaseHandle;
let cookie: string;
let baseA: string;
let baseB: string;
const clients: SseClient[] = [];
beforeAll(async () => {
  a = await createTestApp();
  bDatabase = connectDatabase(a.databaseUrl, 5);
  b = await buildApp({
    config: a.config,
    db: bDatabase.db,
    mailer: { send: async () => {} },
    authSecret: a.authSecret,
    logger: false,
  });
  await b.ready();
  cookie = await signInAsAdmin(a);
  baseA = await a.app.listen({ port: 0, host: "127.0.0.1" });
  baseB = await b.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  for (const client of clients) client.close();
  await b.close();
  await bDatabase.close();
  await a.close();
});

async function stream(base: string, query: string) {
  const client = await openSse(`${base}/api/admin/live-feed/stream${query}`, { cookie });
  clients.push(client);
  return client;
}

const changesOf = (client: SseClient): LiveClaimsChange[] =>
  client.messages.filter((m) => m.event === "claims").map((m) => JSON.parse(m.data) as LiveClaimsChange);

/** Every (claim id, version) the client was sent, in order. */
const sentVersions = (client: SseClient) =>
  changesOf(client).flatMap((change) => change.claims.map((claim) => `${claim.handle}@${claim.version}`));

const waitForClaim = (client: SseClient, predicate: (change: LiveClaimsChange) => boolean) =>
  client.waitFor(() => changesOf(client).some(predicate), 5_000);

/**
 * A claim written as the engine writes it (the engine's processor is not what is tested here):
 * a stored comment of `handle`, and its claim row on a new piece of the live.
 */
async function insertClaim(live: LiveRow, handle: string, state: "pending" | "waitlisted" = "pending") {
  // A comment that is no claim: the engine's processor, which reads every comment, leaves it be.
  const stored = await a.db.$client.query<{ seq: string }>(
    `INSERT INTO tiktok_events (live_id, event_type, user_unique_id, comment, create_time, msg_id)
     VALUES ($1, 'chat', $2, 'coucou', $3, gen_random_uuid()::text) RETURNING seq`,
    [live.id, handle, Date.now()],
  );
  const seq = stored.rows[0]?.seq;
  const product = await insertProduct(a.db, { liveId: live.id, name: `Pièce de ${handle}` });
  const { rows } = await a.db.$client.query<{ id: string; version: string }>(
    `INSERT INTO live_claims (live_id, event_id, seq, handle, product_id, state, queue_rank)
     SELECT $1, id, seq, $2, $3, $4, seq FROM tiktok_events WHERE seq = $5
     RETURNING id, version`,
    [live.id, handle, product.id, state, seq],
  );
  const row = rows[0];
  if (!row) throw new Error("claim not inserted");
  return { id: row.id, version: Number(row.version), productId: product.id };
}

/** Releases a claim (by staff), drawing the next version as every change of a claim does. */
async function releaseClaim(claimId: string) {
  const { rows } = await a.db.$client.query<{ version: string }>(
    `UPDATE live_claims SET state = 'released', release_reason = 'staff',
       version = nextval('live_claim_version'), updated_at = now()
     WHERE id = $1 RETURNING version`,
    [claimId],
  );
  return Number(rows[0]?.version);
}

describe("the feed stream's claims", () => {
  it("brings a committed claim change to a live's stream, with the live's counters", async () => {
    const live = await insertLive(a.db, { isActive: true });
    const client = await stream(baseA, `?liveId=${live.id}&types=chat`);
    const claim = await insertClaim(live, "ines");
    await a.app.liveHub.publishClaimsChanged({ liveId: live.id });

    await waitForClaim(client, (change) => change.claims.some((c) => c.id === claim.id));
    const [change] = changesOf(client);
    expect(change?.liveId).toBe(live.id);
    expect(change?.version).toBe(claim.version);
    expect(change?.claims).toEqual([
      expect.objectContaining({ id: claim.id, handle: "ines", state: "pending", version: claim.version }),
    ]);
    expect(change?.counters).toMatchObject({ claims: 1 });
  });

  it("brings a claim the engine read from an ingested comment to the stream, as it changes", async () => {
    const live = await insertLive(a.db, { isActive: true });
    await insertProduct(a.db, { liveId: live.id, name: "Robe à pois" });
    const client = await stream(baseA, `?liveId=${live.id}&types=chat`);
    await postEvents(a.app, live.ref, [chatEvent({ comment: "je prends le 1", uniqueId: "Sophie_L" })]);
    await postEvents(a.app, live.ref, [chatEvent({ comment: "moi aussi je prends le 1", uniqueId: "lina" })]);

    await waitForClaim(client, (change) => change.claims.some((c) => c.handle === "lina"));
    const latest = new Map(changesOf(client).flatMap((change) => change.claims.map((c) => [c.handle, c])));
    expect(latest.get("sophie_l")).toMatchObject({ ref: 1, productName: "Robe à pois", state: "pending" });
    expect(latest.get("lina")).toMatchObject({ ref: 1, state: "waitlisted", waitlistPosition: 1 });
    expect(changesOf(client).at(-1)?.counters).toMatchObject({ claims: 2 });
  });

  it("sends another live's changes to the streams of every live, not to a stream of one other live", async () => {
    const live = await insertLive(a.db, { isActive: true });
    const other = await insertLive(a.db, { isActive: true });
    const everyLive = await stream(baseA, "?types=chat");
    const otherOnly = await stream(baseA, `?liveId=${other.id}`);
    const claim = await insertClaim(live, "lea");
    await a.app.liveHub.publishClaimsChanged({ liveId: live.id });
    // Then a change of the other live: once it is in, the first one would have come before it.
    const otherClaim = await insertClaim(other, "noe");
    await a.app.liveHub.publishClaimsChanged({ liveId: other.id });

    await waitForClaim(everyLive, (change) => change.claims.some((c) => c.id === otherClaim.id));
    expect(changesOf(everyLive).flatMap((change) => change.claims.map((c) => c.id))).toEqual([
      claim.id,
      otherClaim.id,
    ]);
    await waitForClaim(otherOnly, (change) => change.claims.some((c) => c.id === otherClaim.id));
    expect(changesOf(otherOnly).every((change) => change.liveId === other.id)).toBe(true);
  });

  it("coalesces a burst of tellings, and sends each claim version once", async () => {
    const live = await insertLive(a.db, { isActive: true });
    const client = await stream(baseA, `?liveId=${live.id}`);
    const first = await insertClaim(live, "alice");
    const second = await insertClaim(live, "bruno");
    // Three tellings of the same changes, as close together as they can come.
    await Promise.all([1, 2, 3].map(() => a.app.liveHub.publishClaimsChanged({ liveId: live.id })));
    const released = await releaseClaim(first.id);
    await a.app.liveHub.publishClaimsChanged({ liveId: live.id });

    await waitForClaim(client, (change) => change.claims.some((c) => c.version === released));
    // Reads that start after the release see alice at her latest version only: each version sent
    // is sent once, and each claim's latest one is sent.
    const sent = sentVersions(client);
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent).toContain(`bruno@${second.version}`);
    expect(sent.at(-1)).toBe(`alice@${released}`);
    expect(sent.filter((entry) => entry.startsWith("alice@"))).toEqual(
      sent.includes(`alice@${first.version}`)
        ? [`alice@${first.version}`, `alice@${released}`]
        : [`alice@${released}`],
    );
    const last = changesOf(client).at(-1);
    expect(last?.claims.find((c) => c.id === first.id)).toMatchObject({
      state: "released",
      releaseReason: "staff",
    });
  });

  it("resumes with claimsAfter: what changed while away comes first, as one event, then the live changes", async () => {
    const live = await insertLive(a.db, { isActive: true });
    const before = await insertClaim(live, "avant");
    // The client saw up to `before`, then went away; meanwhile two claims changed.
    const away1 = await insertClaim(live, "absent1");
    const away2 = await insertClaim(live, "absent2");
    const releasedAway = await releaseClaim(before.id);

    const client = await stream(baseA, `?liveId=${live.id}&claimsAfter=${before.version}`);
    await waitForClaim(client, () => true);
    const [replay] = changesOf(client);
    expect(replay?.claims.map((c) => `${c.handle}@${c.version}`)).toEqual([
      `absent1@${away1.version}`,
      `absent2@${away2.version}`,
      `avant@${releasedAway}`,
    ]);
    expect(replay?.version).toBe(releasedAway);
    expect(replay?.counters.claims).toBe(3);

    // A telling of changes the replay already carried sends nothing again; a new change comes.
    await a.app.liveHub.publishClaimsChanged({ liveId: live.id });
    const after = await insertClaim(live, "apres");
    await a.app.liveHub.publishClaimsChanged({ liveId: live.id });
    await waitForClaim(client, (change) => change.claims.some((c) => c.id === after.id));
    expect(sentVersions(client)).toEqual([
      `absent1@${away1.version}`,
      `absent2@${away2.version}`,
      `avant@${releasedAway}`,
      `apres@${after.version}`,
    ]);
  });

  it("resumes the claims of the live named by claimsLiveId on a stream of every live", async () => {
    const live = await insertLive(a.db, { isActive: true });
    const claim = await insertClaim(live, "zoe");
    const client = await stream(baseA, `?types=chat&claimsLiveId=${live.id}&claimsAfter=0`);
    await waitForClaim(client, (change) => change.liveId === live.id);
    expect(changesOf(client)[0]?.claims.map((c) => c.id)).toEqual([claim.id]);
  });

  it("refuses claimsAfter without a live, with a French message", async () => {
    const response = await a.app.inject({
      method: "GET",
      url: "/api/admin/live-feed/stream?claimsAfter=3",
      headers: { cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "Indiquez le live dont les réservations doivent reprendre",
    });
    const notANumber = await a.app.inject({
      method: "GET",
      url: "/api/admin/live-feed/stream?claimsAfter=douze",
      headers: { cookie },
    });
    expect(notANumber.statusCode).toBe(400);
  });

  it("brings a change committed and told on another instance to this instance's streams", async () => {
    const live = await insertLive(a.db, { isActive: true });
    const onB = await stream(baseB, `?liveId=${live.id}`);
    const onA = await stream(baseA, `?liveId=${live.id}`);
    const claim = await insertClaim(live, "camille");
    // Instance A committed it and tells: B hears it by NOTIFY and reads it for its own streams.
    await a.app.liveHub.publishClaimsChanged({ liveId: live.id });
    await waitForClaim(onB, (change) => change.claims.some((c) => c.id === claim.id));
    await waitForClaim(onA, (change) => change.claims.some((c) => c.id === claim.id));
    expect(changesOf(onB)[0]?.claims[0]).toMatchObject({
      id: claim.id,
      handle: "camille",
      version: claim.version,
    });

    const released = await releaseClaim(claim.id);
    await b.liveHub.publishClaimsChanged({ liveId: live.id });
    await waitForClaim(onA, (change) => change.claims.some((c) => c.version === released));
    expect(sentVersions(onA)).toEqual([`camille@${claim.version}`, `camille@${released}`]);
  });
});
