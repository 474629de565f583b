import {
  LIVE_PLATFORMS,
  lastEventAgeText,
  liveSilenceText,
  liveSourceStateLabels,
  livePlatformLabels,
  sourceGapText,
  type LivePlatform,
  type LiveSourceHealth,
} from "@vitrine/domain";
import { Alert } from "../../components/ui/alert";
import { useLiveSourceHealth } from "./api";

/** 'Connecté · Dernier événement il y a 12 s · Reconnexions : 2 · Doublons écartés : 5'. */
export function sourceHealthText(source: LiveSourceHealth["sources"][number], nowMs: number): string {
  const parts = [liveSourceStateLabels[source.state]];
  if (source.lastEventAt !== null) parts.push(lastEventAgeText(Date.parse(source.lastEventAt), nowMs));
  parts.push(`Reconnexions : ${source.reconnects}`, `Doublons écartés : ${source.duplicatesDropped}`);
  return parts.join(" · ");
}

/** A source reports under its platform's name ('youtube'): shown as the platform writes itself. */
export function sourceName(source: string): string {
  return isPlatform(source) ? livePlatformLabels[source] : source;
}

const isPlatform = (source: string): source is LivePlatform =>
  (LIVE_PLATFORMS as readonly string[]).includes(source);

/**
 * The silence banner: the server decides when the live is silent, the page only shows it. Inserted
 * as an alert, so a screen reader announces it when it appears.
 */
export function LiveSilenceBanner({ liveId }: { liveId: string }) {
  const health = useLiveSourceHealth(liveId);
  if (!health.data?.silent) return null;
  return <Alert variant="error">{liveSilenceText(health.data.silenceSeconds)}</Alert>;
}

/**
 * Each source of the live with its health, by the server's clock; with `gaps`, the cuts its
 * sources reported, newest first, and how many.
 */
export function LiveSourceHealthList({ liveId, gaps = false }: { liveId: string; gaps?: boolean }) {
  const health = useLiveSourceHealth(liveId);
  if (!health.data) return null;
  const { sources, now } = health.data;
  const nowMs = Date.parse(now);
  return (
    <div className="flex flex-col gap-2 text-sm">
      {sources.length === 0 ? (
        <p className="text-muted-foreground">Aucune source n'a encore donné de nouvelles</p>
      ) : (
        <ul aria-label="Sources du live" className="flex flex-col gap-1">
          {sources.map((source) => (
            <li key={source.source}>
              <span className="font-medium">{sourceName(source.source)}</span> :{" "}
              {sourceHealthText(source, nowMs)}
            </li>
          ))}
        </ul>
      )}
      {gaps ? (
        <>
          <p className="font-medium">Coupures : {health.data.gaps.length}</p>
          {health.data.gaps.length > 0 ? (
            <ul aria-label="Coupures" className="flex flex-col gap-1">
              {health.data.gaps.map((gap) => (
                <li key={gap.id}>
                  {sourceGapText(Date.parse(gap.from), Date.parse(gap.to))}
                  {gap.resent > 0 ? ` (${gap.resent} événements renvoyés à la reconnexion)` : ""}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
