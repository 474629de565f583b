import { defineModule } from "../module";
import { liveIngestRoutes } from "./routes";
import { createLiveIngestService } from "./service";

export const liveIngestModule = defineModule({
  name: "live-ingest",
  prefix: "/api/live-ingest",
  createService: createLiveIngestService,
  routes: liveIngestRoutes,
  // The batch in progress and the queued events are written before the pool closes.
  stop: (service) => service.close(),
});

// The platforms' webhooks store their comments through the same service as the bridges.
export { createLiveIngestService, INGEST_RETRY_AFTER_SECONDS, type LiveIngestService } from "./service";

// How the feed reads back what sources reported (states, health, cuts).
export {
  SOURCE_STATUS_COLUMNS,
  toSourceGap,
  toSourceStatus,
  type SourceGapRow,
  type SourceStatusRow,
} from "./source-rows";
