import { SITE_CLAIM_EVENT_TYPE, type SecondOpinion } from "@vitrine/domain";
import type { Task } from "graphile-worker";
import type { Database } from "../../db/client";
import type { JobQueue } from "../../db/job-queue";
import { errorText } from "../../lib/error-text";
import type { LiveHub, LiveHubMessage } from "../../realtime/live-hub";
import { LATE_PAYMENT_STRIKES_TASK } from "./late-payments";
import { announceClaims, createColourNames, readCommentBatch, verifyHandleProofs } from "./comment-batch";
import { claimRules, type ClaimSettings, type ClaimsOutcome } from "./rules";

/** Chat events one batch reads at most. */
export const CLAIM_BATCH = 2_000;
/** How often each instance looks for work nobody announced, and for holds that ended. */
export const CLAIM_SWEEP_MS = 1_000;
/**
 * Every this many sweeps, the look for pieces to hand over goes through all the live's pieces (a
 * line added by hand changes no claim); in between, only the pieces of claims that changed.
 */
export const CLAIM_FULL_LOOK_SWEEPS = 5;
/**
 * A hold past its end by this much is expired by the sweep: at once, each second. Holds had a job
 * each, and this was the backstop for a late one; a job's insert cost every given piece on the
 * comments' path, and the sweep finds the ends by index.
 */
export const CLAIM_OVERDUE_SECONDS = 0;
/** The job a given piece once scheduled at the end of its hold: it stays for the jobs queued before. */
export const HOLD_EXPIRED_TASK = "claim_hold_expired";
/**
 * The job a doubt once scheduled at the end of its wait for staff: the pass now drops due doubts
 * itself (live_claims_expire_doubts), and the task stays for the jobs a database still holds.
 */
export const DOUBT_EXPIRED_TASK = "claim_doubt_expired";

export interface ClaimsEngineOptions {
  db: Database;
  liveHub: LiveHub;
  /** The instance's job runner: the engine names its hold expiry task there. */
  jobs: JobQueue;
  /**
   * The shop's hold (CLAIM_HOLD_HOURS) and doubt wait (CLAIM_DOUBT_SECONDS) for lives without
   * their own, and UNPAID_HOLDS_LIMIT (a customer at it gets pieces only by a staff click).
   */
  settings: ClaimSettings;
  log?: (message: string) => void;
  sweepMs?: number;
  /** The reader's second opinion (reading-opinion.ts); without it, the reader's rules alone. */
  opinion?: SecondOpinion;
}

interface EventRow {
  after_seq: string;
  id: string | null;
  seq: string | null;
  event_type: string | null;
  user_unique_id: string | null;
  user_nickname: string | null;
  comment: string | null;
  /** The piece a claim made from the site asks for (null for the source's events). */
  site_ref: number | null;
}

// The cursor and the chat events after it, in one read. Ingestion commits in seq order, so no
// event below the last one read can appear later.
const READ_EVENTS = `
  WITH cursor AS (
    SELECT coalesce((SELECT s.last_seq FROM live_claim_state s WHERE s.live_id = $1), 0) AS after_seq
  )
  SELECT cursor.after_seq, e.id, e.seq, e.event_type, e.user_unique_id, e.user_nickname, e.comment, e.site_ref
    FROM cursor LEFT JOIN LATERAL (
      SELECT t.id, t.seq, t.event_type, t.user_unique_id, t.user_nickname, t.comment,
             CASE WHEN t.event_type = '${SITE_CLAIM_EVENT_TYPE}' THEN (t.payload ->> 'ref')::int END AS site_ref
        FROM tiktok_events t
       WHERE t.live_id = $1 AND t.seq > cursor.after_seq ORDER BY t.seq LIMIT $2
    ) e ON true`;

