import { DEFAULT_LIVE_PLATFORM, LIVE_PLATFORMS } from "@vitrine/domain";

/*
 * Which platform a claim or a sold line came from, as SQL text (the exports' statements are plain
 * text, the figures' drizzle templates take it raw). Its one source is the domain's viewer key:
 * `<platform>:<author id>` for another platform, a bare handle for TikTok.
 */

const OTHER_PLATFORMS = LIVE_PLATFORMS.filter((platform) => platform !== DEFAULT_LIVE_PLATFORM);

/** viewerPlatform in SQL: the platform of the viewer key `key` (TikTok for NULL). */
export function viewerPlatformSql(key: string): string {
  return `CASE WHEN ${key} ~ '^(${OTHER_PLATFORMS.join("|")}):' THEN split_part(${key}, ':', 1)
               ELSE '${DEFAULT_LIVE_PLATFORM}' END`;
}

/** A claim's platform (`c`, joined to its comment as `e`): its comment's, else its viewer key's. */
export function claimPlatformSql(claim = "c", comment = "e"): string {
  return `coalesce(${comment}.platform, ${viewerPlatformSql(`${claim}.handle`)})`;
}

/**
 * An order line's platform (`line`, its buyer's viewer key `buyerKey`): the comment it was added
 * from, else the claim that put it there, else its buyer's platform (a line staff added by hand).
 */
export function linePlatformSql(line: string, buyerKey: string): string {
  return `coalesce(
    (SELECT se.platform FROM tiktok_events se WHERE se.id = ${line}.source_event_id),
    (SELECT ${claimPlatformSql("lc", "lce")} FROM live_claims lc
       LEFT JOIN tiktok_events lce ON lce.id = lc.event_id
      WHERE lc.order_item_id = ${line}.id LIMIT 1),
    ${viewerPlatformSql(buyerKey)})`;
}
