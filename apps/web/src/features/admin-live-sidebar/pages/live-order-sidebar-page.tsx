import { useQueryClient } from "@tanstack/react-query";
import { liveClaimMessages, liveSellingMessages, viewerLabel } from "@vitrine/domain";
import { ArrowLeftIcon, ArrowUpIcon, Maximize2Icon, Minimize2Icon, RefreshCwIcon } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { IconButton } from "../../../components/ui/icon-button";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { Skeleton } from "../../../components/ui/skeleton";
import { cn } from "../../../lib/cn";
import { paths } from "../../../lib/paths";
import { useUrlParam } from "../../../lib/use-url-param";
import { useActiveLives, useClaimables, useSourceHelp, useUnheardHandles } from "../api";
import { waitingCommentsText } from "../feed-hold";
import {
  LiveSilenceBanner,
  LiveSourceHealthList,
  missedCommentsText,
  streamStateLabels,
  useLiveFeed,
} from "../../live-feed";
import { CommentFeed } from "../components/comment-feed";
import { LiveClaimsPanel } from "../components/live-claims-panel";
import { LiveOrdersList } from "../components/live-orders-list";
import { LivePiecesPanel } from "../components/live-pieces-panel";
import { SidebarAddForm } from "../components/sidebar-add-form";
import { sourceStatusText } from "../source-status";
import { useClaimActions } from "../use-claim-actions";
import { useDoubtAnnouncements } from "../use-doubt-announcements";
import { useFeedHold } from "../use-feed-hold";
import { newLateUnclaims, useLiveClaims } from "../../live-claims";
import { toast } from "../../../lib/toast";
import { liveClaimsKey } from "../../admin-shared/api/live-claims";
import type { LiveClaimView } from "@vitrine/domain";

const isEqual = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((part, index) => part === b[index]);

/** The clock, read again every `everyMs`: texts such as "il y a 3 min" stay true. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

const NO_HANDLES: ReadonlySet<string> = new Set();

/** What a phone shows of the page at a time. */
const PHONE_VIEWS = ["comments", "claims", "add"] as const;
type PhoneView = (typeof PHONE_VIEWS)[number];
const phoneViewLabels: Record<PhoneView, string> = {
  comments: "Commentaires",
  claims: "Réservations",
  add: "Ajouter",
};

/**
 * On a phone the page shows one part at a time, chosen here: one above the other, the claims and
 * the add form began some 9,000 px down, under the whole comment feed. Wider screens show all.
 */
function PhoneViewSwitch({ view, onChange }: { view: PhoneView; onChange: (view: PhoneView) => void }) {
  return (
    <div
      role="group"
      aria-label="Partie affichée"
      className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1 md:hidden"
    >
      {PHONE_VIEWS.map((candidate) => (
        <Button
          key={candidate}
          type="button"
          size="sm"
          variant={candidate === view ? "default" : "ghost"}
          aria-pressed={candidate === view}
          onClick={() => onChange(candidate)}
        >
          {phoneViewLabels[candidate]}
        </Button>
      ))}
    </div>
  );
}

