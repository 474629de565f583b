import type { LiveClaimCounters, LiveClaimsChange, LiveClaimView } from "@vitrine/domain";
import { describe, expect, it } from "vitest";
import type { AppContext } from "../module";
import { createSilentLiveHub } from "../../realtime/live-hub";
import { createClaimsRelay, type ClaimsReaders } from "./claims-relay";

const counters: LiveClaimCounters = {
  comments: 1,
  claims: 1,
  piecesHeld: 1,
  orders: 0,
  revenueHeldCents: 0,
  revenuePaidCents: 0,
  unpaidReleases: 0,
  soldClaims: 0,
  unknownRefs: 0,
};

const view = (id: string, liveId: string, version: number) => ({ id, liveId, version }) as LiveClaimView;

/** Readers over an in-memory list of claims, counting the reads; a read's answer waits for the gate. */
function fakeReaders(start: number) {
  const claims: LiveClaimView[] = [];
  const reads: { liveId: string; after: number }[] = [];
  let open: () => void = () => {};
  let gate = Promise.resolve();
  const readers: ClaimsReaders = {
    views: async (liveId, after) => {
      reads.push({ liveId, after });
      // What was committed when the read ran; its answer comes once the gate opens.
      const found = claims.filter((claim) => claim.liveId === liveId && claim.version > after);
      await gate;
      return found;
    },
    counters: async () => counters,
    currentVersion: async () => start,
  };
  return {
    readers,
    claims,
    reads,
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release: () => open(),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the claims relay", () => {
  it("reads a live's changes once for every stream, and a telling during a read makes one more read", async () => {
    const hub = createSilentLiveHub();
    const fake = fakeReaders(10);
    const relay = createClaimsRelay({ db: {} as AppContext["db"], liveHub: hub, readers: fake.readers });
    const heard: LiveClaimsChange[][] = [[], [], []];
    for (const list of heard) relay.subscribe("live-a", (change) => list.push(change));
    // A claim changed before the instance started: not this relay's to send.
    fake.claims.push(view("old", "live-a", 9), view("c1", "live-a", 11));

    fake.hold();
    await hub.publishClaimsChanged({ liveId: "live-a" });
    await flush();
    // Three more tellings while that read runs, and one more change committed meanwhile.
    fake.claims.push(view("c2", "live-a", 12));
    for (let telling = 0; telling < 3; telling++) await hub.publishClaimsChanged({ liveId: "live-a" });
    fake.release();
    await expect.poll(() => heard[0]?.length).toBe(2);
    await flush();

    expect(fake.reads).toEqual([
      { liveId: "live-a", after: 10 },
      { liveId: "live-a", after: 11 },
    ]);
    for (const list of heard) {
      expect(list.map((change) => change.claims.map((claim) => claim.id))).toEqual([["c1"], ["c2"]]);
    }
    // Every stream was handed the very same change: it is serialised once.
    expect(heard[1]?.[0]).toBe(heard[0]?.[0]);
    expect(heard[2]?.[1]).toBe(heard[0]?.[1]);
    relay.close();
  });

  it("reads nothing for a live no stream of this instance listens to", async () => {
    const hub = createSilentLiveHub();
    const fake = fakeReaders(0);
    const relay = createClaimsRelay({ db: {} as AppContext["db"], liveHub: hub, readers: fake.readers });
    const heard: LiveClaimsChange[] = [];
    relay.subscribe("live-b", (change) => heard.push(change));
    await hub.publishClaimsChanged({ liveId: "live-a" });
    await flush();
    expect(fake.reads).toEqual([]);

    // A stream of every live listens to them all.
    relay.subscribe(undefined, (change) => heard.push(change));
    fake.claims.push(view("a1", "live-a", 1));
    await hub.publishClaimsChanged({ liveId: "live-a" });
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0]).toMatchObject({ liveId: "live-a", version: 1 });
    relay.close();
  });
});
