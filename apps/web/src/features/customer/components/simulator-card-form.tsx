import {
  cardDigits,
  cardExpiryError,
  cardNumberError,
  formatCardNumber,
  formatEuros,
  LYRA_TEST_CARDS,
  paymentMessages,
  securityCodeError,
} from "@vitrine/domain";
import { LockIcon } from "lucide-react";
import type { ChangeEvent } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "../../../components/ui/alert";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { isApiError } from "../../../lib/api-client";
import { usePayWithSimulator } from "../api/payments";
import { formatCardExpiry } from "../card-expiry";
import { customerRefusalMessage } from "../../../lib/refusal-message";
import { BusyButton } from "../../../components/ui/busy-button";

interface CardFormValues {
  cardNumber: string;
  expiry: string;
  securityCode: string;
}

const CARD_FIELDS = ["cardNumber", "expiry", "securityCode"] as const;

export interface SimulatorCardFormProps {
  formToken: string;
  amountCents: number;
  /** The simulator accepted the card: the page has the server confirm it. */
  onAccepted: () => Promise<void>;
  onFailed: (message: string) => void;
}

/** The card form of the payment simulator, checked here with the same rules as Lyra's form. */
export function SimulatorCardForm({ formToken, amountCents, onAccepted, onFailed }: SimulatorCardFormProps) {
  const pay = usePayWithSimulator();
  const form = useForm<CardFormValues>({
    mode: "onTouched",
    defaultValues: { cardNumber: "", expiry: "", securityCode: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ cardNumber, expiry, securityCode }) => {
    try {
      const { clientAnswer } = await pay.mutateAsync({
        formToken,
        cardNumber: cardDigits(cardNumber),
        expiry,
        securityCode: securityCode.trim(),
      });
      if (clientAnswer.orderStatus === "PAID") await onAccepted();
      else onFailed(clientAnswer.errorMessage ?? paymentMessages.processingError);
    } catch (error) {
      const fields = isApiError(error) ? Object.entries(error.fields ?? {}) : [];
      const known = fields.flatMap(([name, message]) => {
        const field = CARD_FIELDS.find((cardField) => cardField === name);
        return field ? [{ field, message }] : [];
      });
      known.forEach(({ field, message }, index) =>
        form.setError(field, { type: "server", message }, { shouldFocus: index === 0 }),
      );
      // A form already used, or opened before the order changed: the server says why, in French.
      if (known.length === 0) onFailed(customerRefusalMessage(error, paymentMessages.processingError));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <Field id="card-number" label="Numéro de carte" error={errors.cardNumber?.message}>
        <Input
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 5678 9012 3456"
          {...form.register("cardNumber", {
            validate: (value) => cardNumberError(value) ?? true,
            onChange: (event: ChangeEvent<HTMLInputElement>) =>
              form.setValue("cardNumber", formatCardNumber(event.target.value)),
          })}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="card-expiry" label="Date d'expiration (MM/AA)" error={errors.expiry?.message}>
          <Input
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/AA"
            maxLength={5}
            {...form.register("expiry", {
              validate: (value) => cardExpiryError(value) ?? true,
              onChange: (event: ChangeEvent<HTMLInputElement>) =>
                form.setValue("expiry", formatCardExpiry(event.target.value)),
            })}
          />
        </Field>
        <Field id="card-security-code" label="Cryptogramme" error={errors.securityCode?.message}>
          <Input
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            {...form.register("securityCode", { validate: (value) => securityCodeError(value) ?? true })}
          />
        </Field>
      </div>
      <BusyButton type="submit" size="lg" busy={isSubmitting} icon={<LockIcon aria-hidden="true" />}>
        Payer {formatEuros(amountCents)}
      </BusyButton>
      <Alert variant="info">
        <p>
          Mode test&nbsp;: carte {formatCardNumber(LYRA_TEST_CARDS.accepted)}, toute date future, cryptogramme
          123.
        </p>
      </Alert>
    </form>
  );
}
