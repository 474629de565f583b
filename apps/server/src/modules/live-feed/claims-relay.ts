import type { LiveClaimsChange, LiveClaimUnknownRef, LiveClaimView } from "@vitrine/domain";
import type { AppContext } from "../module";
import type { LiveHubMessage } from "../../realtime/live-hub";
import { errorText } from "../../lib/error-text";
import { listClaimViews, listUnknownRefs, readClaimCounters, type ClaimViewRules } from "../live-claims";

export type ClaimsListener = (change: LiveClaimsChange) => void;

/**
 * Turns the hub's `claims-changed` (this instance's changes and the other instances', told by
 * NOTIFY after their commit) into the claims the streams send. Per live, one read at a time for
 * the whole instance, not one per stream: the claims whose version is above the last this
 * instance read, and the counters. A change told while a read runs is read by the next one.
 * Versions of one live are drawn under its claim lock, so they commit in increasing order: every
 * change committed after a read is above what the read saw.
 */
/** How the relay reads (the database's readers; a unit test hands its own). */
export interface ClaimsReaders {
  views: (liveId: string, afterVersion: number) => Promise<LiveClaimView[]>;
  /** Claims of unknown references made after the version (none when a test hands no reader). */
  unknownRefs?: (liveId: string, afterVersion: number) => Promise<LiveClaimUnknownRef[]>;
  counters: (liveId: string) => Promise<LiveClaimsChange["counters"]>;
  /** The claim version sequence's value now. */
  currentVersion: () => Promise<number>;
}

export function createClaimsRelay({
  db,
  liveHub,
  log = () => {},
  readers,
  viewRules = { unpaidHoldsLimit: 0 },
}: Pick<AppContext, "db" | "liveHub"> & {
  log?: (message: string) => void;
  readers?: ClaimsReaders;
  viewRules?: ClaimViewRules;
}) {
  const read: ClaimsReaders = readers ?? {
    views: (liveId, afterVersion) => listClaimViews(db, liveId, viewRules, { afterVersion }),
    unknownRefs: (liveId, afterVersion) => listUnknownRefs(db, liveId, { afterVersion }),
    counters: (liveId) => readClaimCounters(db, liveId),
    currentVersion: async () => {
      const { rows } = await db.$client.query<{ version: string | null }>(
        "SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS version FROM live_claim_version",
      );
      return Number(rows[0]?.version ?? 0);
    },
  };
  const listeners = new Set<{ liveId: string | undefined; listener: ClaimsListener }>();
  // Per live: the highest version read, and the read under way (with whether to read again).
  const lastRead = new Map<string, number>();
  const reading = new Map<string, { again: boolean }>();
  // Changes committed before this instance started are the snapshot's and the replays' business.
  const started = read.currentVersion().catch(() => 0);

  const wanted = (liveId: string) =>
    [...listeners].some((entry) => entry.liveId === undefined || entry.liveId === liveId);

  /** The claims of the live changed after `afterVersion`, the counters, and the highest version. */
  async function readSince(liveId: string, afterVersion: number): Promise<LiveClaimsChange> {
    const [claims, unknownRefs, counters] = await Promise.all([
      read.views(liveId, afterVersion),
      read.unknownRefs?.(liveId, afterVersion) ?? [],
      read.counters(liveId),
    ]);
    // In version order: a client applying them one by one goes through the live's states in order.
    claims.sort((x, y) => x.version - y.version);
    return {
      liveId,
      version: highest([...claims, ...unknownRefs], afterVersion),
      claims,
      unknownRefs,
      counters,
    };
  }

  function emit(change: LiveClaimsChange) {
    for (const entry of listeners) {
      if (entry.liveId !== undefined && entry.liveId !== change.liveId) continue;
      try {
        entry.listener(change);
      } catch {
        listeners.delete(entry);
      }
    }
  }

  async function readLive(liveId: string) {
    const state = { again: false };
    reading.set(liveId, state);
    try {
      do {
        state.again = false;
        const after = lastRead.get(liveId) ?? (await started);
        const change = await readSince(liveId, after);
        lastRead.set(liveId, change.version);
        // A telling whose change an earlier read already carried: nothing to send.
        if (change.claims.length > 0 || change.unknownRefs.length > 0) emit(change);
      } while (state.again);
    } catch (error) {
      log(`live feed: claims of live ${liveId} not read for the streams (${errorText(error)})`);
    } finally {
      reading.delete(liveId);
    }
  }

  function changed(liveId: string) {
    // Nobody here listens: the version read stays where it was, the next read catches up.
    if (!wanted(liveId)) return;
    const running = reading.get(liveId);
    if (running) running.again = true;
    else void readLive(liveId);
  }

  const unsubscribe = liveHub.subscribe((message: LiveHubMessage) => {
    if (message.kind === "claims-changed") changed(message.liveId);
  });

  return {
    readSince,
    /** Hears the claims of one live, or of every live (`liveId` undefined). */
    subscribe(liveId: string | undefined, listener: ClaimsListener): () => void {
      const entry = { liveId, listener };
      listeners.add(entry);
      return () => void listeners.delete(entry);
    },
    close() {
      unsubscribe();
      listeners.clear();
    },
  };
}

export type ClaimsRelay = ReturnType<typeof createClaimsRelay>;

function highest(claims: readonly { version: number }[], floor: number): number {
  let version = floor;
  for (const claim of claims) version = Math.max(version, claim.version);
  return version;
}
