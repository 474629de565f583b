import {
  LIVE_SOURCE_FIELDS,
  liveSourceLabels,
  liveSourceMessages,
  liveSourcePlatforms,
  type Live,
} from "@vitrine/domain";
import { PlatformMark } from "../../admin-shared/components/platform-mark";

/** The sources staff gave the live, each with its platform's name. */
export function LiveSourcesList({ live }: { live: Live }) {
  const sources = LIVE_SOURCE_FIELDS.flatMap((field) => {
    const value = live[field];
    return value ? [{ field, value }] : [];
  });
  if (sources.length === 0) return <p className="text-sm text-muted-foreground">{liveSourceMessages.none}</p>;
  return (
    <ul aria-label="Sources renseignées" className="flex flex-col gap-2 text-sm">
      {sources.map(({ field, value }) => (
        <li key={field} className="flex flex-wrap items-baseline gap-x-2">
          <PlatformMark
            platform={liveSourcePlatforms[field]}
            className="text-sm font-medium text-foreground"
          />
          <span className="sr-only">{liveSourceLabels[field]}</span>
          <span className="break-all">{field === "tiktokUser" ? `@${value}` : value}</span>
        </li>
      ))}
    </ul>
  );
}
