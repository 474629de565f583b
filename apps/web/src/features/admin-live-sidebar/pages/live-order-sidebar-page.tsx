import { useQueryClient } from "@tanstack/react-query";
import { liveSellingMessages } from "@vitrine/domain";
import { ArrowLeftIcon, ArrowUpIcon, Maximize2Icon, Minimize2Icon, RefreshCwIcon } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { IconButton } from "../../../components/ui/icon-button";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { Skeleton } from "../../../components/ui/skeleton";
import { Switch } from "../../../components/ui/switch";
import { cn } from "../../../lib/cn";
import { paths } from "../../../lib/paths";
import { useUrlParam } from "../../../lib/use-url-param";
import { useActiveLives, useClaimables } from "../api";
import { waitlistsOf, waitlistText } from "../claims";
import { waitingCommentsText } from "../feed-hold";
import { missedCommentsText } from "../../admin-shared/live-feed/feed-gaps";
import { CommentFeed } from "../components/comment-feed";
import { LiveOrdersList } from "../components/live-orders-list";
import { SidebarAddForm } from "../components/sidebar-add-form";
import { sourceStatusText } from "../source-status";
import { useAutoClaim, useClaimAdd } from "../use-claim-add";
import { useFeedHold } from "../use-feed-hold";
import { streamStateLabels, useLiveFeed } from "../../admin-shared/live-feed/use-live-feed";

/** The clock, read again every `everyMs`: texts such as "il y a 3 min" stay true. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
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
  const selectId = useId();
  const autoId = useId();

  const feed = useLiveFeed({
    types: "chat",
    onOrders: (change) => {
      if (change && change.liveId !== liveId) return;
      void queryClient.invalidateQueries({ queryKey: ["admin", "live-sidebar", liveId] });
    },
  });
  const claimables = useClaimables(liveId);
  const { addClaim, pendingSeq } = useClaimAdd(liveId);
  const auto = useAutoClaim(liveId, feed.events, addClaim);
  // A claim staff clicked holds the feed until it is added; the automatic add's do not.
  const [clicking, setClicking] = useState(0);
  const hold = useFeedHold(feed.events, clicking > 0);
  const waiting = waitingCommentsText(hold.waiting);

  const missed = missedCommentsText(feed.missed);
  const liveEvents = feed.events.filter((event) => event.liveId === liveId);
  const waitlists = claimables.data ? waitlistsOf(liveEvents, claimables.data) : [];
  const now = useNow(30_000);
  const lastComment = liveEvents.at(-1);
  const sourceStatus = sourceStatusText({
    state: feed.sources.find((source) => source.liveId === liveId)?.state ?? null,
    liveRef: activeLives.find((live) => live.id === liveId)?.ref ?? "<ref>",
    lastCommentAt: lastComment ? Date.parse(lastComment.insertedAt) : null,
    now,
  });

  return (
    <div className="flex min-h-dvh flex-col bg-muted/30 lg:h-dvh lg:flex-row">
      <title>Commande live · Vitrine</title>
      <main className={cn("flex min-w-0 flex-1 flex-col gap-4 p-4 lg:overflow-y-auto", expanded && "hidden")}>
        <div className="flex flex-wrap items-center gap-3">
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.admin.home()}>
              <ArrowLeftIcon aria-hidden />
              Tableau de bord
            </Link>
          </Button>
          <h1 className="text-2xl font-bold">Commande live</h1>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" aria-live="polite">
          {sourceStatus.kind === "none" ? (
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
        <div className="flex items-center gap-3">
          <Switch id={autoId} checked={auto.enabled} disabled={liveId === ""} onCheckedChange={auto.toggle} />
          <Label htmlFor={autoId}>Ajout automatique</Label>
          <span className="text-sm text-muted-foreground">
            Ajoute les réservations des nouveaux commentaires, premier arrivé premier servi.
          </span>
        </div>
        {feed.loadFailed ? (
          <LoadError message={liveSellingMessages.eventsLoadFailed} onRetry={() => void feed.refresh()} />
        ) : null}
        <section aria-label="Commentaires du live" className="flex flex-col gap-2" {...hold.containerProps}>
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
            claimables={claimables.data}
            liveTitles={liveTitles}
            onClaim={(claim) => {
              setClicking((count) => count + 1);
              void addClaim(claim).finally(() => setClicking((count) => count - 1));
            }}
            pendingSeq={pendingSeq}
          />
        </section>
      </main>
      <aside
        aria-label="Ajout aux commandes"
        className={cn(
          "flex flex-col gap-6 border-border bg-background p-4 max-lg:border-t lg:overflow-y-auto lg:border-l",
          expanded ? "w-full" : "lg:w-80 lg:shrink-0",
        )}
      >
        <div className="flex items-center justify-between gap-2">
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
            <SidebarAddForm key={liveId} liveId={liveId} claimables={claimables.data} />
            {waitlists.length > 0 ? (
              <section aria-labelledby="waitlists-heading" className="flex flex-col gap-1">
                <h2 id="waitlists-heading" className="text-lg font-semibold">
                  Listes d'attente
                </h2>
                <ul className="flex flex-col gap-1 text-sm">
                  {waitlists.map((waitlist) => (
                    <li key={waitlist.ref}>{waitlistText(waitlist)}</li>
                  ))}
                </ul>
              </section>
            ) : null}
            <LiveOrdersList liveId={liveId} />
          </>
        )}
      </aside>
    </div>
  );
}
