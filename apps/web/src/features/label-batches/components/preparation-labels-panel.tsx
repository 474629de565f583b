import { labelBatchTexts } from "@vitrine/domain";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { NativeSelect } from "../../../components/ui/native-select";
import { useUrlParam } from "../../../lib/use-url-param";
import { useLives } from "../../admin-shared/api/lives";
import { LiveLabelsPanel } from "./live-labels-panel";

/** The preparation board's way to a live's labels and pick list: choose the live, then the panel. */
export function PreparationLabelsPanel() {
  const lives = useLives();
  const [liveId, setLiveId] = useUrlParam("live");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{labelBatchTexts.title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Field id="labels-live" label={labelBatchTexts.chooseLive} className="max-w-sm">
          <NativeSelect
            value={liveId}
            disabled={!lives.data}
            onChange={(event) => setLiveId(event.target.value)}
          >
            <option value="">{labelBatchTexts.noLive}</option>
            {lives.data?.map((live) => (
              <option key={live.id} value={live.id}>
                {live.title}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {liveId ? <LiveLabelsPanel key={liveId} liveId={liveId} /> : null}
      </CardContent>
    </Card>
  );
}