/** Full-screen page kept beside the live stream; it lives outside the back office frame. */
export function LiveOrderSidebarPage() {
  const queryClient = useQueryClient();
  const lives = useActiveLives();
  const [liveParam, setLiveParam] = useUrlParam("live");
  const activeLives = useMemo(() => lives.data ?? [], [lives.data]);
  const liveId = activeLives.some((live) => live.id === liveParam) ? liveParam : (activeLives[0]?.id ?? "");
  const liveTitles = useMemo(() => new Map(activeLives.map((live) => [live.id, live.title])), [activeLives]);
  const [expanded, setExpanded] = useState(false);
  const [phoneView, setPhoneView] = useState<PhoneView>("comments");
  // A part of the page stays hidden on a phone unless its view is chosen.
  const phoneHiddenUnless = (view: PhoneView) => (phoneView === view ? undefined : "max-md:hidden");
  const selectId = useId();

  // The server decides the claims; the page shows its snapshot and the stream's changes.
  const claims = useLiveClaims(liveId);
  const feed = useLiveFeed({
    types: "chat",
    onOrders: (change) => {
      if (change && change.liveId !== liveId) return;
      void queryClient.invalidateQueries({
        queryKey: ["admin", "live-sidebar", liveId],
        // The stream brings the claims itself: only a catch-up (nothing heard) reads them again.
        predicate: (query) => change === null || !isEqual(query.queryKey, liveClaimsKey(liveId)),
      });
    },
    onClaims: (change) => {
      if (change.liveId === liveId) {
        // The server ignored an un-claim of a paid piece: staff hear of it once.
        for (const late of newLateUnclaims(claims.claims, change.claims)) {
          toast.warning(liveClaimMessages.lateUnclaim, {
            description: `${viewerLabel(late.handle, late.nickname)} · réf ${late.ref}`,
          });
        }
      }
      claims.apply(change);
    },
    claimsResume: claims.resumeAfter,
  });
  const claimables = useClaimables(liveId);
  const unheard = useUnheardHandles(liveId);
  const actions = useClaimActions(liveId);
  const pending =
    actions.pendingId !== null && actions.pendingAction !== null
      ? { claimId: actions.pendingId, action: actions.pendingAction }
      : null;
  const doubtSentences = useDoubtAnnouncements(liveId, claims.claims, claims.snapshot.data !== undefined);
  const claimsByEvent = useMemo(() => {
    const byEvent = new Map<string, LiveClaimView[]>();
    for (const claim of claims.claims.values()) {
      const list = byEvent.get(claim.eventId) ?? [];
      list.push(claim);
      byEvent.set(claim.eventId, list);
    }
    return byEvent;
  }, [claims.claims]);
  const unknownRefsByEvent = useMemo(() => {
    const byEvent = new Map<string, number[]>();
    for (const unknown of claims.unknownRefs.values()) {
      byEvent.set(unknown.eventId, [...(byEvent.get(unknown.eventId) ?? []), unknown.ref]);
    }
    return byEvent;
  }, [claims.unknownRefs]);
  // A claim staff clicked holds the feed until the server answered.
  const hold = useFeedHold(feed.events, actions.pendingId !== null);
  const waiting = waitingCommentsText(hold.waiting);

  const missed = missedCommentsText(feed.missed);
  const liveEvents = feed.events.filter((event) => event.liveId === liveId);
  const now = useNow(30_000);
  const sourceHelp = useSourceHelp();
  const lastComment = liveEvents.at(-1);
  const sourceStatus = sourceStatusText({
    state: feed.sources.find((source) => source.liveId === liveId)?.state ?? null,
    liveRef: activeLives.find((live) => live.id === liveId)?.ref ?? "<ref>",
    // Until the server said, no command: production must never flash one.
    simulatorAvailable: sourceHelp.data?.simulatorAvailable === true,
    lastCommentAt: lastComment ? Date.parse(lastComment.insertedAt) : null,
    now,
  });

  return (
    <div className="flex min-h-dvh flex-col bg-muted/30 lg:h-dvh lg:flex-row">
      <title>Commande live · Vitrine</title>
      <main
        className={cn("flex min-w-0 flex-col gap-4 p-4 md:flex-1 lg:overflow-y-auto", expanded && "hidden")}
      >
        <div className="flex flex-wrap items-center gap-3">
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.admin.home()}>
              <ArrowLeftIcon aria-hidden />
              Tableau de bord
            </Link>
          </Button>
          <h1 className="text-2xl font-bold">Commande live</h1>
        </div>
        {/* Whatever the phone view: staff must see that comments stopped coming. */}
        {liveId ? <LiveSilenceBanner liveId={liveId} /> : null}
        <PhoneViewSwitch view={phoneView} onChange={setPhoneView} />
        <div
          className={cn("flex flex-wrap items-center gap-x-4 gap-y-2 text-sm", phoneHiddenUnless("comments"))}
          aria-live="polite"
        >
          {sourceStatus.kind === "none" && sourceStatus.command !== null ? (
            <p className="font-medium">
              {sourceStatus.text} (
              <code className="rounded bg-muted px-1 break-all">{sourceStatus.command}</code>)
            </p>
          ) : (
            <p className="font-medium">{sourceStatus.text}</p>
          )}
          <p className="text-muted-foreground">{streamStateLabels[feed.streamState]}</p>
          {missed ? <p className="font-medium">{missed}</p> : null}
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="ml-auto"
            disabled={feed.refreshing}
            onClick={() => void feed.refresh()}
          >
            <RefreshCwIcon aria-hidden />
            Actualiser les commentaires
          </Button>
        </div>
        {liveId ? (
          <div className={phoneHiddenUnless("comments")}>
            <LiveSourceHealthList liveId={liveId} />
          </div>
        ) : null}
        {feed.loadFailed ? (
          <div className={phoneHiddenUnless("comments")}>
            <LoadError message={liveSellingMessages.eventsLoadFailed} onRetry={() => void feed.refresh()} />
          </div>
        ) : null}
        <section
          aria-label="Commentaires du live"
          className={cn("flex flex-col gap-2", phoneHiddenUnless("comments"))}
          {...hold.containerProps}
        >
          {/* Always there, so that the bar appearing does not push the cards down. */}
          <div className="flex h-9 items-center" aria-live="polite">
            {waiting ? (
              <Button type="button" size="sm" variant="secondary" className="w-full" onClick={hold.bringIn}>
                <ArrowUpIcon aria-hidden />
                {waiting}
              </Button>
            ) : null}
          </div>
          <CommentFeed
            listRef={hold.listRef}
            events={hold.shown}
            liveId={liveId}
            claimsByEvent={claimsByEvent}
            unknownRefsByEvent={unknownRefsByEvent}
            liveTitles={liveTitles}
            onAction={actions.run}
            pending={pending}
          />
        </section>
      </main>
      <aside
        aria-label="Ajout aux commandes"
        className={cn(
          "flex flex-col gap-6 border-border bg-background p-4 max-lg:border-t lg:overflow-y-auto lg:border-l",
          expanded ? "w-full" : "lg:w-80 lg:shrink-0",
          phoneView === "comments" && "max-md:hidden",
        )}
      >
        <div className={cn("flex items-center justify-between gap-2", phoneHiddenUnless("add"))}>
          <h2 className="text-lg font-semibold">Ajouter à une commande</h2>
          <IconButton
            label={expanded ? "Quitter le plein écran" : "Afficher en plein écran"}
            icon={expanded ? Minimize2Icon : Maximize2Icon}
            aria-pressed={expanded}
            onClick={() => setExpanded((value) => !value)}
          />
        </div>
        {lives.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : lives.isError ? (
          <LoadError message={liveSellingMessages.livesLoadFailed} onRetry={() => void lives.refetch()} />
        ) : activeLives.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aucun live actif pour le moment</p>
        ) : (
          <>
            <div className="flex flex-col gap-2">
              <Label htmlFor={selectId}>Live</Label>
              <NativeSelect
                id={selectId}
                value={liveId}
                onChange={(event) => setLiveParam(event.target.value)}
              >
                {activeLives.map((live) => (
                  <option key={live.id} value={live.id}>
                    {live.title}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className={phoneHiddenUnless("claims")}>
              <LivePiecesPanel liveId={liveId} />
            </div>
            <div className={phoneHiddenUnless("claims")}>
              <LiveClaimsPanel
                liveId={liveId}
                claims={claims.claims}
                counters={claims.counters}
                loading={claims.snapshot.isPending}
                // A refetch that failed keeps what was read: the stream goes on bringing changes.
                failed={claims.snapshot.isError && claims.snapshot.data === undefined}
                onRetry={() => void claims.snapshot.refetch()}
                onAction={actions.run}
                pending={pending}
                unheard={unheard.data ?? NO_HANDLES}
              />
            </div>

            <div className={cn("flex flex-col gap-6", phoneHiddenUnless("add"))}>
              <SidebarAddForm key={liveId} liveId={liveId} claimables={claimables.data} />
              <LiveOrdersList liveId={liveId} />
            </div>
          </>
        )}
      </aside>
      {/* Polite: each doubt said once, and once more near its end; never the countdown's ticks. */}
      <div role="status" aria-live="polite" aria-atomic="false" className="sr-only">
        {doubtSentences.map((sentence) => (
          <p key={sentence.key}>{sentence.text}</p>
        ))}
      </div>
      {actions.dialog}
    </div>
  );
}
