import type { FastifyInstance } from "fastify";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { connectDatabase, type DatabaseHandle } from "../src/db/client";
import type { LiveHubMessage } from "../src/realtime/live-hub";
import { eventually } from "./support/eventually";
import { insertLive, insertProduct, type LiveRow } from "./support/factories";
import { chatEvent, postEvents } from "./support/live-kit";
import { createTestApp, type TestApp } from "./support/test-app";

/*
 * The claims engine across server instances on one database: every instance reads comments and
 * runs hold jobs, yet each comment is applied once and each expiry changes things once; a hold
 * given before a restart expires after it.
 */

const suffix = randomBytes(2).toString("hex");
let handles = 0;
const newHandle = () => `i${++handles}_${suffix}`;

/** Another server instance on the test app's database. */
async function anotherInstance(t: TestApp): Promise<{ app: FastifyInstance; handle: DatabaseHandle }> {
  const handle = connectDatabase(t.databaseUrl, 3);
  const app = await buildApp({
    config: t.config,
    db: handle.db,
    mailer: { send: async () => {} },
    authSecret: t.authSecret,
    logger: false,
  });
  await app.ready();
  return { app, handle };
}

/** An active live in automatic mode with its own hold, set as staff's PUT would store it. */
async function automaticLive(t: TestApp, holdSeconds: number): Promise<LiveRow> {
  const live = await insertLive(t.db, { isActive: true });
  await t.db.$client.query(
    "INSERT INTO live_claim_state (live_id, mode, hold_seconds) VALUES ($1, 'automatique', $2)",
    [live.id, holdSeconds],
  );
  return live;
}

async function claimRows(t: TestApp, liveId: string) {
  const { rows } = await t.db.$client.query<{
    handle: string;
    product_id: string;
    state: string;
    release_reason: string | null;
    order_id: string | null;
    seq: string;
  }>("SELECT handle, product_id, state, release_reason, order_id, seq FROM live_claims WHERE live_id = $1", [
    liveId,
  ]);
  return rows;
}

async function count(t: TestApp, query: string, params: unknown[]): Promise<number> {
  const { rows } = await t.db.$client.query<{ n: string }>(query, params);
  return Number(rows[0]?.n ?? 0);
}

describe("two instances running the engine on one database", () => {
  it("apply each comment once, in receive order, and each hold's expiry once down every waitlist", async () => {
    const a = await createTestApp();
    const b = await anotherInstance(a);
    const heardOnB: LiveHubMessage[] = [];
    const stopHearing = b.app.liveHub.subscribe((message) => heardOnB.push(message));
    try {
      const live = await automaticLive(a, 1);
      const pieces = await Promise.all(
        [1, 2, 3, 4].map(() => insertProduct(a.db, { liveId: live.id, colorId: null })),
      );
      const viewers = [newHandle(), newHandle(), newHandle()];
      // Every viewer claims every piece, the comments landing on one instance or the other.
      let turn = 0;
      for (const viewer of viewers) {
        for (const piece of pieces) {
          const app = turn++ % 2 === 0 ? a.app : b.app;
          const response = await postEvents(app, live.ref, [
            chatEvent({ uniqueId: viewer, comment: `je prends le ${piece.ref}` }),
          ]);
          expect(response.statusCode, response.body).toBeLessThan(300);
        }
      }
      await eventually(async () => {
        const rows = await claimRows(a, live.id);
        return rows.length === 12 && rows.every((row) => row.state === "released");
      }, 30_000);

      const rows = await claimRows(a, live.id);
      // One claim per viewer and piece, each had the piece once and lost it to its hold's end.
      expect(new Set(rows.map((row) => `${row.handle}/${row.product_id}`)).size).toBe(12);
      expect(rows.every((row) => row.release_reason === "hold-expired" && row.order_id !== null)).toBe(true);
      // One order per viewer: the pieces came one after the other into the same to-validate order,
      // and no expiry run twice took a line that was another's or made another order.
      expect(await count(a, "SELECT count(*) AS n FROM orders WHERE live_id = $1", [live.id])).toBe(3);
      expect(await count(a, "SELECT order_counter AS n FROM lives WHERE id = $1", [live.id])).toBe(3);
      expect(
        await count(
          a,
          "SELECT count(*) AS n FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.live_id = $1",
          [live.id],
        ),
      ).toBe(0);
      // Who had each piece, in turn: its claimers in receive order.
      for (const piece of pieces) {
        const holders = rows
          .filter((row) => row.product_id === piece.id)
          .sort((x, y) => Number(x.seq) - Number(y.seq))
          .map((row) => row.handle);
        expect(holders).toEqual(viewers);
      }
      expect(await count(a, "SELECT comments AS n FROM live_claim_state WHERE live_id = $1", [live.id])).toBe(
        12,
      );
      // Whichever instance changed them, B's streams were told the live's claims changed.
      expect(heardOnB).toContainEqual({ kind: "claims-changed", liveId: live.id });
    } finally {
      stopHearing();
      await b.app.close();
      await b.handle.close();
      await a.close();
    }
  });
});

describe("a restart with holds pending", () => {
  it("expires the holds given before it, on the instance that runs after it", async () => {
    const a = await createTestApp();
    const live = await automaticLive(a, 6);
    const robe = await insertProduct(a.db, { liveId: live.id, colorId: null });
    const [first, second] = [newHandle(), newHandle()];
    const response = await postEvents(a.app, live.ref, [
      chatEvent({ uniqueId: first, comment: `je prends le ${robe.ref}` }),
      chatEvent({ uniqueId: second, comment: `je prends le ${robe.ref}` }),
    ]);
    expect(response.statusCode, response.body).toBeLessThan(300);
    await eventually(async () => (await claimRows(a, live.id)).some((row) => row.state === "in-order"));
    // The only instance stops while the hold runs.
    await a.app.close();
    expect((await claimRows(a, live.id)).find((row) => row.handle === first)).toMatchObject({
      state: "in-order",
    });

    const b = await anotherInstance(a);
    try {
      await eventually(async () => {
        const rows = await claimRows(a, live.id);
        return rows.find((row) => row.handle === second)?.state === "in-order";
      }, 20_000);
      const rows = await claimRows(a, live.id);
      expect(rows.find((row) => row.handle === first)).toMatchObject({
        state: "released",
        release_reason: "hold-expired",
      });
    } finally {
      await b.app.close();
      await b.handle.close();
      await a.db.$client.end();
    }
  });
});
