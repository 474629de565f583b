import { Alert } from "../../../components/ui/alert";

export function AdminSectionPlaceholderPage({ title }: { title: string }) {
  return (
    <div className="flex flex-col gap-6">
      <title>{`${title} · Vitrine`}</title>
      <h1 className="text-2xl font-bold md:text-3xl">{title}</h1>
      <Alert variant="info">
        <p>Cette rubrique arrive dans une prochaine version.</p>
      </Alert>
    </div>
  );
}
