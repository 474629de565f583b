import { livePlatformLabels, type LivePlatform } from "@vitrine/domain";
import type { ReactNode } from "react";
import { cn } from "../../../lib/cn";

/*
 * Each platform's sign, drawn inline (no request, no brand font): a note for TikTok, a play button
 * for YouTube, an 'f' for Facebook, a camera for Instagram. Decorative: the name beside says it.
 */
const GLYPHS: Record<LivePlatform, ReactNode> = {
  tiktok: <path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 2.5 2.5 4 5 4" fill="none" strokeWidth="2" />,
  youtube: (
    <>
      <rect x="2.5" y="5.5" width="19" height="13" rx="4" fill="none" strokeWidth="2" />
      <path d="M10 9v6l5-3z" stroke="none" fill="currentColor" />
    </>
  ),
  facebook: (
    <path
      d="M14.5 21v-8h3l.5-3.5h-3.5V7.5c0-1 .4-1.7 1.8-1.7H18V2.7A23 23 0 0 0 15.4 2.5C12.8 2.5 11 4 11 6.9v2.6H8V13h3v8"
      fill="none"
      strokeWidth="1.8"
    />
  ),
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" fill="none" strokeWidth="2" />
      <circle cx="12" cy="12" r="4" fill="none" strokeWidth="2" />
      <circle cx="17.3" cy="6.7" r="1.2" stroke="none" fill="currentColor" />
    </>
  ),
};

/** A platform's sign and name, e.g. on each comment of the sidebar. */
export function PlatformMark({ platform, className }: { platform: LivePlatform; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-1 text-xs text-muted-foreground", className)}>
      <svg
        aria-hidden
        viewBox="0 0 24 24"
        className="size-3.5 shrink-0"
        stroke="currentColor"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {GLYPHS[platform]}
      </svg>
      <span>{livePlatformLabels[platform]}</span>
    </span>
  );
}
