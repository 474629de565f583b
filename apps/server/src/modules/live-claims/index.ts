import { defineModule } from "../module";
import { liveClaimsRoutes } from "./routes";
import { createLiveClaimsService } from "./service";

/*
 * Claims of a live, decided on the server (decision 030): the engine that reads every chat
 * comment in receive order, the holds on the job queue, and staff's routes. Other modules use
 * claims only through what this file exports.
 */
export { createClaimsEngine, type ClaimsEngine } from "./engine";
export { createIngestClaims } from "./ingest-claims";
export {
  findClaimView,
  listClaimViews,
  listUnknownRefs,
  readClaimCounters,
  readClaimSettings,
  readClaimVersion,
  type ClaimViewRules,
} from "./queries";
export {
  giveLatePaymentPiecesBack,
  isLatePayment,
  readLatePayments,
  type GivenBack,
  type LatePayment,
} from "./late-payments";
export { exportLiveEvents, LIVE_EVENTS_FORMAT, parseLiveEvents, type LiveEventLine } from "./live-events";
export { replayLiveEvents, type ReplayResult } from "./replay";
export { claimRules } from "./rules";
export { shownClaimState, type ShownClaimState } from "./shown-state";
export { claimPlatformSql, linePlatformSql, viewerPlatformSql } from "./platform";
export { readingOpinion } from "./reading-opinion";

export const liveClaimsModule = defineModule({
  name: "live-claims",
  prefix: "/api/admin/lives/:liveId/claims",
  createService: createLiveClaimsService,
  routes: liveClaimsRoutes,
  // The engine works from the app's start to its close.
  start: (service) => service.engine.start(),
  stop: (service) => service.engine.stop(),
});
