import { useQuery, useQueryClient } from "@tanstack/react-query";
import { adminOrderMessages, liveSellingMessages, type LiveFeedEvent } from "@vitrine/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "../../lib/toast";
import { staffRefusalMessage } from "../../lib/refusal-message";
import { claimablesQueryOptions, findAvailableProduct, useSidebarAdd } from "./api";
import { lastSeqOf } from "../admin-shared/live-feed/feed-merge";
import { nextAutoClaim, type PendingClaim } from "./claims";

/** Adds a comment's claim: the product of that reference to that viewer's order of the live. */
export function useClaimAdd(liveId: string) {
  const queryClient = useQueryClient();
  const add = useSidebarAdd();
  const [pendingSeq, setPendingSeq] = useState<number | null>(null);

  const addClaim = useCallback(
    async (claim: PendingClaim): Promise<void> => {
      setPendingSeq(claim.event.seq);
      try {
        const product = await findAvailableProduct(queryClient, liveId, claim.ref);
        if (!product) {
          toast.error(adminOrderMessages.alreadySold);
          await queryClient.invalidateQueries({ queryKey: claimablesQueryOptions(liveId).queryKey });
          return;
        }
        await add.mutateAsync({
          liveId,
          productId: product.id,
          handle: claim.handle,
          sourceEventId: claim.event.id,
        });
        toast.success(liveSellingMessages.added, { description: `@${claim.handle} · réf ${claim.ref}` });
      } catch (failure) {
        toast.error(staffRefusalMessage(failure, liveSellingMessages.addFailed));
      } finally {
        setPendingSeq(null);
      }
    },
    [add, liveId, queryClient],
  );

  return { addClaim, pendingSeq };
}

/**
 * 'Ajout automatique': while on, adds the claims of comments that arrived after it was switched
 * on, one at a time in seq order, each after what is for sale was read again, so the first
 * claimer wins and the later ones land on the waitlist.
 */
export function useAutoClaim(
  liveId: string,
  events: readonly LiveFeedEvent[],
  addClaim: (claim: PendingClaim) => Promise<void>,
) {
  const claimables = useQuery(claimablesQueryOptions(liveId));
  // The live it was switched on for: choosing another live switches it off.
  const [enabledFor, setEnabledFor] = useState<string | null>(null);
  const enabled = enabledFor === liveId;
  const [sinceSeq, setSinceSeq] = useState(0);
  const [round, setRound] = useState(0);
  const running = useRef(false);
  const tried = useRef(new Set<number>());

  const toggle = (on: boolean) => {
    setEnabledFor(on ? liveId : null);
    if (on) {
      setSinceSeq(lastSeqOf(events) ?? 0);
      tried.current = new Set();
    }
  };

  useEffect(() => {
    if (!enabled || running.current || !claimables.data || claimables.isFetching) return;
    const next = nextAutoClaim(
      events.filter((event) => event.liveId === liveId),
      claimables.data,
      sinceSeq,
      tried.current,
    );
    if (!next) return;
    running.current = true;
    tried.current.add(next.event.seq);
    void addClaim(next).finally(() => {
      running.current = false;
      setRound((value) => value + 1);
    });
  }, [enabled, events, liveId, claimables.data, claimables.isFetching, sinceSeq, addClaim, round]);

  return { enabled, toggle };
}
