import { parseEurosToCents, formatEuros } from "@vitrine/domain";
import type * as React from "react";
import { Field } from "./ui/field";
import { Input } from "./ui/input";

export interface EuroAmountFieldProps extends Omit<React.ComponentProps<"input">, "id" | "type"> {
  id: string;
  label: React.ReactNode;
  error?: string | undefined;
  /** What the field holds now, read back under it as the amount understood. */
  typed: string | undefined;
}

/**
 * A price typed as a person writes it ("9,90", "9.90", "10 €"). A text input, not a number one:
 * a French browser's number input silently dropped the comma and kept 9,90 as 990. The amount
 * the shared parser understood is shown under the field before anything is saved.
 */
export function EuroAmountField({ id, label, error, typed, ...inputProps }: EuroAmountFieldProps) {
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={<AmountUnderstood typed={typed ?? ""} hideProblem={!!error} />}
    >
      <Input type="text" inputMode="decimal" autoComplete="off" placeholder="0,00" {...inputProps} />
    </Field>
  );
}

function AmountUnderstood({ typed, hideProblem }: { typed: string; hideProblem: boolean }) {
  const parsed = parseEurosToCents(typed);
  let text: string;
  if (parsed.ok) text = `Montant compris : ${formatEuros(parsed.cents)}`;
  else if (typed.trim() === "" || hideProblem) text = "Exemple : 9,90";
  else text = parsed.message;
  return <span aria-live="polite">{text}</span>;
}
