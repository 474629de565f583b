import {
  AUDIT_EVENTS_PAGE_SIZE,
  userDisplayName,
  type AuditEvent,
  type AuditEventList,
} from "@vitrine/domain";
import { count, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import { auditEvents, users } from "../../db/schema";
import { recordExpiredImpersonations } from "./record";

const actors = alias(users, "actors");
const subjects = alias(users, "subjects");

interface PersonRow {
  id: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  tiktokUsername: string | null;
}

/** A person of the log, or null when none was recorded or their row was deleted since. */
function personOf(row: PersonRow | null): AuditEvent["actor"] {
  // A left join that found nobody gives no object at all.
  return row?.id ? { id: row.id, name: userDisplayName(row) || row.id } : null;
}

const personColumns = (table: typeof actors | typeof subjects) => ({
  id: table.id,
  email: table.email,
  firstName: table.firstName,
  lastName: table.lastName,
  displayName: table.displayName,
  tiktokUsername: table.tiktokUsername,
});

export function createAuditEventService({ db }: { db: Database }) {
  return {
    /** The log, newest first, a page at a time (expired impersonations written first). */
    async listEvents(page: number): Promise<AuditEventList> {
      await recordExpiredImpersonations(db);
      const rows = await db
        .select({
          id: auditEvents.id,
          action: auditEvents.action,
          details: auditEvents.details,
          createdAt: auditEvents.createdAt,
          actor: personColumns(actors),
          subject: personColumns(subjects),
        })
        .from(auditEvents)
        .leftJoin(actors, eq(actors.id, auditEvents.actorUserId))
        .leftJoin(subjects, eq(subjects.id, auditEvents.subjectUserId))
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(AUDIT_EVENTS_PAGE_SIZE)
        .offset((page - 1) * AUDIT_EVENTS_PAGE_SIZE);
      const [total] = await db.select({ value: count() }).from(auditEvents);
      return {
        events: rows.map((row) => ({
          id: row.id,
          action: row.action,
          actor: personOf(row.actor),
          subject: personOf(row.subject),
          details: row.details,
          createdAt: row.createdAt.toISOString(),
        })),
        page,
        pageSize: AUDIT_EVENTS_PAGE_SIZE,
        total: total?.value ?? 0,
      };
    },
  };
}

export type AuditEventService = ReturnType<typeof createAuditEventService>;
