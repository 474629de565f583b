import { describe, expect, it } from "vitest";
import { cutAt } from "./soak-connector.mjs";
import { FAULTS_MIN_SECONDS, faultPlan, percentile, recoveryAfter } from "./soak-faults.mjs";

describe("the soak's faults", () => {
  it("spreads them over the run without overlap, each with a minute of calm after it", () => {
    for (const seconds of [FAULTS_MIN_SECONDS, 1800, 3600]) {
      const plan = faultPlan(seconds);
      const spans = [
        ...plan.cuts.map((cut) => [cut.at, cut.at + cut.seconds]),
        [plan.bridgeKill, plan.bridgeKill + 5],
        [plan.instanceKill, plan.instanceKill + 30],
        [plan.databaseStop.at, plan.databaseStop.at + plan.databaseStop.seconds],
      ].sort((x, y) => x[0] - y[0]);
      for (let index = 1; index < spans.length; index += 1)
        expect(spans[index][0] - spans[index - 1][1]).toBeGreaterThanOrEqual(60);
      expect(seconds - spans.at(-1)[1]).toBeGreaterThanOrEqual(70);
    }
  });

  it("cuts the connection only inside a planned cut", () => {
    const cuts = [{ at: 90, seconds: 20 }];
    expect(cutAt(cuts, 89.9)).toBeNull();
    expect(cutAt(cuts, 90)).toEqual(cuts[0]);
    expect(cutAt(cuts, 109.9)).toEqual(cuts[0]);
    expect(cutAt(cuts, 110)).toBeNull();
  });
});

describe("the sidebar's recovery after a fault", () => {
  const second = 1000;
  const samples = (from, to, ms) =>
    Array.from({ length: (to - from) / 100 }, (_, index) => ({ at: from + index * 100, ms }));

  it("is the first window from which the p95 stays within 150 ms", () => {
    const run = [...samples(0, 20 * second, 2_000), ...samples(20 * second, 120 * second, 40)];
    expect(recoveryAfter(run, 0)).toEqual({ afterSeconds: 20, p95: 40 });
  });

  it("is not reached when the p95 stays high for the minute after the fault", () => {
    const run = [...samples(0, 75 * second, 400), ...samples(75 * second, 200 * second, 40)];
    expect(recoveryAfter(run, 0)).toBeNull();
  });

  it("is not reached when no comment reached the screen at all", () => {
    expect(recoveryAfter([], 0)).toBeNull();
  });

  it("reads a percentile as the value at or above that share of the sorted values", () => {
    expect(percentile([5, 1, 4, 2, 3], 0.5)).toBe(3);
    expect(
      percentile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        0.95,
      ),
    ).toBe(95);
    expect(percentile([], 0.95)).toBeNull();
  });
});
