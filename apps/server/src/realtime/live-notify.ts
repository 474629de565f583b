import { liveSourceStatusSchema, type LiveOrdersChanged, type LiveSourceStatus } from "@vitrine/domain";

/** The one channel every instance LISTENs on. */
export const LIVE_CHANNEL = "vitrine_live";

/** PostgreSQL refuses payloads of 8,000 bytes or more: stay well under. */
export const NOTIFY_PAYLOAD_BUDGET = 7_500;

/** A notification names the instance that sent it, so that instance skips its own. */
export type LiveNotification =
  | { from: string; kind: "events"; ids: string[] }
  | { from: string; kind: "orders"; change: LiveOrdersChanged }
  | { from: string; kind: "claims-changed"; liveId: string }
  | { from: string; kind: "claims-inbox"; liveId: string }
  | { from: string; kind: "source"; status: LiveSourceStatus };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/** The notification in a payload, or null for anything this version does not know. */
export function decodeNotification(payload: string): LiveNotification | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!isRecord(value) || typeof value.from !== "string") return null;
  const from = value.from;
  if (value.kind === "events" && Array.isArray(value.ids)) {
    return { from, kind: "events", ids: value.ids.filter((id): id is string => typeof id === "string") };
  }
  const change = value.change;
  if (value.kind === "orders" && isRecord(change)) {
    const { liveId, orderId } = change;
    if (typeof liveId === "string" && typeof orderId === "string") {
      return { from, kind: "orders", change: { liveId, orderId } };
    }
  }
  if (
    (value.kind === "claims-changed" || value.kind === "claims-inbox") &&
    typeof value.liveId === "string"
  ) {
    return { from, kind: value.kind, liveId: value.liveId };
  }
  if (value.kind === "source") {
    const status = liveSourceStatusSchema.safeParse(value.status);
    if (status.success) return { from, kind: "source", status: status.data };
  }
  return null;
}
