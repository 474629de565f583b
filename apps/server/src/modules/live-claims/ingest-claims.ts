import { SITE_CLAIM_EVENT_TYPE, type SecondOpinion } from "@vitrine/domain";
import type pg from "pg";
import type { IdentifiedEvent, IngestDecider } from "../../realtime/ingest-batcher";
import type { LiveHub } from "../../realtime/live-hub";
import {
  announceClaims,
  createColourNames,
  readCommentBatch,
  verifyHandleProofs,
  type CommentBatch,
} from "./comment-batch";
import { claimRules, type ClaimSettings, type ClaimsOutcome } from "./rules";

/** A request's events as read before they are stored: every id (the cursor moves over all). */
interface ReadRequest {
  eventIds: string[];
  chatIds: string[];
  batch: CommentBatch;
}

export interface IngestClaimsOptions {
  pool: pg.Pool;
  liveHub: LiveHub;
  settings: ClaimSettings;
  opinion?: SecondOpinion;
  log?: (message: string) => void;
}

const NOTHING_AFTER = () => {};

/** The piece a claim made from the site carries in its payload ({ ref }), or null. */
function siteClaimRef(payloadJson: string): number | null {
  const payload: unknown = JSON.parse(payloadJson);
  if (typeof payload !== "object" || payload === null || !("ref" in payload)) return null;
  return typeof payload.ref === "number" && Number.isInteger(payload.ref) ? payload.ref : null;
}

/**
 * Claims decided in the transaction that stores their comments (decision 030): the comments are
 * read as each request arrives, and once the batch's rows have their seqs one call of
 * `live_claims_apply_at_ingest` per live applies them, so a claim is committed with its comment.
 * When the live's claims cursor is behind (its engine has not read earlier events yet), nothing
 * is decided here: the engine's pass, told of the events after the commit, reads them in order.
 */
export function createIngestClaims({
  pool,
  liveHub,
  settings,
  opinion,
  log = () => {},
}: IngestClaimsOptions): IngestDecider<ReadRequest> {
  const rules = claimRules(settings);
  const colourNames = createColourNames(pool);

  return {
    async prepare(_liveId: string, events: readonly IdentifiedEvent[]): Promise<ReadRequest> {
      const names = await colourNames();
      const batch = readCommentBatch(
        events.map(({ id, event }) => ({
          id,
          seq: 0,
          eventType: event.type,
          uniqueId: event.uniqueId,
          nickname: event.nickname,
          comment: event.comment ?? null,
          siteRef: event.type === SITE_CLAIM_EVENT_TYPE ? siteClaimRef(event.payloadJson) : null,
        })),
        names,
        opinion,
      );
      return {
        eventIds: events.map(({ id }) => id),
        chatIds: events.filter(({ event }) => event.type === "chat" && event.comment).map(({ id }) => id),
        batch,
      };
    },

    async decide(client, liveId, requests, seqs) {
      let first = Infinity;
      let last = -Infinity;
      let comments = 0;
      const items: CommentBatch["items"] = [];
      const proofs: Pick<CommentBatch, "proofHandles" | "proofCodes" | "proofNames"> = {
        proofHandles: [],
        proofCodes: [],
        proofNames: [],
      };
      for (const request of requests) {
        for (const id of request.eventIds) {
          const seq = seqs.get(id);
          if (seq === undefined) continue;
          if (seq < first) first = seq;
          if (seq > last) last = seq;
        }
        for (const id of request.chatIds) if (seqs.has(id)) comments += 1;
        for (const item of request.batch.items) {
          const seq = seqs.get(item.eventId);
          if (seq !== undefined) items.push({ ...item, seq });
        }
        proofs.proofHandles.push(...request.batch.proofHandles);
        proofs.proofCodes.push(...request.batch.proofCodes);
        proofs.proofNames.push(...request.batch.proofNames);
      }
      // Every event a duplicate: the cursor has nothing to move over.
      if (last === -Infinity) return NOTHING_AFTER;
      items.sort((a, b) => a.seq - b.seq);
      const { rows } = await client.query<{ outcome: ClaimsOutcome }>(
        "SELECT live_claims_apply_at_ingest($1, $2, $3, $4, $5::jsonb, $6::jsonb) AS outcome",
        [liveId, first, last, comments, JSON.stringify(items), rules],
      );
      const outcome = rows[0]?.outcome ?? {};
      if (outcome.stale) return NOTHING_AFTER;
      return () => {
        void announceClaims(liveHub, liveId, outcome);
        void verifyHandleProofs(pool, liveId, proofs, log);
      };
    },
  };
}
