import { zodResolver } from "@hookform/resolvers/zod";
import {
  adminMessageMessages,
  isStaffMessageType,
  messageTemplateTypeLabels,
  recipientsLabel,
  richTextHasText,
  sendMessageRequestSchema,
  type SendMessageResult,
} from "@vitrine/domain";
import { SendIcon } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import * as z from "zod/mini";
import { Alert } from "../../../components/ui/alert";
import { BusyButton } from "../../../components/ui/busy-button";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { isApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { RichTextFormField } from "./rich-text-field";
import { showServerFieldErrors } from "../../../lib/server-field-errors";
import { useMessageTemplates } from "../api/message-templates";
import { useSendMessage } from "../api/messages";

export interface MessageRecipient {
  userId: string;
  email: string | null;
  /** How staff name this person (display name, or first or last name); the e-mail when empty. */
  name: string;
}

export interface SendMessageDialogProps {
  recipients: MessageRecipient[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const messageFormSchema = z.pick(sendMessageRequestSchema, { type: true, subject: true, body: true });
type MessageFormInput = z.input<typeof messageFormSchema>;
type MessageFormValues = z.output<typeof messageFormSchema>;

/**
 * Writes one message to one or many customers (the users list, the orders' bulk message): a
 * template's subject and body as a start, sent by the server to each distinct e-mail. Closing the
 * dialog forgets everything typed.
 */
export function SendMessageDialog({ recipients, open, onOpenChange }: SendMessageDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Envoyer un message</DialogTitle>
          <DialogDescription>
            Choisissez un type de message : son template remplit l'objet et le texte, que vous pouvez
            modifier.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: each opening starts from an empty form. */}
        {open ? <MessageForm recipients={recipients} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function failureMessage(error: unknown): string {
  if (isApiError(error)) return error.message || adminMessageMessages.sendFailed;
  // fetch rejects with a TypeError when the request never reached the server.
  return error instanceof TypeError ? adminMessageMessages.networkError : adminMessageMessages.sendFailed;
}

function MessageForm({ recipients, onClose }: { recipients: MessageRecipient[]; onClose: () => void }) {
  const templates = useMessageTemplates();
  const send = useSendMessage();
  const [result, setResult] = useState<SendMessageResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<MessageFormInput, unknown, MessageFormValues>({
    resolver: zodResolver(messageFormSchema),
    defaultValues: { type: "", subject: "", body: "" },
  });
  const { errors } = form.formState;
  const [type, subject, body] = useWatch({ control: form.control, name: ["type", "subject", "body"] });

  const names = recipients.map((recipient) => recipient.name.trim() || recipient.email || "");
  const reachable = recipients.some((recipient) => recipient.email);
  const complete = type !== "" && subject.trim() !== "" && richTextHasText(body);
  const canSend = complete && recipients.length > 0 && reachable && !send.isPending && result === null;

  const chooseType = (value: string) => {
    form.setValue("type", value);
    const template = templates.data?.find((candidate) => candidate.type === value);
    if (template) {
      form.setValue("subject", template.title, { shouldValidate: true });
      form.setValue("body", template.body, { shouldValidate: true });
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const outcome = await send.mutateAsync({
        ...values,
        recipients: [...new Set(recipients.map((recipient) => recipient.userId))],
      });
      if (outcome.failed.length === 0) {
        toast.success(adminMessageMessages.sent);
        onClose();
        return;
      }
      setResult(outcome);
      if (outcome.sent > 0) {
        toast.warning(adminMessageMessages.partiallySent(outcome.sent, outcome.failed.length));
      } else {
        toast.error(adminMessageMessages.noneSent);
      }
    } catch (error) {
      showServerFieldErrors(form.setError, error, ["type", "subject", "body"]);
      setFailure(failureMessage(error));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{recipients.length > 1 ? "Destinataires" : "Destinataire"}</span>
        <span className="text-muted-foreground">{recipientsLabel(names)}</span>
      </div>
      {recipients.length > 0 && !reachable ? (
        <Alert variant="error">
          <p>{adminMessageMessages.recipientWithoutEmail}</p>
        </Alert>
      ) : null}
      {templates.isError ? (
        <Alert variant="error">
          <p>{adminMessageMessages.templatesLoadFailed}</p>
        </Alert>
      ) : null}
      <Field id="message-type" label="Type de message" error={errors.type?.message}>
        <NativeSelect
          value={type}
          onChange={(event) => chooseType(event.target.value)}
          disabled={templates.isPending || result !== null}
        >
          <option value="">Choisir un type de message</option>
          {(templates.data ?? [])
            .filter((template) => isStaffMessageType(template.type))
            .map((template) => (
              <option key={template.id} value={template.type}>
                {messageTemplateTypeLabels[template.type]}
              </option>
            ))}
        </NativeSelect>
      </Field>
      <Field id="message-subject" label="Objet" error={errors.subject?.message}>
        <Input autoComplete="off" disabled={type === "" || result !== null} {...form.register("subject")} />
      </Field>
      <RichTextFormField control={form.control} name="body" id="message-body" label="Message" />
      {failure ? (
        <Alert variant="error">
          <p>{failure}</p>
        </Alert>
      ) : null}
      {result ? (
        <Alert variant="error">
          <p>
            {result.sent > 0
              ? adminMessageMessages.partiallySent(result.sent, result.failed.length)
              : adminMessageMessages.noneSent}
          </p>
          <ul className="list-disc pl-5" aria-label="Envois en échec">
            {result.failed.map((entry) => (
              <li key={entry}>{entry}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={send.isPending}>
          {result ? "Fermer" : "Annuler"}
        </Button>
        {result ? null : (
          <BusyButton type="submit" busy={send.isPending} disabled={!canSend} icon={<SendIcon aria-hidden />}>
            {send.isPending ? "Envoi…" : "Envoyer"}
          </BusyButton>
        )}
      </DialogFooter>
    </form>
  );
}
