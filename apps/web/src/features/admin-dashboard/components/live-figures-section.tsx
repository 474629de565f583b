import {
  formatEuros,
  liveFiguresMessages,
  livePlatformFiguresMessages,
  REVENUE_CAPTION,
  type LiveFigures,
  type LiveFiguresDetail,
} from "@vitrine/domain";
import { lazy, Suspense, useId, useState, type ReactNode } from "react";
import { LoadError } from "../../../components/load-error";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatDateTime } from "../../../lib/format";
import { PlatformFiguresTable } from "../../admin-shared/components/platform-figures-table";
import { useLiveFigures, useLiveFiguresOverview } from "../api";
import { formatTime } from "./live-figures-format";

// The charts come with the chart library, after the numbers.
const LiveMinutesChart = lazy(async () => ({
  default: (await import("./live-minutes-chart")).LiveMinutesChart,
}));
const LivesComparisonChart = lazy(async () => ({
  default: (await import("./lives-comparison-chart")).LivesComparisonChart,
}));

const paidShare = (figures: LiveFigures) => `${figures.paidClaimsPercent} %`;

/** Every figure of a live, with its label, in the order the cards and the table show them. */
const FIGURES: { label: string; value: (figures: LiveFigures) => ReactNode }[] = [
  { label: "Commentaires", value: (f) => f.comments },
  { label: "Réservations", value: (f) => f.claims },
  { label: "Réservations payées", value: paidShare },
  { label: "Commandes", value: (f) => f.orders },
  { label: "Chiffre d'affaires payé", value: (f) => formatEuros(f.revenuePaidCents) },
  { label: "Chiffre d'affaires réservé non payé", value: (f) => formatEuros(f.revenueHeldCents) },
  { label: "Pièces vendues", value: (f) => f.piecesSold },
  { label: "Libérées faute de paiement", value: (f) => f.unpaidReleases },
  { label: "Coupures", value: (f) => f.gaps },
];

function LiveFigureCards({ figures }: { figures: LiveFigures }) {
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {FIGURES.map((figure) => (
        <div key={figure.label} className="flex flex-col gap-1 rounded-lg border p-3">
          <dt className="text-sm text-muted-foreground">{figure.label}</dt>
          <dd className="text-xl font-semibold tabular-nums">{figure.value(figures)}</dd>
        </div>
      ))}
    </dl>
  );
}

function PerMinute({ detail }: { detail: LiveFiguresDetail }) {
  const minutes = detail.perMinute;
  const first = minutes[0];
  const last = minutes.at(-1);
  if (!first || !last || minutes.every((entry) => entry.paidCents === 0 && entry.heldCents === 0)) {
    return <p className="text-muted-foreground">{liveFiguresMessages.noSales}</p>;
  }
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm text-muted-foreground">
        Chiffre d'affaires par minute, de {formatTime(first.minute)} à {formatTime(last.minute)}
      </figcaption>
      <div aria-hidden>
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <LiveMinutesChart minutes={minutes} />
        </Suspense>
      </div>
    </figure>
  );
}

function SelectedLive({ liveId }: { liveId: string }) {
  const detail = useLiveFigures(liveId);
  if (detail.isError) {
    return <LoadError message={liveFiguresMessages.loadFailed} onRetry={() => void detail.refetch()} />;
  }
  if (!detail.data) {
    return <Skeleton className="h-48 w-full" aria-busy="true" aria-label="Chargement des chiffres du live" />;
  }
  return (
    <div className="flex flex-col gap-4">
      <LiveFigureCards figures={detail.data.figures} />
      <section className="flex flex-col gap-2" aria-labelledby="live-figures-platforms">
        <h3 id="live-figures-platforms" className="font-medium">
          {livePlatformFiguresMessages.title}
        </h3>
        <PlatformFiguresTable liveId={liveId} />
      </section>
      <PerMinute detail={detail.data} />
    </div>
  );
}

function ComparisonTable({ lives }: { lives: LiveFigures[] }) {
  return (
    // Scrolled sideways on a narrow screen: reachable by keyboard too.
    <div className="overflow-x-auto" tabIndex={0} role="group" aria-label="Tableau des derniers lives">
      <table className="w-full text-sm">
        <caption className="pb-2 text-left text-muted-foreground">
          Chiffres des derniers lives, du plus ancien au plus récent
        </caption>
        <thead>
          <tr className="border-b text-left">
            <th scope="col" className="p-2">
              Live
            </th>
            <th scope="col" className="p-2">
              Date
            </th>
            {FIGURES.map((figure) => (
              <th key={figure.label} scope="col" className="p-2 text-right">
                {figure.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lives.map((live) => (
            <tr key={live.liveId} className="border-b last:border-0">
              <th scope="row" className="p-2 text-left font-medium">
                {live.title}
              </th>
              <td className="p-2 whitespace-nowrap">{formatDateTime(live.liveDate)}</td>
              {FIGURES.map((figure) => (
                <td key={figure.label} className="p-2 text-right whitespace-nowrap tabular-nums">
                  {figure.value(live)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The dashboard's figures per live: one live chosen (the latest by default) and the last ones compared. */
export function LiveFiguresSection() {
  const overview = useLiveFiguresOverview();
  const [chosen, setChosen] = useState<string | null>(null);
  const selectId = useId();
  const titleId = useId();
  const comparisonId = useId();
  let body: ReactNode;
  if (overview.isError) {
    body = <LoadError message={liveFiguresMessages.loadFailed} onRetry={() => void overview.refetch()} />;
  } else if (!overview.data) {
    body = (
      <Skeleton className="h-48 w-full" aria-busy="true" aria-label="Chargement des chiffres des lives" />
    );
  } else if (overview.data.lives.length === 0) {
    body = <p className="text-muted-foreground">{liveFiguresMessages.noLives}</p>;
  } else {
    const liveId = chosen ?? overview.data.defaultLiveId ?? overview.data.lives[0]?.id ?? null;
    body = (
      <div className="flex flex-col gap-4">
        <div className="flex max-w-md flex-col gap-1.5">
          <Label htmlFor={selectId}>Live</Label>
          <NativeSelect
            id={selectId}
            value={liveId ?? ""}
            onChange={(event) => setChosen(event.target.value)}
          >
            {overview.data.lives.map((live) => (
              <option key={live.id} value={live.id}>
                {live.title} · {formatDateTime(live.liveDate)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {liveId ? <SelectedLive liveId={liveId} /> : null}
      </div>
    );
  }
  const compared = overview.data?.comparison ?? [];
  return (
    <>
      <Card role="region" aria-labelledby={titleId}>
        <CardHeader>
          <CardTitle id={titleId}>Chiffres par live</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {body}
          <p className="text-xs text-muted-foreground">{REVENUE_CAPTION}</p>
        </CardContent>
      </Card>
      {compared.length > 0 ? (
        <Card role="region" aria-labelledby={comparisonId}>
          <CardHeader>
            <CardTitle id={comparisonId}>Comparaison des derniers lives</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <Suspense fallback={<Skeleton className="h-64 w-full" />}>
              <LivesComparisonChart lives={compared} />
            </Suspense>
            <ComparisonTable lives={compared} />
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
