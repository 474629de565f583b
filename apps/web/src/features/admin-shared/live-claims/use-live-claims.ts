import { useQuery } from "@tanstack/react-query";
import type { LiveClaimCounters, LiveClaimsChange, LiveClaimView } from "@vitrine/domain";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { liveClaimsQueryOptions } from "../api/live-claims";
import { highestVersion, mergeClaims, numberWaitlists } from "./claims-view";

interface Heard {
  liveId: string;
  claims: ReadonlyMap<string, LiveClaimView>;
  counters: { version: number; counters: LiveClaimCounters } | null;
}

const NOTHING: ReadonlyMap<string, LiveClaimView> = new Map();

/**
 * A live's claims: the server's snapshot, with what the stream brought on top of it, each claim at
 * the highest version seen. A change heard before the snapshot arrived is kept, so the order in
 * which the two come does not matter. `resumeAfter()` is the version a reconnecting stream asks
 * to resume after (undefined while nothing was read).
 */
export function useLiveClaims(liveId: string) {
  const snapshot = useQuery(liveClaimsQueryOptions(liveId));
  const [heard, setHeard] = useState<Heard>({ liveId, claims: NOTHING, counters: null });
  const current = heard.liveId === liveId ? heard : { liveId, claims: NOTHING, counters: null };

  const apply = useCallback(
    (change: LiveClaimsChange) => {
      if (change.liveId !== liveId) return;
      setHeard((previous) => {
        const base = previous.liveId === liveId ? previous : { liveId, claims: NOTHING, counters: null };
        const claims = mergeClaims(base.claims, change.claims);
        const counters =
          !base.counters || change.version >= base.counters.version
            ? { version: change.version, counters: change.counters }
            : base.counters;
        return { liveId, claims, counters };
      });
    },
    [liveId],
  );

  const data = snapshot.data;
  const claims = useMemo(() => {
    const fromSnapshot = new Map((data?.claims ?? []).map((claim) => [claim.id, claim]));
    return numberWaitlists(mergeClaims(fromSnapshot, [...current.claims.values()]));
  }, [data, current.claims]);
  const version = highestVersion(current.claims.values(), data?.version ?? 0);
  const counters =
    current.counters && (!data || current.counters.version > data.version)
      ? current.counters.counters
      : (data?.counters ?? null);

  const resume = useRef<{ liveId: string; after: number } | undefined>(undefined);
  const known = data !== undefined || current.claims.size > 0;
  useEffect(() => {
    resume.current = known && liveId !== "" ? { liveId, after: version } : undefined;
  }, [known, liveId, version]);
  const resumeAfter = useCallback(() => resume.current, []);

  return { snapshot, claims, counters, settings: data?.settings ?? null, version, apply, resumeAfter };
}
