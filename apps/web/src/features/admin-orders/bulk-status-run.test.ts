import type { BulkOrderStatusInput } from "@vitrine/domain";
import { describe, expect, it } from "vitest";
import { runBulkStatus, type BulkStatusProgress } from "./bulk-status-run";

const ids = (count: number) => Array.from({ length: count }, (_, index) => `order-${index + 1}`);

describe("runBulkStatus", () => {
  it("sends the orders in chunks, one after the other, and shows progress after each", async () => {
    const sent: BulkOrderStatusInput[] = [];
    const progress: BulkStatusProgress[] = [];
    let inFlight = 0;
    const result = await runBulkStatus({
      orderIds: ids(120),
      status: "paid",
      send: async (input) => {
        inFlight++;
        expect(inFlight).toBe(1);
        sent.push(input);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight--;
        return { updated: [...input.orderIds], failed: [] };
      },
      onProgress: (step) => progress.push(step),
      chunkFailure: () => "échec",
    });
    expect(sent.map((input) => input.orderIds.length)).toEqual([50, 50, 20]);
    expect(sent.every((input) => input.status === "paid")).toBe(true);
    expect(progress).toEqual([
      { done: 0, total: 120 },
      { done: 50, total: 120 },
      { done: 100, total: 120 },
      { done: 120, total: 120 },
    ]);
    expect(result).toEqual({ updated: ids(120), failed: [] });
  });

  it("gathers each chunk's failures, and counts a chunk whose request failed as failed, going on", async () => {
    let call = 0;
    const result = await runBulkStatus({
      orderIds: ids(7),
      status: "shipped",
      chunkSize: 3,
      send: async ({ orderIds }) => {
        call++;
        if (call === 2) throw new Error("network down");
        return {
          updated: orderIds.slice(1),
          failed: [{ id: orderIds[0] ?? "", orderNumber: null, message: "Commande introuvable" }],
        };
      },
      onProgress: () => {},
      chunkFailure: (error) => `Erreur : ${error instanceof Error ? error.message : "?"}`,
    });
    expect(result.updated).toEqual(["order-2", "order-3"]);
    expect(result.failed).toEqual([
      { id: "order-1", orderNumber: null, message: "Commande introuvable" },
      { id: "order-4", orderNumber: null, message: "Erreur : network down" },
      { id: "order-5", orderNumber: null, message: "Erreur : network down" },
      { id: "order-6", orderNumber: null, message: "Erreur : network down" },
      { id: "order-7", orderNumber: null, message: "Commande introuvable" },
    ]);
  });
});
