import { TO_CONFIRM_LABEL, type LiveClaimView } from "@vitrine/domain";
import { CheckIcon, XIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { BusyButton } from "../../../components/ui/busy-button";
import { cn } from "../../../lib/cn";
import type { ClaimAction } from "../../admin-shared/api/live-claims";
import { doubtReasonText, doubtSecondsLeft, doubtTimeLeftText } from "../../live-claims";
import { claimActionLabels, claimActionName } from "../use-claim-actions";

/** The action running, if any: its button shows busy, every claim button waits for it. */
export interface PendingClaimAction {
  claimId: string;
  action: ClaimAction;
}

// Amber on its lightest tint passes WCAG AA (4.5:1) for the badge's small bold text.
const toConfirmBadge =
  "inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900";

/** The seconds left before the server drops the doubt, read again every second while it waits. */
function useDoubtSecondsLeft(claim: LiveClaimView): number | null {
  const [now, setNow] = useState(() => Date.now());
  const waiting = claim.toConfirm && claim.doubtUntil !== null;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [waiting]);
  return doubtSecondsLeft(claim, now);
}

/**
 * 'À confirmer', why the reader doubted, and the time left. The countdown is a timer: a screen
 * reader reads it where it stands but does not announce its ticks (the page announces the doubt
 * once, and again when little time is left).
 */
export function DoubtNote({ claim, className }: { claim: LiveClaimView; className?: string }) {
  const secondsLeft = useDoubtSecondsLeft(claim);
  if (!claim.toConfirm) return null;
  const reason = doubtReasonText(claim);
  return (
    <span className={cn("flex flex-wrap items-center gap-x-2 gap-y-1 text-xs", className)}>
      <span className={toConfirmBadge}>{TO_CONFIRM_LABEL}</span>
      {reason ? <span className="text-muted-foreground">{reason}</span> : null}
      {secondsLeft !== null ? (
        <span
          role="timer"
          className={cn("font-semibold tabular-nums", secondsLeft <= 10 && "text-destructive")}
        >
          {doubtTimeLeftText(secondsLeft)}
        </span>
      ) : null}
    </span>
  );
}

/** 'Confirmer' and 'Ignorer' on a doubt, one tap each (the server refuses an answer given twice). */
export function DoubtButtons({
  claim,
  onAction,
  pending,
}: {
  claim: LiveClaimView;
  onAction: (claim: LiveClaimView, action: ClaimAction) => void;
  pending: PendingClaimAction | null;
}) {
  if (!claim.toConfirm) return null;
  const button = (action: "confirm" | "ignore") => (
    <BusyButton
      type="button"
      size="sm"
      variant={action === "confirm" ? "default" : "outline"}
      busy={pending?.claimId === claim.id && pending.action === action}
      disabled={pending !== null}
      icon={action === "confirm" ? <CheckIcon aria-hidden /> : <XIcon aria-hidden />}
      aria-label={claimActionName(action, claim)}
      onClick={() => onAction(claim, action)}
    >
      {claimActionLabels[action]}
    </BusyButton>
  );
  return (
    <span className="flex flex-wrap gap-2">
      {button("confirm")}
      {button("ignore")}
    </span>
  );
}
