import { messageTemplateMessages, templateTestRequestSchema } from "@vitrine/domain";
import { SendIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "../../../lib/toast";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api-client";
import { useSendTemplateTest } from "../api";
import { BusyButton } from "../../../components/ui/busy-button";

/** Sends the saved template to an address, to see it as a customer will. */
export function TemplateTestSend({ templateId }: { templateId: string }) {
  const sendTest = useSendTemplateTest();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();

  const send = () => {
    const parsed = templateTestRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messageTemplateMessages.invalidTestEmail);
      return;
    }
    setError(undefined);
    sendTest.mutate(
      { id: templateId, email: parsed.data.email },
      {
        onSuccess: () => toast.success(messageTemplateMessages.testSent(parsed.data.email)),
        onError: (failure) =>
          toast.error(messageTemplateMessages.testFailed, { description: errorMessage(failure) }),
      },
    );
  };

  return (
    <div className="flex flex-col gap-3 rounded-md border border-border bg-muted/30 p-4">
      <Field
        id="template-test-email"
        label="Email de test"
        hint="Envoie le template enregistré à cette adresse."
        error={error}
      >
        <Input
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onKeyDown={(event) => {
            // Inside the template's form: Enter sends the test, not the form.
            if (event.key === "Enter") {
              event.preventDefault();
              send();
            }
          }}
        />
      </Field>
      <div>
        <BusyButton
          type="button"
          variant="outline"
          onClick={send}
          busy={sendTest.isPending}
          icon={<SendIcon aria-hidden />}
        >
          Envoyer un test
        </BusyButton>
      </div>
    </div>
  );
}