// The lives with work, each with what its pass must do besides reading comments, in one read
// without any lock: active lives (comments to read) and any with inbox lines, holds past due by
// $1 s or doubts whose wait ran out (`settle`); and the pieces to look at again under the claim
// lock (live_claims_pieces_to_look_at), which only a race leaves behind: each second among the
// pieces of claims changed since the last look (up to `version`), every CLAIM_FULL_LOOK_SWEEPS
// sweeps among all the live's pieces. The same look inside the settle ran over every piece from a
// PL/pgSQL plan cached while the tables were small, under the claim lock, every second.
const LIVES_WITH_WORK = `
  WITH work AS (
    SELECT l.id AS live_id FROM lives l WHERE l.is_active
    UNION SELECT b.live_id FROM live_claim_inbox b
    UNION SELECT c.live_id FROM live_claims c
     WHERE c.state = 'in-order' AND c.held_until < now() - make_interval(secs => $1)
    UNION SELECT c.live_id FROM live_claims c
     WHERE c.doubt_until <= now() AND c.doubt_until IS NOT NULL AND c.confirmed_at IS NULL
       AND c.state IN ('pending', 'waitlisted')
  )
  SELECT w.live_id,
         EXISTS (SELECT 1 FROM live_claim_inbox b WHERE b.live_id = w.live_id)
         OR EXISTS (SELECT 1 FROM live_claims c
                     WHERE c.state = 'in-order' AND c.held_until < now() - make_interval(secs => $1)
                       AND c.live_id = w.live_id)
         OR EXISTS (SELECT 1 FROM live_claims c
                     WHERE c.doubt_until <= now() AND c.doubt_until IS NOT NULL AND c.confirmed_at IS NULL
                       AND c.state IN ('pending', 'waitlisted') AND c.live_id = w.live_id) AS settle,
         (SELECT max(c.version) FROM live_claims c WHERE c.live_id = w.live_id) AS version
    FROM work w`;

/**
 * The claims engine of one server instance (decision 030): for each live, one pass at a time
 * here, and one at a time across instances (the claim lock, and the cursor checked on apply),
 * reads the chat comments after the live's cursor in receive order and applies them in one SQL
 * call; a sweep each second catches what no message announced and ends the holds that ran out.
 */
