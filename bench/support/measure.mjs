// What the live benchmarks share: their --name=value options and their latency percentiles.

/** `--seconds=30 --phase=a --kill` as { seconds: "30", phase: "a", kill: "true" }. */
export function benchOptions(argv = process.argv.slice(2)) {
  return Object.fromEntries(
    argv.map((arg) => {
      const [key, value = "true"] = arg.replace(/^--/, "").split("=");
      return [key, value];
    }),
  );
}

/** The nearest-rank percentile of values sorted ascending; NaN when there are none. */
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

/** How many, and the p50 / p95 / p99 of the values. */
export function latencyStats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}
