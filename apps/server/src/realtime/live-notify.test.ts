import { describe, expect, it } from "vitest";
import { decodeNotification, encodeEventIds, NOTIFY_PAYLOAD_BUDGET } from "./live-notify";

describe("live notifications", () => {
  it("split a batch's ids into payloads under PostgreSQL's limit, none lost", () => {
    const ids = Array.from(
      { length: 500 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    );
    const payloads = encodeEventIds("instance-a", ids);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads)
      expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(NOTIFY_PAYLOAD_BUDGET);
    const decoded = payloads.map((payload) => decodeNotification(payload));
    expect(decoded.flatMap((n) => (n?.kind === "events" ? n.ids : []))).toEqual(ids);
    expect(decoded.every((n) => n?.from === "instance-a")).toBe(true);
  });

  it("send nothing for no ids, and ignore payloads this version does not know", () => {
    expect(encodeEventIds("a", [])).toEqual([]);
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
  });
});
