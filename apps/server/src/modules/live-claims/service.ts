import {
  adminOrderListMessages,
  doubtAnswersFileName,
  liveClaimMessages,
  type AuditAction,
  type LiveClaimView,
  type LiveClaimSettings,
  type LiveClaimSettingsRequest,
  type LiveClaimsSnapshot,
} from "@vitrine/domain";
import { sql } from "drizzle-orm";
import type { AppContext } from "../module";
import { pgRaised } from "../../db/pg-error";
import { DomainError } from "../../http/errors";
import { recordAuditEvent } from "../audit-events";
import { orderRefusal } from "../orders";
import { createClaimsEngine } from "./engine";
import { readingOpinion } from "./reading-opinion";
import {
  findClaimView,
  listClaimViews,
  listUnknownRefs,
  readClaimCounters,
  readClaimSettings,
  readClaimVersion,
  readDoubtAnswerLines,
  readLiveNaming,
  readStaffFirstName,
} from "./queries";
import type { ClaimsOutcome } from "./rules";

export const CLAIM_ACTIONS = ["give", "release", "skip", "remove", "confirm", "ignore"] as const;
export type ClaimAction = (typeof CLAIM_ACTIONS)[number];

const auditActions: Record<ClaimAction, AuditAction> = {
  give: "live-claim-given",
  release: "live-claim-released",
  skip: "live-claim-skipped",
  remove: "live-claim-removed",
  confirm: "live-claim-confirmed",
  ignore: "live-claim-ignored",
};

const CLAIM_PREFIX = "claim:";

/** What the claims functions raise, in the spec's words; the orders core's refusals by its map. */
export function claimRefusal(error: unknown): unknown {
  const raised = pgRaised(error);
  if (!raised?.message.startsWith(CLAIM_PREFIX)) return orderRefusal(error);
  switch (raised.message.slice(CLAIM_PREFIX.length)) {
    case "not-found":
      return new DomainError("NOT_FOUND", liveClaimMessages.claimNotFound);
    case "live-not-found":
      return new DomainError("NOT_FOUND", adminOrderListMessages.liveNotFound);
    case "piece-held":
      return new DomainError("CONFLICT", liveClaimMessages.pieceHeld);
    case "not-waiting":
      return new DomainError("CONFLICT", liveClaimMessages.claimNotWaiting);
    case "not-holding":
      return new DomainError("CONFLICT", liveClaimMessages.claimNotHolding);
    case "not-to-confirm":
      return new DomainError("CONFLICT", liveClaimMessages.notToConfirm);
    default:
      return new DomainError("CONFLICT", liveClaimMessages.actionFailed);
  }
}

function rethrow(error: unknown): never {
  throw claimRefusal(error);
}

/** The staff member a refused action was already done by (the SQL's 'claim:already-done'). */
function alreadyDoneBy(error: unknown): string | undefined {
  const raised = pgRaised(error);
  return raised?.message === `${CLAIM_PREFIX}already-done` ? raised.hint : undefined;
}