export function createClaimsEngine({
  db,
  liveHub,
  jobs,
  settings,
  log = () => {},
  sweepMs = CLAIM_SWEEP_MS,
  opinion,
}: ClaimsEngineOptions) {
  const pool = db.$client;
  const rules = claimRules(settings);
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  const settleWanted = new Set<string>();
  const piecesWanted = new Map<string, string[]>();
  let stopped = false;
  const colourNames = createColourNames(pool);
  let sweepTimer: NodeJS.Timeout | undefined;
  let sweeping = false;
  let sweeps = 0;
  // Per live, the highest claim version the last look for pieces covered.
  const lookedThrough = new Map<string, string>();

  const announce = (liveId: string, outcome: ClaimsOutcome) => announceClaims(liveHub, liveId, outcome);

  /** Reads and applies the live's comments after its cursor, batch after batch. */
  async function processComments(liveId: string): Promise<void> {
    while (!stopped) {
      const { rows } = await pool.query<EventRow>(READ_EVENTS, [liveId, CLAIM_BATCH]);
      const afterSeq = Number(rows[0]?.after_seq ?? 0);
      const events = rows.filter((row) => row.id !== null);
      const last = events.at(-1);
      if (!last) return;
      const batch = readCommentBatch(
        events.map((row) => ({
          id: row.id ?? "",
          seq: Number(row.seq),
          eventType: row.event_type,
          uniqueId: row.user_unique_id,
          nickname: row.user_nickname,
          comment: row.comment,
          siteRef: row.site_ref,
        })),
        await colourNames(),
        opinion,
      );
      const { rows: applied } = await pool.query<{ outcome: ClaimsOutcome }>(
        "SELECT live_claims_apply($1, $2, $3, $4, $5::jsonb, $6::jsonb) AS outcome",
        [liveId, afterSeq, Number(last.seq), batch.comments, JSON.stringify(batch.items), rules],
      );
      const outcome = applied[0]?.outcome ?? {};
      // Another instance applied them first: read again from its cursor.
      if (outcome.stale) continue;
      await verifyHandleProofs(pool, liveId, batch, (message) => {
        if (!stopped) log(message);
      });
      await announce(liveId, outcome);
      if (events.length < CLAIM_BATCH) return;
    }
  }

  async function settle(liveId: string): Promise<void> {
    const { rows } = await pool.query<{ outcome: ClaimsOutcome }>(
      "SELECT live_claims_settle($1, $2, $3::jsonb) AS outcome",
      [liveId, CLAIM_OVERDUE_SECONDS, rules],
    );
    await announce(liveId, rows[0]?.outcome ?? {});
  }

  async function freePieces(liveId: string, pieces: string[]): Promise<void> {
    const { rows } = await pool.query<{ outcome: ClaimsOutcome }>(
      "SELECT live_claims_free_pieces($1, $2::uuid[], $3::jsonb) AS outcome",
      [liveId, pieces, rules],
    );
    await announce(liveId, rows[0]?.outcome ?? {});
  }

  /**
   * A pass over the live: its comments, then (when asked) what came due and the pieces to look at
   * again. Asked again while one runs, it runs once more after it, never two at a time.
   */
  function kick(liveId: string, { withSettle = false, pieces = [] as string[] } = {}): Promise<void> {
    if (withSettle) settleWanted.add(liveId);
    if (pieces.length > 0) piecesWanted.set(liveId, pieces);
    const current = running.get(liveId);
    if (current) {
      again.add(liveId);
      return current;
    }
    const pass = (async () => {
      do {
        again.delete(liveId);
        await processComments(liveId);
        if (settleWanted.delete(liveId)) await settle(liveId);
        const pieces = piecesWanted.get(liveId);
        if (pieces) {
          piecesWanted.delete(liveId);
          await freePieces(liveId, pieces);
        }
      } while (again.has(liveId) && !stopped);
    })()
      .catch((error: unknown) => {
        if (!stopped) log(`live claims: a pass over live ${liveId} failed (${errorText(error)})`);
      })
      .finally(() => running.delete(liveId));
    running.set(liveId, pass);
    return pass;
  }

  async function sweep() {
    if (sweeping || stopped) return;
    sweeping = true;
    try {
      const { rows } = await pool.query<{ live_id: string; settle: boolean; version: string | null }>(
        LIVES_WITH_WORK,
        [CLAIM_OVERDUE_SECONDS],
      );
      const full = sweeps % CLAIM_FULL_LOOK_SWEEPS === 0;
      sweeps += 1;
      const looked = new Map<string, string>();
      await Promise.all(
        rows.map(async (row) => {
          const since = full ? null : (lookedThrough.get(row.live_id) ?? null);
          let pieces: string[] = [];
          if (since === null || row.version !== since) {
            const { rows: found } = await pool.query<{ pieces: string[] }>(
              "SELECT live_claims_pieces_to_look_at($1, $2) AS pieces",
              [row.live_id, since],
            );
            pieces = found[0]?.pieces ?? [];
          }
          if (row.version !== null) looked.set(row.live_id, row.version);
          await kick(row.live_id, { withSettle: row.settle, pieces });
        }),
      );
      lookedThrough.clear();
      for (const [liveId, version] of looked) lookedThrough.set(liveId, version);
    } catch (error) {
      if (!stopped) log(`live claims: the sweep failed (${errorText(error)})`);
    } finally {
      sweeping = false;
    }
  }

  const listener = (message: LiveHubMessage) => {
    if (stopped) return;
    if (message.kind === "claims-inbox") void kick(message.liveId, { withSettle: true });
    if (message.kind !== "events") return;
    const lives = new Set(message.events.map((event) => event.liveId));
    for (const liveId of lives) void kick(liveId);
  };

  /** A job about one claim: `expiry` (a SQL function of the claim and the rules) run, then told. */
  function claimJob(expiry: "live_claim_expire" | "live_claim_doubt_expire"): Task {
    return async (payload) => {
      const claimId =
        typeof payload === "object" && payload !== null && "claimId" in payload ? payload.claimId : undefined;
      if (typeof claimId !== "string") return;
      const { rows } = await pool.query<{ outcome: ClaimsOutcome }>(
        `SELECT ${expiry}($1, $2::jsonb) AS outcome`,
        [claimId, rules],
      );
      const outcome = rows[0]?.outcome ?? {};
      if (outcome.liveId) await announce(outcome.liveId, outcome);
    };
  }
  jobs.define(HOLD_EXPIRED_TASK, claimJob("live_claim_expire"));
  // A hold or a doubt that ended, from a job queued before the sweep and the pass ended them.
  jobs.define(DOUBT_EXPIRED_TASK, claimJob("live_claim_doubt_expire"));

  // A payment that came after its holds ended: their strikes are taken back, once.
  const latePaymentStrikes: Task = async (payload) => {
    const reviewId =
      typeof payload === "object" && payload !== null && "reviewId" in payload ? payload.reviewId : undefined;
    if (typeof reviewId !== "string") return;
    await pool.query("SELECT late_payment_take_back_strikes($1)", [reviewId]);
  };
  jobs.define(LATE_PAYMENT_STRIKES_TASK, latePaymentStrikes);

  return {
    /** Starts listening and sweeping. */
    start() {
      liveHub.subscribe(listener);
      sweepTimer = setInterval(() => void sweep(), sweepMs);
      sweepTimer.unref();
    },

    /** A pass over the live now (its comments, then its other work). */
    process: (liveId: string) => kick(liveId, { withSettle: true }),

    /** Stops taking work and lets the passes in progress end. */
    async stop() {
      stopped = true;
      clearInterval(sweepTimer);
      liveHub.unsubscribe(listener);
      await Promise.allSettled([...running.values()]);
    },

    rules,
  };
}

export type ClaimsEngine = ReturnType<typeof createClaimsEngine>;
