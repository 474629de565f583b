import { formatEuros, orderStatusLabels, REVENUE_CAPTION, type Dashboard } from "@vitrine/domain";
import { lazy, Suspense, type ReactNode } from "react";
import { LoadError } from "../../../components/load-error";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { useDashboard } from "../api";
import { PageHeader } from "../../admin-shared/components/page-header";
import { LiveFiguresSection } from "../components/live-figures-section";
import { PaymentReviewsCard } from "../components/payment-reviews-card";

// The chart library is the heaviest part of the page: the figures show before it arrives.
const LivesChart = lazy(async () => ({ default: (await import("../components/lives-chart")).LivesChart }));

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function FigureCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-2">{children}</dl>
      </CardContent>
    </Card>
  );
}

function DashboardFigures({ dashboard }: { dashboard: Dashboard }) {
  const statuses = dashboard.orders.byStatus.filter((entry) => entry.count > 0);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <PaymentReviewsCard />
        <FigureCard title="Utilisateurs">
          <Figure label="Clients" value={dashboard.users.total} />
          <Figure label="Nouveaux cette semaine" value={dashboard.users.newThisWeek} />
        </FigureCard>
        <FigureCard title="Produits">
          <Figure label="Produits" value={dashboard.products.total} />
          <Figure label="Invendus dans les lives actifs" value={dashboard.products.unsoldInActiveLives} />
        </FigureCard>
        <FigureCard title="Commandes">
          <Figure label="Commandes" value={dashboard.orders.total} />
          {/* Revenue as the caption under 'Ventes par live' defines it (decision 042). */}
          <Figure
            label="Payé ce mois-ci (pièces, hors port)"
            value={formatEuros(dashboard.orders.revenuePaidThisMonthCents)}
          />
          {statuses.map((entry) => (
            <Figure key={entry.status} label={orderStatusLabels[entry.status]} value={entry.count} />
          ))}
        </FigureCard>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Ventes par live</CardTitle>
        </CardHeader>
        <CardContent>
          {dashboard.lives.length === 0 ? (
            <p className="text-muted-foreground">Aucun live pour le moment.</p>
          ) : (
            <Suspense fallback={<Skeleton className="h-72 w-full" />}>
              <LivesChart lives={dashboard.lives} />
            </Suspense>
          )}
          <p className="mt-2 text-xs text-muted-foreground">{REVENUE_CAPTION}</p>
        </CardContent>
      </Card>
      <LiveFiguresSection />
    </>
  );
}

export function AdminDashboardPage() {
  const dashboard = useDashboard();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Tableau de bord" />
      {dashboard.data ? (
        <DashboardFigures dashboard={dashboard.data} />
      ) : dashboard.isError ? (
        <LoadError
          message="Impossible de charger le tableau de bord"
          onRetry={() => void dashboard.refetch()}
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-40" />
          ))}
        </div>
      )}
    </div>
  );
}