export function createLiveClaimsService({ db, liveHub, jobs, config, log }: AppContext) {
  const shopTimes = { holdSeconds: config.claimHoldSeconds, doubtSeconds: config.claimDoubtSeconds };
  const viewRules = { unpaidHoldsLimit: config.unpaidHoldsLimit };
  const engine = createClaimsEngine({
    db,
    liveHub,
    jobs,
    settings: config,
    log: (message) => log.warn(message),
    opinion: readingOpinion((message) => log.info(message)),
  });

  /**
   * A refused staff action: one another staff member (or the same click) already did says who
   * ('Déjà fait par Marie'); the rest as claimRefusal says.
   */
  async function refusal(error: unknown): Promise<never> {
    const doneBy = alreadyDoneBy(error);
    if (doneBy === undefined) rethrow(error);
    const firstName = await readStaffFirstName(db, doneBy);
    if (firstName === null) throw new DomainError("CONFLICT", liveClaimMessages.actionFailed);
    throw new DomainError("CONFLICT", liveClaimMessages.alreadyDone(firstName));
  }

  async function announce(liveId: string, outcome: ClaimsOutcome) {
    await liveHub.publishClaimsChanged({ liveId }).catch(() => {});
    const lastOrder = outcome.orders?.at(-1);
    if (lastOrder) await liveHub.publishOrdersChanged({ liveId, orderId: lastOrder }).catch(() => {});
  }

  async function liveExists(liveId: string): Promise<void> {
    const { rows } = await db.$client.query("SELECT 1 FROM lives WHERE id = $1", [liveId]);
    if (rows.length === 0) throw new DomainError("NOT_FOUND", adminOrderListMessages.liveNotFound);
  }

  return {
    engine,

    async snapshot(liveId: string): Promise<LiveClaimsSnapshot> {
      await liveExists(liveId);
      // The version first: a claim changed while the rest is read is sent again, never missed.
      const version = await readClaimVersion(db, liveId);
      const [settings, counters, claims, unknownRefs] = await Promise.all([
        readClaimSettings(db, liveId, shopTimes),
        readClaimCounters(db, liveId),
        listClaimViews(db, liveId, viewRules),
        listUnknownRefs(db, liveId),
      ]);
      return { liveId, settings, version, counters, claims, unknownRefs };
    },

    async saveSettings(
      liveId: string,
      request: LiveClaimSettingsRequest,
      actorUserId: string,
    ): Promise<LiveClaimSettings> {
      await liveExists(liveId);
      // Older clients send no doubt wait: the live keeps its own.
      const doubtGiven = request.doubtSeconds !== undefined;
      const result = await db
        .transaction(async (tx) => {
          const {
            rows: [row],
          } = await tx.execute<{ outcome: ClaimsOutcome }>(
            sql`SELECT live_claim_settings_set(${liveId}::uuid, ${request.mode}, ${request.holdSeconds}::integer,
              ${doubtGiven}, ${request.doubtSeconds ?? null}::integer, ${engine.rules}::jsonb) AS outcome`,
          );
          await recordAuditEvent(tx, {
            actorUserId,
            subjectUserId: null,
            action: "live-claim-settings-changed",
            details: {
              liveId,
              mode: request.mode,
              holdSeconds: request.holdSeconds,
              ...(doubtGiven ? { doubtSeconds: request.doubtSeconds } : {}),
            },
          });
          return row?.outcome ?? {};
        })
        .catch(rethrow);
      await announce(liveId, result);
      return readClaimSettings(db, liveId, shopTimes);
    },

    async act(
      liveId: string,
      claimId: string,
      action: ClaimAction,
      actorUserId: string,
    ): Promise<{ claim: LiveClaimView }> {
      const result = await db
        .transaction(async (tx) => {
          const {
            rows: [row],
          } = await tx.execute<{
            outcome: ClaimsOutcome;
          }>(sql`SELECT live_claim_staff_action(${liveId}::uuid, ${claimId}::uuid, ${action},
              ${actorUserId}::uuid, ${engine.rules}::jsonb) AS outcome`);
          const claim = await findClaimView(tx, liveId, claimId, viewRules);
          await recordAuditEvent(tx, {
            actorUserId,
            subjectUserId: null,
            action: auditActions[action],
            details: {
              liveId,
              claimId,
              ref: claim?.ref,
              handle: claim?.handle,
              orderId: claim?.orderId ?? null,
            },
          });
          return { outcome: row?.outcome ?? {}, claim };
        })
        .catch(refusal);
      await announce(liveId, result.outcome);
      if (!result.claim) throw new Error(`claim ${claimId} vanished after its change`);
      return { claim: result.claim };
    },

    /**
     * Every answer to a doubt of the live, as the labelled corpus's lines (JSON Lines), and the
     * file's name.
     */
    async doubtAnswers(liveId: string): Promise<{ fileName: string; lines: string }> {
      const live = await readLiveNaming(db, liveId);
      if (!live) throw new DomainError("NOT_FOUND", adminOrderListMessages.liveNotFound);
      const answers = await readDoubtAnswerLines(db, liveId);
      return {
        fileName: doubtAnswersFileName(live),
        lines: answers.map((answer) => `${JSON.stringify(answer)}\n`).join(""),
      };
    },
  };
}

export type LiveClaimsService = ReturnType<typeof createLiveClaimsService>;
