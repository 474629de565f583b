import type { AuditAction } from "@vitrine/domain";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { auditEvents, users } from "../../db/schema";

export interface AuditRecord {
  /** The shop's row of who acted; null for the system. */
  actorUserId: string | null;
  subjectUserId: string | null;
  action: AuditAction;
  details?: Record<string, unknown>;
}

/** Writes one line of the audit log, inside the caller's transaction when it passes one. */
export async function recordAuditEvent(db: Queryable, event: AuditRecord): Promise<void> {
  await db.insert(auditEvents).values({ ...event, details: event.details ?? {} });
}

/**
 * The end of an impersonation session, once: a second end of the same session (the admin's
 * button racing the expiry, a sign-out after the button) is dropped by the partial unique index
 * audit_events_impersonation_end_key.
 */
export async function recordImpersonationEnd(
  db: Queryable,
  end: { sessionId: string; adminAuthUserId: string; subjectUserId: string; via: "admin" | "sign-out" },
): Promise<void> {
  await db
    .insert(auditEvents)
    .values({
      actorUserId: sql`(SELECT ${users.id} FROM ${users} WHERE ${users.authId} = ${end.adminAuthUserId})`,
      subjectUserId: end.subjectUserId,
      action: "impersonation-ended",
      details: { sessionId: end.sessionId, via: end.via },
    })
    .onConflictDoNothing();
}

/**
 * A change staff made while acting as a customer (a state-changing request that succeeded),
 * written under the admin's name with the customer as its subject.
 */
export async function recordImpersonatedWrite(
  db: Queryable,
  write: {
    sessionId: string;
    adminAuthUserId: string;
    subjectUserId: string;
    request: string;
    statusCode: number;
  },
): Promise<void> {
  await db.insert(auditEvents).values({
    actorUserId: sql`(SELECT ${users.id} FROM ${users} WHERE ${users.authId} = ${write.adminAuthUserId})`,
    subjectUserId: write.subjectUserId,
    action: "impersonated-write",
    details: { sessionId: write.sessionId, request: write.request, statusCode: write.statusCode },
  });
}

/**
 * Impersonations that reached their end time without being ended are written as expired, dated
 * from that end time. Run before the log is read: an expiry needs no timer to be recorded, and
 * reading the log always shows it.
 */
export async function recordExpiredImpersonations(db: Queryable): Promise<void> {
  await db.execute(sql`
    INSERT INTO audit_events (actor_user_id, subject_user_id, action, details, created_at)
    SELECT started.actor_user_id, started.subject_user_id, 'impersonation-expired',
           jsonb_build_object('sessionId', started.details ->> 'sessionId'),
           (started.details ->> 'expiresAt')::timestamptz
    FROM audit_events AS started
    WHERE started.action = 'impersonation-started'
      AND (started.details ->> 'expiresAt')::timestamptz <= now()
      AND NOT EXISTS (
        SELECT 1 FROM audit_events AS ended
        WHERE ended.action IN ('impersonation-ended', 'impersonation-expired')
          AND ended.details ->> 'sessionId' = started.details ->> 'sessionId'
      )
    ON CONFLICT DO NOTHING`);
}
