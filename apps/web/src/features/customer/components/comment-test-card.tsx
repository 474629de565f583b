import { liveSiteMessages, type CommentTest } from "@vitrine/domain";
import { BusyButton } from "../../../components/ui/busy-button";
import { Card, CardContent } from "../../../components/ui/card";
import { errorMessage } from "../../../lib/api-client";
import { useCommentTest, useStartCommentTest } from "../api/live-site";

function resultText(test: CommentTest): string {
  if (test.result === "seen") return liveSiteMessages.commentsArrive;
  if (test.result === "unseen") return liveSiteMessages.commentsDoNotArrive;
  return liveSiteMessages.testInstructions(test.code);
}

/**
 * 'Tester mes commentaires': a code to comment in the live, and within the minute whether it
 * arrived. A customer whose comments never arrive learns it here, and may then take the piece on
 * show from the site when the live allows it.
 */
export function CommentTestCard() {
  const test = useCommentTest();
  const start = useStartCommentTest();
  const current = test.data?.test ?? null;
  return (
    <Card>
      <CardContent className="flex flex-col gap-3">
        <div role="status" aria-live="polite" className="flex flex-col gap-2">
          {current ? (
            <p className={current.result === "waiting" ? undefined : "font-semibold"}>
              {resultText(current)}
            </p>
          ) : null}
          {current?.result === "waiting" ? (
            <p className="self-start rounded-md border bg-muted px-4 py-2 font-mono text-2xl font-bold tracking-widest select-all">
              {current.code}
            </p>
          ) : null}
        </div>
        {current?.result === "waiting" ? null : (
          <BusyButton
            type="button"
            variant="outline"
            className="self-start"
            busy={start.isPending}
            onClick={() => start.mutate()}
          >
            {liveSiteMessages.testComments}
          </BusyButton>
        )}
        {start.isError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errorMessage(start.error)}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
