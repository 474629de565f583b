import * as z from "zod/mini";
// The fallback of requiredError is the French error map: make sure it is installed.
import "./zod-french";
import { hasUnstorableText, storableTextMessages } from "./storable-text";

/** `<` and `>` never belong in a name typed by staff; refusing them keeps markup out of the shop. */
const MARKUP_CHARACTERS = /[<>]/;

export interface TextFieldRules {
  /** The field as a sentence names it: "Le nom", "La taille". */
  label: string;
  maxLength: number;
  /** The spec's message when the field is missing or blank. */
  requiredMessage: string;
}

export const textFieldMessages = {
  tooLong: (label: string, maxLength: number) => `${label} doit contenir au plus ${maxLength} caractères.`,
  markup: (label: string) => `${label} ne doit pas contenir les caractères < ou >.`,
} as const;

/**
 * A missing value gets the rule's own message; a value of the wrong type falls through to the
 * French error map, which names the field and the type received.
 */
export function requiredError(message: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? message : undefined);
}

/** A one-line text typed by staff (a name, a title): trimmed, required, bounded, no markup. */
export function requiredTextSchema({ label, maxLength, requiredMessage }: TextFieldRules) {
  return z.string({ error: requiredError(requiredMessage) }).check(
    z.trim(),
    z.minLength(1, { error: requiredMessage, abort: true }),
    z.maxLength(maxLength, { error: textFieldMessages.tooLong(label, maxLength) }),
    z.refine((value) => !MARKUP_CHARACTERS.test(value), { error: textFieldMessages.markup(label) }),
    z.refine((value) => !hasUnstorableText(value), { error: storableTextMessages.field(label) }),
  );
}

/** An optional one-line text: blank, null or absent is stored as null. */
export function optionalTextSchema({ label, maxLength }: Omit<TextFieldRules, "requiredMessage">) {
  return z.pipe(
    z.nullish(
      z.string().check(
        z.trim(),
        z.maxLength(maxLength, { error: textFieldMessages.tooLong(label, maxLength) }),
        z.refine((value) => !MARKUP_CHARACTERS.test(value), { error: textFieldMessages.markup(label) }),
        z.refine((value) => !hasUnstorableText(value), { error: storableTextMessages.field(label) }),
      ),
    ),
    z.transform((value) => (value ? value : null)),
  );
}
