import { formatEuros, liveSiteMessages, type CustomerLiveSnapshot, type LivePiece } from "@vitrine/domain";
import { useId } from "react";
import { BusyButton } from "../../../components/ui/busy-button";
import { Card, CardContent } from "../../../components/ui/card";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useClaimFromSite } from "../api/live-site";

/**
 * The piece staff present in the live ('En ce moment : réf 12'), and 'Je le prends' when the
 * live's setting gives it to this customer: the claim joins the comments' line on the server.
 */
export function ShownPieceCard({
  piece,
  snapshot,
}: {
  piece: LivePiece;
  snapshot: Pick<CustomerLiveSnapshot, "siteClaimOffered" | "claims">;
}) {
  const titleId = useId();
  const claim = useClaimFromSite();
  const asked = snapshot.claims.some(
    (mine) => mine.productId === piece.productId && mine.state !== "released",
  );
  const take = () =>
    claim.mutate(piece.productId, {
      onSuccess: () => toast.success(liveSiteMessages.taken),
    });
  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardContent className="flex flex-col gap-2">
          <h2 id={titleId} className="text-lg font-semibold">
            {liveSiteMessages.onShowNow(piece.ref)}
          </h2>
          <p className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <span className="font-medium break-words">{piece.name}</span>
            <span className="font-semibold tabular-nums">{formatEuros(piece.priceCents)}</span>
          </p>
          {snapshot.siteClaimOffered && !asked ? (
            <BusyButton type="button" busy={claim.isPending} onClick={take} className="self-start">
              {liveSiteMessages.take}
            </BusyButton>
          ) : null}
          {claim.isError ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errorMessage(claim.error)}
            </p>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
