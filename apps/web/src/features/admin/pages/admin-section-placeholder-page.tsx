import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../components/page-header";

export function AdminSectionPlaceholderPage({ title }: { title: string }) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} />
      <Alert variant="info">
        <p>Cette rubrique arrive dans une prochaine version.</p>
      </Alert>
    </div>
  );
}
