import { useQuery } from "@tanstack/react-query";
import { formatEuros, livePlatformFiguresMessages, REVENUE_CAPTION } from "@vitrine/domain";
import { LoadError } from "../../../components/load-error";
import { Skeleton } from "../../../components/ui/skeleton";
import { liveFiguresQueryOptions } from "../api/live-figures";
import { PlatformMark } from "./platform-mark";

/** A live's comments, claims and revenue per platform ('Par plateforme'). */
export function PlatformFiguresTable({ liveId }: { liveId: string }) {
  const figures = useQuery(liveFiguresQueryOptions(liveId));
  if (figures.isPending) return <Skeleton className="h-24 w-full" />;
  if (figures.isError) {
    return (
      <LoadError message={livePlatformFiguresMessages.loadFailed} onRetry={() => void figures.refetch()} />
    );
  }
  const platforms = figures.data.byPlatform;
  if (platforms.length === 0)
    return <p className="text-sm text-muted-foreground">{livePlatformFiguresMessages.none}</p>;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="group" aria-label={livePlatformFiguresMessages.title}>
      <table className="w-full text-sm">
        <caption className="pb-2 text-left text-xs text-muted-foreground">{REVENUE_CAPTION}</caption>
        <thead>
          <tr className="border-b text-left">
            <th scope="col" className="p-2">
              Plateforme
            </th>
            <th scope="col" className="p-2 text-right">
              Commentaires
            </th>
            <th scope="col" className="p-2 text-right">
              Réservations
            </th>
            <th scope="col" className="p-2 text-right">
              Chiffre d'affaires
            </th>
          </tr>
        </thead>
        <tbody>
          {platforms.map((row) => (
            <tr key={row.platform} className="border-b last:border-0">
              <th scope="row" className="p-2 text-left font-medium">
                <PlatformMark platform={row.platform} className="text-sm text-foreground" />
              </th>
              <td className="p-2 text-right tabular-nums">{row.comments}</td>
              <td className="p-2 text-right tabular-nums">{row.claims}</td>
              <td className="p-2 text-right whitespace-nowrap tabular-nums">
                {formatEuros(row.revenuePaidCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
