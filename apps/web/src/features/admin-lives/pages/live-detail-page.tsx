import {
  LIVE_SALES_FILE_CAPTION,
  liveMessages,
  livePlatformFiguresMessages,
  REVENUE_CAPTION,
  type Live,
} from "@vitrine/domain";
import { ArrowLeftIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link, Navigate, useParams } from "react-router";
import { LoadError } from "../../../components/load-error";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { doubtAnswersUrl } from "../../admin-shared/api/live-claims";
import { CsvExportButton } from "../../admin-shared/components/csv-export-button";
import { FileDownloadButton } from "../../admin-shared/components/file-download-button";
import { PageHeader } from "../../admin-shared/components/page-header";
import { PlatformFiguresTable } from "../../admin-shared/components/platform-figures-table";
import { LiveLabelsCard } from "../../label-batches";
import { LiveSilenceBanner, LiveSourceHealthList } from "../../live-feed";
import { useLive } from "../api";
import { useLiveDetailRealtime } from "../use-live-detail-realtime";
import { ClaimSettingsCard } from "../components/claim-settings-form";
import { EditLiveForm } from "../components/edit-live-form";
import { LiveEventsTable } from "../components/live-events-table";
import { LiveSourcesList } from "../components/live-sources-list";
import { LiveStatusBadge } from "../components/live-status-badge";
import { LiveViewersTable } from "../components/live-viewers-table";

function BackToLives() {
  return (
    <Button asChild variant="ghost" size="sm" className="self-start">
      <Link to={paths.admin.lives()}>
        <ArrowLeftIcon aria-hidden />
        Retour aux lives
      </Link>
    </Button>
  );
}

export function LiveDetailPage() {
  const { id } = useParams();
  if (!id) return <Navigate to={paths.admin.lives()} replace />;
  return <LiveDetail id={id} />;
}

function LiveDetail({ id }: { id: string }) {
  const live = useLive(id);

  if (live.isPending) {
    return (
      <div className="flex flex-col gap-6" aria-busy>
        <BackToLives />
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (live.isError) {
    // An id that is not one (400) names no live either.
    const missing = isApiError(live.error) && (live.error.status === 404 || live.error.status === 400);
    return (
      <div className="flex flex-col gap-6">
        <BackToLives />
        {missing ? (
          <>
            <PageHeader title={liveMessages.notFound} />
            <Alert variant="info">
              <p>Ce live n'existe pas ou a été supprimé.</p>
            </Alert>
          </>
        ) : (
          <LoadError message={liveMessages.detailLoadFailed} onRetry={() => void live.refetch()} />
        )}
      </div>
    );
  }
  return <LiveDetailContent live={live.data} />;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium break-all">{children}</dd>
    </div>
  );
}

function LiveDetailContent({ live }: { live: Live }) {
  useLiveDetailRealtime(live.id);
  return (
    <div className="flex flex-col gap-6">
      <BackToLives />
      <PageHeader title={live.title}>
        <CsvExportButton url={`/api/admin/exports/lives/${live.id}/sales.csv`} fallbackName="ventes.csv" />
        {/* Staff's answers to the reader's doubts: a file to add to the reader's labelled corpus. */}
        <FileDownloadButton
          url={doubtAnswersUrl(live.id)}
          fallbackName={`reponses-aux-doutes-${live.ref}.jsonl`}
          label="Télécharger les réponses aux doutes"
          busyLabel="Téléchargement…"
          failedMessage="Les réponses aux doutes n'ont pas pu être téléchargées"
        />
      </PageHeader>
      <p className="-mt-4 text-xs text-muted-foreground">
        {LIVE_SALES_FILE_CAPTION} {REVENUE_CAPTION}
      </p>
      <LiveSilenceBanner liveId={live.id} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Informations</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 sm:grid-cols-2">
              <Detail label="ID">{live.id}</Detail>
              <Detail label="Référence">{live.ref}</Detail>
              <Detail label="Date du live">{formatDateTime(live.liveDate)}</Detail>
              <Detail label="Statut">
                <LiveStatusBadge isActive={live.isActive} />
              </Detail>
              <Detail label="Créé le">{formatDateTime(live.createdAt)}</Detail>
              <Detail label="Mis à jour le">{formatDateTime(live.updatedAt)}</Detail>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Modifier le live</CardTitle>
          </CardHeader>
          <CardContent>
            <EditLiveForm key={live.updatedAt} live={live} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Réservations</CardTitle>
          </CardHeader>
          <CardContent>
            <ClaimSettingsCard liveId={live.id} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Sources du live</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <LiveSourcesList live={live} />
            <LiveSourceHealthList liveId={live.id} gaps />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{livePlatformFiguresMessages.title}</CardTitle>
          </CardHeader>
          <CardContent>
            <PlatformFiguresTable liveId={live.id} />
          </CardContent>
        </Card>
      </div>
      <LiveLabelsCard liveId={live.id} />
      <section className="flex flex-col gap-3" aria-labelledby="live-viewers-heading">
        <h2 id="live-viewers-heading" className="text-xl font-semibold">
          Utilisateurs dans ce live
        </h2>
        <LiveViewersTable liveId={live.id} />
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="live-events-heading">
        <h2 id="live-events-heading" className="text-xl font-semibold">
          Événements TikTok
        </h2>
        <LiveEventsTable liveId={live.id} />
      </section>
    </div>
  );
}
