import { Card, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";

const dashboardCards = ["Utilisateurs", "Produits", "Commandes"] as const;

export function AdminDashboardPage() {
  return (
    <div className="flex flex-col gap-6">
      <title>Tableau de bord · Vitrine</title>
      <h1 className="text-2xl font-bold md:text-3xl">Tableau de bord</h1>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {dashboardCards.map((title) => (
          <Card key={title}>
            <CardHeader>
              <CardTitle>{title}</CardTitle>
              <CardDescription>
                Les chiffres de cette rubrique arrivent dans une prochaine version.
              </CardDescription>
            </CardHeader>
          </Card>
        ))}
      </div>
    </div>
  );
}
