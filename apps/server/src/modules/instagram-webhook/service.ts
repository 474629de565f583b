import {
  LIVE_INGEST_MAX_EVENTS,
  instagramLiveComments,
  instagramWebhookMessages,
  instagramWebhookPayloadSchema,
  type LiveIngestEvent,
} from "@vitrine/domain";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { DomainError } from "../../http/errors";
import { createLiveIngestService, type LiveIngestService } from "../live-ingest";
import type { AppContext } from "../module";

const SIGNATURE_PREFIX = "sha256=";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Whether `header` is `sha256=` and the HMAC-SHA256 of the body's exact bytes with the app
 * secret, as Meta signs each delivery. Compared in constant time, on digests so that neither the
 * header's length nor its content leak through timing.
 */
export function signatureMatches(rawBody: string, header: string | undefined, appSecret: string): boolean {
  if (!header?.startsWith(SIGNATURE_PREFIX)) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody, "utf8").digest("hex");
  return timingSafeEqual(digest(header.slice(SIGNATURE_PREFIX.length).toLowerCase()), digest(expected));
}

/** What a delivery became: comments stored, already stored, and left for want of an active live. */
export interface InstagramDelivery {
  accepted: number;
  duplicates: number;
  unmatched: number;
}

export type InstagramWebhookService = ReturnType<typeof createInstagramWebhookService>;

/**
 * Meta's webhook for Instagram live comments. The comments are stored through the live
 * ingestion's own service, as a bridge's are: the same batches, deduplication by (live, platform,
 * message id) and claims decided with them. Without INSTAGRAM_APP_SECRET and
 * INSTAGRAM_VERIFY_TOKEN the webhook is not configured and answers 404.
 */
export function createInstagramWebhookService(
  context: Pick<AppContext, "db" | "liveHub" | "config" | "log">,
) {
  const { config, db, log } = context;
  const settings = config.instagramWebhook;
  // Its own batcher and claims decider, built only when the webhook is on.
  const ingestion = settings ? createLiveIngestService(context) : null;

  function configured() {
    if (!settings || !ingestion) {
      throw new DomainError("WEBHOOK_NOT_CONFIGURED", instagramWebhookMessages.notConfigured);
    }
    return { ...settings, ingestion };
  }

  /** The refs of the active lives that show this Instagram account. */
  async function activeLivesOf(accountId: string): Promise<string[]> {
    const { rows } = await db.$client.query<{ ref: string }>(
      "SELECT ref FROM lives WHERE instagram_account_id = $1 AND is_active ORDER BY ref",
      [accountId],
    );
    return rows.map((row) => row.ref);
  }

  async function store(
    ingestion: LiveIngestService,
    liveRef: string,
    events: LiveIngestEvent[],
    delivery: InstagramDelivery,
  ) {
    for (let start = 0; start < events.length; start += LIVE_INGEST_MAX_EVENTS) {
      const answer = await ingestion.ingest({
        liveRef,
        events: events.slice(start, start + LIVE_INGEST_MAX_EVENTS),
      });
      delivery.accepted += answer.accepted;
      delivery.duplicates += answer.duplicates;
    }
  }

  return {
    /** Meta's verification handshake: the challenge back when the verify token is ours. */
    verify(mode: string | undefined, verifyToken: string | undefined, challenge: string | undefined): string {
      const { verifyToken: expected } = configured();
      const tokenMatches = timingSafeEqual(digest(verifyToken ?? ""), digest(expected));
      if (mode !== "subscribe" || !tokenMatches || challenge === undefined) {
        throw new DomainError("WEBHOOK_VERIFY_TOKEN_INVALID", instagramWebhookMessages.verifyTokenInvalid);
      }
      return challenge;
    },

    /**
     * A delivery: refused (403, nothing read further) unless Meta signed it; its live comments
     * go to the active live of their account. A delivery for an account no active live shows is
     * acknowledged all the same: Meta would send it again and again otherwise.
     */
    async receive(rawBody: string, signature: string | undefined): Promise<InstagramDelivery> {
      const { appSecret, ingestion } = configured();
      if (!signatureMatches(rawBody, signature, appSecret)) {
        throw new DomainError("WEBHOOK_SIGNATURE_INVALID", instagramWebhookMessages.signatureInvalid);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        throw new DomainError("VALIDATION_FAILED", instagramWebhookMessages.payloadInvalid);
      }
      const payload = instagramWebhookPayloadSchema.safeParse(parsed);
      if (!payload.success)
        throw new DomainError("VALIDATION_FAILED", instagramWebhookMessages.payloadInvalid);
      const { byAccount, skipped } = instagramLiveComments(payload.data);
      if (skipped > 0) log.info({ skipped }, "instagram changes that are no live comment left out");
      const delivery: InstagramDelivery = { accepted: 0, duplicates: 0, unmatched: 0 };
      for (const [accountId, events] of byAccount) {
        const lives = await activeLivesOf(accountId);
        if (lives.length === 0) {
          delivery.unmatched += events.length;
          log.warn(
            { instagramAccountId: accountId, comments: events.length },
            "instagram live comments for an account no active live shows: acknowledged, not stored",
          );
          continue;
        }
        for (const liveRef of lives) {
          try {
            await store(ingestion, liveRef, events, delivery);
          } catch (error) {
            // Closed by staff since it was looked up: like an account no active live shows.
            if (!(error instanceof DomainError && error.code === "CONFLICT")) throw error;
            delivery.unmatched += events.length;
            log.warn({ liveRef }, "instagram live comments for a live closed meanwhile: not stored");
          }
        }
      }
      return delivery;
    },

    close: async () => ingestion?.close(),
  };
}
