import { formatEuros, liveSiteMessages } from "@vitrine/domain";
import { LoadError } from "../../../components/load-error";
import { BusyButton } from "../../../components/ui/busy-button";
import { Skeleton } from "../../../components/ui/skeleton";
import { staffRefusalMessage } from "../../../lib/refusal-message";
import { toast } from "../../../lib/toast";
import { useLivePieces, useShowPiece } from "../api";

const LOAD_FAILED = "Impossible de charger les pièces du live";
const SHOW_FAILED = "Impossible de présenter cette pièce";

/**
 * The live's pieces, each with 'Présenter': the piece on show is what the customers' live pages
 * show, and what they may take from the site. It stays said here until the next one.
 */
export function LivePiecesPanel({ liveId }: { liveId: string }) {
  const pieces = useLivePieces(liveId);
  const show = useShowPiece(liveId);
  const shown = pieces.data?.shown ?? null;
  const present = (productId: string) =>
    show.mutate(productId, {
      onError: (failure) => toast.error(staffRefusalMessage(failure, SHOW_FAILED)),
    });
  return (
    <section aria-labelledby="live-pieces-heading" className="flex flex-col gap-3">
      <h2 id="live-pieces-heading" className="text-lg font-semibold">
        Pièces du live
      </h2>
      <p role="status" aria-live="polite" className="font-medium">
        {shown ? liveSiteMessages.pieceShown(shown.ref) : liveSiteMessages.noPieceShown}
      </p>
      {pieces.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : pieces.isError ? (
        <LoadError message={LOAD_FAILED} onRetry={() => void pieces.refetch()} />
      ) : pieces.data.pieces.length === 0 ? (
        <p className="text-sm text-muted-foreground">Aucune pièce dans ce live</p>
      ) : (
        <ul aria-label="Pièces à présenter" className="flex max-h-72 flex-col gap-1 overflow-y-auto text-sm">
          {pieces.data.pieces.map((piece) => (
            <li key={piece.productId} className="flex items-center gap-2 rounded-md border bg-background p-2">
              <span className="min-w-0 flex-1 break-words">
                <span className="font-mono tabular-nums">Réf {piece.ref}</span> · {piece.name} ·{" "}
                <span className="tabular-nums">{formatEuros(piece.priceCents)}</span>
              </span>
              <BusyButton
                type="button"
                size="sm"
                variant={shown?.productId === piece.productId ? "default" : "outline"}
                aria-pressed={shown?.productId === piece.productId}
                aria-label={liveSiteMessages.presentPiece(piece.ref)}
                busy={show.isPending && show.variables === piece.productId}
                disabled={show.isPending}
                onClick={() => present(piece.productId)}
              >
                {liveSiteMessages.present}
              </BusyButton>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
