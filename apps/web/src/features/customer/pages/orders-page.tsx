import { PackageIcon } from "lucide-react";

export function OrdersPage() {
  return (
    <div className="flex flex-col gap-6">
      <title>Mes commandes · Vitrine</title>
      <h1 className="text-2xl font-bold md:text-3xl">Mes commandes</h1>
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-card px-6 py-12 text-center">
        <PackageIcon className="size-10 text-muted-foreground" aria-hidden="true" />
        <p className="text-muted-foreground">
          Vos commandes apparaîtront ici après votre participation à un live.
        </p>
      </div>
    </div>
  );
}
