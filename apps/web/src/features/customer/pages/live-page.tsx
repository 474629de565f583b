import {
  customerClaimStateLabels,
  customerClaimWaitReasons,
  formatEuros,
  formatHoldLeft,
  handleProofMessages,
  pieceLookParts,
  requestMismatchText,
  type CustomerClaimState,
  type CustomerLiveClaim,
  type CustomerLiveOrder,
  type CustomerLiveSnapshot,
} from "@vitrine/domain";
import { RadioIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { cn } from "../../../lib/cn";
import { paths } from "../../../lib/paths";
import { useCustomerLive, type CustomerLiveView } from "../api/live";
import { describeLiveChanges, formatParisDateTime, liveResult } from "../live/live-changes";
import { CommentTestCard } from "../components/comment-test-card";
import { HandleProofCard } from "../components/handle-proof-card";
import { ShownPieceCard } from "../components/shown-piece-card";
import { rememberOrderToPay } from "../order-to-pay";

const LOAD_FAILED = "Le live n'a pas pu être chargé.";
const PAY_LABEL = "Valider et payer ma commande";

// Each pair passes WCAG AA contrast (4.5:1) for the badge's small bold text.
const stateClasses: Record<CustomerClaimState, string> = {
  reserved: "bg-green-50 text-green-800",
  paid: "bg-lime-100 text-lime-900",
  pending: "bg-indigo-50 text-indigo-700",
  "to-confirm": "bg-amber-50 text-amber-800",
  waitlisted: "bg-purple-50 text-purple-700",
  expired: "bg-red-50 text-red-700",
  released: "bg-stone-100 text-stone-700",
  sold: "bg-stone-100 text-stone-700",
};

const cardClassName = "flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5";

/** /customer/live: the customer's own claims of the live, as they change. */
export function LivePage() {
  const { query, streamState } = useCustomerLive();
  const announcements = useAnnouncements(query.data?.snapshot);

  return (
    <div className="flex flex-col gap-6">
      <title>Live · Vitrine</title>
      <h1 className="text-2xl font-bold md:text-3xl">Live</h1>
      {/* Polite: read out between what the customer is doing, never the countdown's ticks. */}
      <div role="status" aria-live="polite" aria-atomic="false" className="sr-only">
        {announcements.map((announcement) => (
          <p key={announcement.key}>{announcement.text}</p>
        ))}
      </div>
      {streamState === "reconnecting" ? (
        <p className="text-sm text-muted-foreground">Connexion interrompue, reconnexion en cours…</p>
      ) : null}
      {query.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <p className="sr-only">Chargement du live...</p>
          <Skeleton className="h-32 w-full rounded-xl" />
          <Skeleton className="h-32 w-full rounded-xl" />
        </div>
      ) : query.isError ? (
        <LoadError message={LOAD_FAILED} onRetry={() => void query.refetch()} />
      ) : (
        <LiveContent view={query.data} onHandleProven={() => void query.refetch()} />
      )}
    </div>
  );
}

/** The sentences announced so far (the latest few), each with a key of its own. */
function useAnnouncements(snapshot: CustomerLiveSnapshot | undefined) {
  const previous = useRef<CustomerLiveSnapshot | undefined>(undefined);
  const counter = useRef(0);
  const [announcements, setAnnouncements] = useState<{ key: number; text: string }[]>([]);
  useEffect(() => {
    if (!snapshot) return;
    const sentences = describeLiveChanges(previous.current, snapshot);
    previous.current = snapshot;
    if (sentences.length === 0) return;
    const added = sentences.map((text) => ({ key: ++counter.current, text }));
    setAnnouncements((current) => [...current, ...added].slice(-5));
  }, [snapshot]);
  return announcements;
}

