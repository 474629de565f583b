import KRGlue from "@lyracom/embedded-form-glue";
import { paymentMessages, type PaymentForm } from "@vitrine/domain";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { Spinner } from "../../../components/ui/spinner";

export interface LyraCardFormProps {
  payment: Extract<PaymentForm, { provider: "lyra" }>;
  /** Lyra's form reports the card paid: the page has the server confirm it. */
  onAccepted: () => Promise<void>;
  onFailed: (message: string) => void;
}

/**
 * Lyra's embedded card form (its own script, fields and button, in French). Loaded on its own:
 * this module and Lyra's glue never weigh on a page that does not show it.
 */
export function LyraCardForm({ payment, onAccepted, onFailed }: LyraCardFormProps) {
  const container = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const accepted = useEffectEvent(() => onAccepted());
  const failed = useEffectEvent((message: string) => onFailed(message));

  useEffect(() => {
    let cancelled = false;
    let removeForms: (() => void) | null = null;
    const element = container.current;
    (async () => {
      const { KR } = await KRGlue.loadLibrary(payment.endpoint, payment.publicKey);
      if (cancelled || !element) return;
      removeForms = () => void KR.removeForms();
      await KR.setFormConfig({ formToken: payment.formToken, "kr-language": "fr-FR" });
      await KR.onSubmit((response) => {
        if (response.clientAnswer.orderStatus === "PAID") void accepted();
        else failed(paymentMessages.processingError);
        // Stay on the page: the server, not a redirect, confirms the payment.
        return false;
      });
      await KR.onError((error) => {
        // CLIENT_ errors are typing mistakes that the form shows beside its own fields.
        if (!error.errorCode.startsWith("CLIENT_")) failed(error.errorMessage);
      });
      await KR.renderElements(element);
      if (!cancelled) setReady(true);
    })().catch(() => {
      if (!cancelled) failed(paymentMessages.initFailed);
    });
    return () => {
      cancelled = true;
      removeForms?.();
    };
  }, [payment.endpoint, payment.publicKey, payment.formToken]);

  return (
    <div className="flex flex-col gap-4">
      {ready ? null : <Spinner label="Chargement du formulaire de paiement..." className="py-8" />}
      <div ref={container}>
        <div className="kr-smart-form" kr-card-form-expanded="" />
      </div>
    </div>
  );
}
