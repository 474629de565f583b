import {
  labelBatchTexts,
  liveLabelsPdfUrl,
  livePickListPdfUrl,
  type LabelBatchStatus,
  type LabelBatchView,
} from "@vitrine/domain";
import { DownloadIcon, ListChecksIcon, TagIcon } from "lucide-react";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { BusyButton } from "../../../components/ui/busy-button";
import { Skeleton } from "../../../components/ui/skeleton";
import { staffRefusalMessage } from "../../../lib/refusal-message";
import { toast } from "../../../lib/toast";
import { useLabelBatchStatus, useRetryLabelBatch, useStartLabelBatch } from "../api";

/**
 * A live's labels in one go: the button that starts them, the batch's progress (read again every
 * second while it runs, so a reloaded page finds it), the carrier's refusals with a retry, and the
 * live's labels and pick list as PDFs.
 */
export function LiveLabelsPanel({ liveId }: { liveId: string }) {
  const status = useLabelBatchStatus(liveId);
  if (status.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy>
        <span className="sr-only">{labelBatchTexts.loading}</span>
        <Skeleton className="h-10 w-80" />
        <Skeleton className="h-4 w-full" />
      </div>
    );
  }
  if (status.isError) {
    return <LoadError message={labelBatchTexts.loadError} onRetry={() => void status.refetch()} />;
  }
  return <LabelsPanelContent liveId={liveId} status={status.data} />;
}

function LabelsPanelContent({ liveId, status }: { liveId: string; status: LabelBatchStatus }) {
  const start = useStartLabelBatch(liveId);
  const { batch, readyParcels, labelledParcels } = status;
  const running = batch?.state === "running";

  const onStart = () =>
    start.mutate(undefined, {
      onError: (error) => toast.error(staffRefusalMessage(error, labelBatchTexts.loadError)),
    });

  return (
    <div className="flex flex-col gap-4">
      {running ? null : readyParcels > 0 ? (
        <div>
          <BusyButton type="button" busy={start.isPending} icon={<TagIcon aria-hidden />} onClick={onStart}>
            {labelBatchTexts.generate(readyParcels)}
          </BusyButton>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{labelBatchTexts.noneReady}</p>
      )}
      {batch ? <BatchProgress liveId={liveId} batch={batch} /> : null}
      {labelledParcels > 0 || readyParcels > 0 ? (
        <div className="flex flex-wrap gap-2">
          {labelledParcels > 0 && !running ? (
            <Button asChild variant="outline">
              <a href={liveLabelsPdfUrl(liveId)} download="etiquettes-du-live.pdf">
                <DownloadIcon aria-hidden />
                {labelBatchTexts.downloadLabels}
              </a>
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <a href={livePickListPdfUrl(liveId)} download="liste-de-preparation.pdf">
              <ListChecksIcon aria-hidden />
              {labelBatchTexts.pickList}
            </a>
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function BatchProgress({ liveId, batch }: { liveId: string; batch: LabelBatchView }) {
  const retry = useRetryLabelBatch(liveId);
  const handled = batch.done + batch.failed;
  const percent = batch.total === 0 ? 100 : Math.round((handled / batch.total) * 100);
  const onRetry = () =>
    retry.mutate(batch.id, {
      onError: (error) => toast.error(staffRefusalMessage(error, labelBatchTexts.loadError)),
    });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span id={`label-batch-${batch.id}`}>{labelBatchTexts.progressLabel}</span>
        <span className="font-medium tabular-nums">{labelBatchTexts.progress(handled, batch.total)}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={`label-batch-${batch.id}`}
        aria-valuemin={0}
        aria-valuemax={batch.total}
        aria-valuenow={handled}
        aria-valuetext={labelBatchTexts.progress(handled, batch.total)}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-muted-foreground" role="status">
        {batch.state === "running"
          ? labelBatchTexts.running
          : labelBatchTexts.finished(batch.done, batch.total)}
      </p>
      {batch.failures.length > 0 ? (
        <section className="flex flex-col gap-2" aria-labelledby={`label-failures-${batch.id}`}>
          <h3 id={`label-failures-${batch.id}`} className="font-semibold text-destructive">
            {labelBatchTexts.failuresTitle}
          </h3>
          <ul className="flex flex-col gap-1 text-sm">
            {batch.failures.map((failure) => (
              <li key={failure.orderId}>
                <span className="font-medium">{failure.orderNumber}</span> : {failure.reason}
              </li>
            ))}
          </ul>
          {batch.state === "finished" ? (
            <div>
              <BusyButton type="button" variant="outline" busy={retry.isPending} onClick={onRetry}>
                {labelBatchTexts.retry}
              </BusyButton>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
