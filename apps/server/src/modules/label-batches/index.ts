import { defineModule } from "../module";
import { labelBatchRoutes } from "./routes";
import { createLabelBatchService } from "./service";

/*
 * A live's labels in one go (decision 033): a job on the app's queue labels the live's ready
 * parcels through the shipping-labels service; the live's labels PDF and its pick list.
 */
export { createLabelBatchService, LABEL_BATCH_LANES, LABEL_BATCH_TASK } from "./service";

export const labelBatchesModule = defineModule({
  name: "label-batches",
  prefix: "/api/admin/lives/:id",
  createService: (context) => createLabelBatchService(context),
  routes: labelBatchRoutes,
  // Batches a stopped server left running carry on here (their job is added again).
  start: async (service, { log }) => {
    const resumed = await service.resumeRunning().catch((error: unknown) => {
      log.warn({ err: error }, "the running label batches could not be resumed");
      return 0;
    });
    if (resumed > 0) log.info({ resumed }, "label batches resumed");
  },
});
