import { liveSourceStateLabels, type LiveSourceState } from "@vitrine/domain";

/** The command that feeds a live with test comments, as the README gives it. */
export function simulateCommand(liveRef: string): string {
  return `npm run live:simulate -- --live ${liveRef}`;
}

/** "à l'instant", "il y a 1 min", "il y a 2 h 05 min": how long ago, to the minute. */
export function sinceText(thenMs: number, nowMs: number): string {
  const minutes = Math.floor(Math.max(0, nowMs - thenMs) / 60_000);
  if (minutes < 1) return "à l'instant";
  if (minutes < 60) return `il y a ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `il y a ${hours} h` : `il y a ${hours} h ${String(rest).padStart(2, "0")} min`;
}

export type SourceStatusText =
  /** No source ever reported for this live: what to start, and how (no command in production). */
  { kind: "none"; text: string; command: string | null } | { kind: "known"; text: string };

/**
 * What the sidebar says of the live's source. Before any source reported, "Déconnecté" reads as a
 * fault: it says no source is connected and how to start one; the simulator only where the server
 * offers it (never in production, where staff have the TikTok bridge and no terminal). A source
 * that stopped says how long ago the last comment came.
 */
export function sourceStatusText(input: {
  state: LiveSourceState | null;
  liveRef: string;
  simulatorAvailable: boolean;
  lastCommentAt: number | null;
  now: number;
}): SourceStatusText {
  if (input.state === null) {
    return input.simulatorAvailable
      ? {
          kind: "none",
          text: "Aucune source connectée : lancez le pont TikTok ou le simulateur",
          command: simulateCommand(input.liveRef),
        }
      : { kind: "none", text: "Aucune source connectée : lancez le pont TikTok", command: null };
  }
  const label = `Source du live : ${liveSourceStateLabels[input.state]}`;
  if (input.state === "connected" || input.state === "degraded") return { kind: "known", text: label };
  const last =
    input.lastCommentAt === null
      ? "aucun commentaire reçu"
      : `dernier commentaire ${sinceText(input.lastCommentAt, input.now)}`;
  return { kind: "known", text: `${label} · ${last}` };
}
