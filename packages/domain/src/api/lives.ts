import * as z from "zod/mini";
import { siteClaimAudienceSchema } from "./live-site";

export const liveSchema = z.object({
  id: z.string(),
  ref: z.string(),
  title: z.string(),
  /** ISO 8601 instants. */
  liveDate: z.string(),
  isActive: z.boolean(),
  /** Who has 'Je le prends' on the site during this live (decision 047). */
  siteClaims: siteClaimAudienceSchema,
  /** Its sources on each platform (null: the platform is not used), as readLiveSource stores them. */
  tiktokUser: z.nullable(z.string()),
  youtubeVideoId: z.nullable(z.string()),
  facebookLiveVideoId: z.nullable(z.string()),
  instagramAccountId: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Live = z.infer<typeof liveSchema>;

export const liveIdParamsSchema = z.object({ id: z.uuid() });
export const liveListResponseSchema = z.object({ lives: z.array(liveSchema) });
export const liveResponseSchema = z.object({ live: liveSchema });

/** A viewer seen in a live (spec: 'tiktok_pseudo_union'). */
export const liveViewerSchema = z.object({
  id: z.string(),
  tiktokUsername: z.string(),
  displayName: z.nullable(z.string()),
  avatarUrl: z.nullable(z.string()),
  tiktokUserId: z.nullable(z.string()),
  /** When the viewer arrived in the live. */
  createdAt: z.string(),
});
export type LiveViewer = z.infer<typeof liveViewerSchema>;
export const liveViewerListResponseSchema = z.object({ viewers: z.array(liveViewerSchema) });

export const tiktokEventSchema = z.object({
  id: z.string(),
  eventType: z.string(),
  userNickname: z.nullable(z.string()),
  userUniqueId: z.nullable(z.string()),
  comment: z.nullable(z.string()),
  /** Epoch milliseconds as TikTok reports it. */
  createTime: z.number(),
  payload: z.record(z.string(), z.unknown()),
});
export type TiktokEvent = z.infer<typeof tiktokEventSchema>;
export const tiktokEventListResponseSchema = z.object({ events: z.array(tiktokEventSchema) });
