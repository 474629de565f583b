import { useQuery } from "@tanstack/react-query";
import type {
  LiveClaimCounters,
  LiveClaimsChange,
  LiveClaimUnknownRef,
  LiveClaimView,
} from "@vitrine/domain";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { liveClaimsQueryOptions } from "../admin-shared/api/live-claims";
import { highestVersion, mergeClaims, mergeUnknownRefs, numberWaitlists } from "./claims-view";

interface Heard {
  liveId: string;
  claims: ReadonlyMap<string, LiveClaimView>;
  unknownRefs: ReadonlyMap<string, LiveClaimUnknownRef>;
  counters: { version: number; counters: LiveClaimCounters } | null;
}

const NOTHING: ReadonlyMap<string, LiveClaimView> = new Map();
const NO_UNKNOWN_REFS: ReadonlyMap<string, LiveClaimUnknownRef> = new Map();
const nothingHeard = (liveId: string): Heard => ({
  liveId,
  claims: NOTHING,
  unknownRefs: NO_UNKNOWN_REFS,
  counters: null,
});

/**
 * A live's claims: the server's snapshot, with what the stream brought on top of it, each claim at
 * the highest version seen. A change heard before the snapshot arrived is kept, so the order in
 * which the two come does not matter. `resumeAfter()` is the version a reconnecting stream asks
 * to resume after (undefined while nothing was read).
 */
export function useLiveClaims(liveId: string) {
  const snapshot = useQuery(liveClaimsQueryOptions(liveId));
  const [heard, setHeard] = useState<Heard>(() => nothingHeard(liveId));
  const current = heard.liveId === liveId ? heard : nothingHeard(liveId);

  const apply = useCallback(
    (change: LiveClaimsChange) => {
      if (change.liveId !== liveId) return;
      setHeard((previous) => {
        const base = previous.liveId === liveId ? previous : nothingHeard(liveId);
        const claims = mergeClaims(base.claims, change.claims);
        const unknownRefs = mergeUnknownRefs(base.unknownRefs, change.unknownRefs);
        const counters =
          !base.counters || change.version >= base.counters.version
            ? { version: change.version, counters: change.counters }
            : base.counters;
        return { liveId, claims, unknownRefs, counters };
      });
    },
    [liveId],
  );

  const data = snapshot.data;
  const claims = useMemo(() => {
    const fromSnapshot = new Map((data?.claims ?? []).map((claim) => [claim.id, claim]));
    return numberWaitlists(mergeClaims(fromSnapshot, [...current.claims.values()]));
  }, [data, current.claims]);
  const unknownRefs = useMemo(
    () =>
      mergeUnknownRefs(new Map((data?.unknownRefs ?? []).map((unknown) => [unknown.id, unknown])), [
        ...current.unknownRefs.values(),
      ]),
    [data, current.unknownRefs],
  );
  const version = highestVersion(
    [...current.claims.values(), ...current.unknownRefs.values()],
    data?.version ?? 0,
  );
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

  return {
    snapshot,
    claims,
    unknownRefs,
    counters,
    settings: data?.settings ?? null,
    version,
    apply,
    resumeAfter,
  };
}