/** `onHandleProven`: the handle was just proven, the snapshot says so once read again. */
function LiveContent({ view, onHandleProven }: { view: CustomerLiveView; onHandleProven: () => void }) {
  const { snapshot } = view;
  const { live } = snapshot;
  if (snapshot.claimsHidden) {
    return (
      <div className={cardClassName}>
        <p>{handleProofMessages.noHandle}</p>
        <p>
          <Link
            to={paths.customer.profile()}
            className="font-medium text-primary underline underline-offset-4"
          >
            Aller à mon profil
          </Link>
        </p>
      </div>
    );
  }
  // Before the proof the pieces are theirs to pay; what else would change them waits for it.
  const proof = snapshot.handleProofNeeded ? (
    <HandleProofCard reason={handleProofMessages.commentOrdersNeedProof} onVerified={onHandleProven} />
  ) : null;
  if (!live) {
    return (
      <div className="flex flex-col gap-4">
        {proof}
        <EmptyState
          title="Aucun live pour le moment"
          text="Pendant un live, les pièces que vous réservez en commentaire apparaissent ici en direct."
        />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {live.isActive ? (
        <p className="flex items-center gap-2 font-medium">
          <RadioIcon className="size-5 text-red-600" aria-hidden="true" />
          En direct&nbsp;: {live.title}
        </p>
      ) : (
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-semibold">Aucun live en cours</h2>
          <p className="text-muted-foreground">
            Le dernier live, «&nbsp;{live.title}&nbsp;», a eu lieu le{" "}
            <time dateTime={live.startedAt}>{formatParisDateTime(live.startedAt)}</time>.
          </p>
          <p>Votre résultat&nbsp;: {liveResult(snapshot.claims)}.</p>
        </div>
      )}
      {live.isActive && snapshot.shownPiece ? (
        <ShownPieceCard piece={snapshot.shownPiece} snapshot={snapshot} />
      ) : null}
      <PayButtons orders={snapshot.orders} />
      {snapshot.claims.length === 0 ? (
        live.isActive ? (
          <EmptyState
            title="Aucune pièce pour l'instant"
            // In braces: a JSX attribute in quotes would print "\u00a0" as it is written.
            text={
              "Écrivez par exemple «\u00a0je prends le 12\u00a0» en commentaire du live\u00a0: la pièce apparaît ici dès qu'elle est à vous ou que vous êtes sur sa liste d'attente."
            }
          />
        ) : null
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Mes pièces du live">
          {snapshot.claims.map((claim) => (
            <li key={claim.id}>
              <ClaimCard claim={claim} clockOffsetMs={view.clockOffsetMs} />
            </li>
          ))}
        </ul>
      )}
      {live.isActive ? <CommentTestCard /> : null}
      {/* Under the pieces: on a phone they are what the page is opened for, on its first screen. */}
      {proof}
    </div>
  );
}

/** One button per order still to validate or pay; each names its order when there are several. */
function PayButtons({ orders }: { orders: readonly CustomerLiveOrder[] }) {
  const open = orders.filter((order) => order.status === "to-validate" || order.status === "to-pay");
  if (open.length === 0) return null;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      {open.map((order) => {
        const label = open.length > 1 ? `${PAY_LABEL} ${order.orderNumber}` : PAY_LABEL;
        return (
          <Button asChild key={order.id}>
            {order.status === "to-pay" ? (
              <Link
                to={paths.payment(order.id)}
                onClick={() => rememberOrderToPay({ id: order.id, totalAmountCents: order.totalAmountCents })}
              >
                {label}
              </Link>
            ) : (
              <Link to={paths.customer.order(order.id)}>{label}</Link>
            )}
          </Button>
        );
      })}
    </div>
  );
}

function ClaimCard({ claim, clockOffsetMs }: { claim: CustomerLiveClaim; clockOffsetMs: number }) {
  const titleId = useId();
  // The piece as it is, never what the comment asked for: that is said apart when it differs.
  const look = pieceLookParts(claim);
  const mismatch = requestMismatchText(claim, claim);
  const reason = customerClaimWaitReasons[claim.state];
  return (
    <article aria-labelledby={titleId} className={cardClassName}>
      {/* The badge goes under the title when both do not fit: 'En attente de confirmation par la
          boutique' beside a name leaves the name no room on a phone. */}
      <header className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h3 id={titleId} className="min-w-0 flex-1 basis-40 font-semibold break-words">
          n°&nbsp;{claim.ref} {claim.productName}
        </h3>
        <span
          className={cn(
            "inline-flex max-w-full items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
            stateClasses[claim.state],
          )}
        >
          {customerClaimStateLabels[claim.state]}
        </span>
      </header>
      <p className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="font-semibold tabular-nums">{formatEuros(claim.priceCents)}</span>
        <span className="text-sm text-muted-foreground">{look.join(" · ")}</span>
      </p>
      {mismatch ? <p className="text-sm font-medium">{mismatch}</p> : null}
      {reason ? <p className="text-sm">{reason}</p> : null}
      {claim.state === "waitlisted" && claim.waitlistPosition !== null ? (
        <p className="text-sm">n°&nbsp;{claim.waitlistPosition} dans la liste d'attente</p>
      ) : null}
      {claim.state === "reserved" && claim.heldUntil ? (
        <HoldCountdown heldUntil={claim.heldUntil} clockOffsetMs={clockOffsetMs} />
      ) : null}
    </article>
  );
}

/** The hold's time left, counted on the server's clock (the device's may be off). */
function HoldCountdown({ heldUntil, clockOffsetMs }: { heldUntil: string; clockOffsetMs: number }) {
  const end = Date.parse(heldUntil);
  const [now, setNow] = useState(() => Date.now() + clockOffsetMs);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now() + clockOffsetMs), 1000);
    return () => window.clearInterval(timer);
  }, [clockOffsetMs]);
  const left = end - now;
  return (
    <p className="text-sm">
      {left > 0 ? (
        <>
          Réservé encore <span className="font-semibold tabular-nums">{formatHoldLeft(left)}</span>
        </>
      ) : (
        "Réservation terminée, en attente de confirmation…"
      )}
    </p>
  );
}

function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-card px-6 py-12 text-center">
      <RadioIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">{title}</p>
      <p className="max-w-prose text-muted-foreground">{text}</p>
    </div>
  );
}
