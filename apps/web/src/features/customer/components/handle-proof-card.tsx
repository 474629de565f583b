import { useQuery } from "@tanstack/react-query";
import { handleProofMessages } from "@vitrine/domain";
import { BadgeCheck, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Card, CardContent } from "../../../components/ui/card";
import { IconButton } from "../../../components/ui/icon-button";
import { toast } from "../../../lib/toast";
import { customerProfileQueryOptions } from "../api/profile";

/** How often an unverified profile asks whether a live comment carried its code. */
export const HANDLE_PROOF_POLL_MS = 4_000;

/**
 * The proof that the TikTok handle is the customer's: the code to comment during a live, until a
 * comment of that handle carried it. The page asks again every few seconds while it is shown, and
 * says so (a polite live region and a toast) the moment the ingestion verified it. `reason` says,
 * while unproven, what the proof would let the customer do; `onVerified` lets the page read again
 * what the server now allows.
 */
export function HandleProofCard({ reason, onVerified }: { reason?: string; onVerified?: () => void } = {}) {
  const [justVerified, setJustVerified] = useState(false);
  const profile = useQuery({
    ...customerProfileQueryOptions,
    // Only while unverified; TanStack Query stops polling while the tab is hidden.
    refetchInterval: (query) => (query.state.data?.profile.handleVerified ? false : HANDLE_PROOF_POLL_MS),
  });
  const verified = profile.data?.handleVerified ?? false;
  const wasVerified = useRef<boolean | undefined>(undefined);
  useEffect(() => {
    if (profile.data === undefined) return;
    if (wasVerified.current === false && verified) {
      setJustVerified(true);
      toast.success(handleProofMessages.verifiedNow);
      onVerified?.();
    }
    wasVerified.current = verified;
  }, [profile.data, verified, onVerified]);

  if (!profile.data?.tiktokUsername) return null;
  const code = profile.data.handleProofCode;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success("Code copié");
    } catch {
      toast.error("Impossible de copier le code : recopiez-le à la main");
    }
  };

  return (
    <Card>
      <CardContent className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Preuve du pseudo TikTok</h2>
        <div role="status" aria-live="polite" className="flex flex-col gap-3">
          {verified ? (
            <p className="flex items-center gap-2 font-medium text-success">
              <BadgeCheck aria-hidden className="size-5" />
              {justVerified ? handleProofMessages.verifiedNow : handleProofMessages.verified}
            </p>
          ) : (
            <>
              {reason ? <p>{reason}</p> : null}
              <p>{handleProofMessages.howTo(code)}</p>
            </>
          )}
        </div>
        {verified ? null : (
          <div className="flex items-center gap-2">
            <p className="rounded-md border bg-muted px-4 py-2 font-mono text-3xl font-bold tracking-widest select-all">
              {code}
            </p>
            <IconButton label="Copier le code" icon={Copy} variant="outline" onClick={() => void copy()} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
