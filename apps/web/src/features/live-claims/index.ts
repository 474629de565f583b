// The claims of a live as the back office shows them: the hook that keeps them current, the texts
// each screen writes about a claim, and the claim mode's select. What the areas use; the rest (how
// the claims are merged and numbered) stays inside.
export { ClaimModeOptions, ClaimModeSelect, claimModeHints } from "./claim-mode-select";
export {
  claimBadgeText,
  claimedPieces,
  counterItems,
  doubtAnswerText,
  doubtReasonText,
  doubtSecondsLeft,
  doubtTimeLeftText,
  holderText,
  newLateUnclaims,
  parseDoubtSeconds,
  readText,
  saleOrderText,
  salePaymentText,
  type ClaimedPieceView,
} from "./claims-view";
export { useLiveClaims } from "./use-live-claims";
