import { labelBatchTexts } from "@vitrine/domain";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { LiveLabelsPanel } from "./live-labels-panel";

/** The live page's card for its labels and pick list. */
export function LiveLabelsCard({ liveId }: { liveId: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{labelBatchTexts.title}</CardTitle>
      </CardHeader>
      <CardContent>
        <LiveLabelsPanel liveId={liveId} />
      </CardContent>
    </Card>
  );
}
