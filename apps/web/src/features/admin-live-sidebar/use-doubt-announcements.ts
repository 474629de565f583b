import type { LiveClaimView } from "@vitrine/domain";
import { useEffect, useRef, useState } from "react";
import { doubtAnnouncements, type DoubtsAnnounced } from "./doubt-announcements";

const KEPT = 5;

/**
 * The sentences the sidebar's polite region says of the selected live's doubts, the latest few,
 * each with a key of its own. The doubts already there when the live's claims were first read
 * are taken as known: the page shows them, and reading them all out on arrival would only delay
 * what comes next.
 */
export function useDoubtAnnouncements(
  liveId: string,
  claims: ReadonlyMap<string, LiveClaimView>,
  loaded: boolean,
) {
  const announced = useRef<{ liveId: string; state: DoubtsAnnounced } | null>(null);
  const counter = useRef(0);
  const [sentences, setSentences] = useState<{ key: number; text: string }[]>([]);
  const waiting = [...claims.values()].some((claim) => claim.toConfirm);

  useEffect(() => {
    if (!loaded) return;
    const say = () => {
      let known = announced.current;
      if (!known || known.liveId !== liveId) {
        known = { liveId, state: { told: new Set(), lastCalls: new Set() } };
        announced.current = known;
        doubtAnnouncements(known.state, claims.values(), Date.now());
        return;
      }
      const added = doubtAnnouncements(known.state, claims.values(), Date.now());
      if (added.length === 0) return;
      setSentences((current) =>
        [...current, ...added.map((text) => ({ key: ++counter.current, text }))].slice(-KEPT),
      );
    };
    say();
    // The last call comes with time, not with a change: looked for every second while doubts wait.
    if (!waiting) return;
    const timer = window.setInterval(say, 1000);
    return () => window.clearInterval(timer);
  }, [liveId, claims, loaded, waiting]);

  return sentences;
}
