import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { IDS_PER_NOTIFICATION } from "./ingest-batcher";
import { decodeNotification, NOTIFY_PAYLOAD_BUDGET } from "./live-notify";

describe("live notifications", () => {
  it("carry a batch's ids in payloads under PostgreSQL's limit", () => {
    // As json_build_object writes it: `{"from" : "…", "kind" : "events", "ids" : ["…", "…"]}`.
    const ids = Array.from({ length: IDS_PER_NOTIFICATION }, () => `"${randomUUID()}"`).join(", ");
    const payload = `{"from" : "${randomUUID()}", "kind" : "events", "ids" : [${ids}]}`;
    expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(NOTIFY_PAYLOAD_BUDGET);
    expect(decodeNotification(payload)).toMatchObject({ kind: "events" });
  });

  it("ignore payloads this version does not know", () => {
    expect(decodeNotification("not json")).toBeNull();
    expect(decodeNotification(JSON.stringify({ from: "a", kind: "unknown" }))).toBeNull();
    expect(
      decodeNotification(JSON.stringify({ from: "a", kind: "source", status: { liveId: "l", state: "x" } })),
    ).toBeNull();
    expect(
      decodeNotification(
        JSON.stringify({ from: "a", kind: "orders", change: { liveId: "l", orderId: "o" } }),
      ),
    ).toEqual({ from: "a", kind: "orders", change: { liveId: "l", orderId: "o" } });
    expect(decodeNotification(JSON.stringify({ from: "a", kind: "claims-changed", liveId: "l" }))).toEqual({
      from: "a",
      kind: "claims-changed",
      liveId: "l",
    });
    expect(decodeNotification(JSON.stringify({ from: "a", kind: "claims-changed" }))).toBeNull();
    expect(decodeNotification(JSON.stringify({ from: "db", kind: "claims-inbox", liveId: "l" }))).toEqual({
      from: "db",
      kind: "claims-inbox",
      liveId: "l",
    });
  });
});
