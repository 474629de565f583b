// What the benchmarks share: their --name=value options, latency percentiles, a process's memory.

import { readFileSync } from "node:fs";

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

/** A process's resident memory in kB (Linux's /proc); 0 once the process is gone. */
export function rssKb(pid) {
  try {
    const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every `everyMs` until the returned function is called: the peak, in kB. */
export function sampleRss(pid, everyMs = 50) {
  let peak = rssKb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssKb(pid));
  }, everyMs);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssKb(pid));
  };
}
