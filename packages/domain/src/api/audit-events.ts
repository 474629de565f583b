import * as z from "zod/mini";

const auditPersonSchema = z.object({ id: z.string(), name: z.string() });

/** One line of the audit log: who did what to whom, and when. */
export const auditEventSchema = z.object({
  id: z.string(),
  action: z.string(),
  /** Null once the person was deleted (the event stays). */
  actor: z.nullable(auditPersonSchema),
  subject: z.nullable(auditPersonSchema),
  details: z.record(z.string(), z.unknown()),
  /** ISO 8601 instant. */
  createdAt: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditEventListQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
});

export const auditEventListResponseSchema = z.object({
  events: z.array(auditEventSchema),
  page: z.int(),
  pageSize: z.int(),
  total: z.int(),
});
export type AuditEventList = z.infer<typeof auditEventListResponseSchema>;
