import * as z from "zod/mini";
import { requiredError, requiredTextSchema } from "./text-field";

export const COLOR_NAME_MAX_LENGTH = 50;
/** `#` then six hexadecimal digits, as the product_colors CHECK constraint says. */
export const HEX_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

export const colorMessages = {
  required: "Veuillez remplir tous les champs",
  invalidHex: "Le code hexadécimal doit être # suivi de 6 chiffres hexadécimaux (ex : #1E3A8A)",
  duplicateName: "Une couleur avec ce nom existe déjà",
  inUse: "Cette couleur est utilisée par des produits et ne peut pas être supprimée",
  notFound: "Cette couleur n'existe pas",
  /** The spec's refusal word for word first, then what the page knows more: which colour, how many. */
  usedBy: (name: string, count: number) =>
    `Cette couleur est utilisée par des produits et ne peut pas être supprimée (« ${name} » : ${count === 1 ? "1 produit" : `${count} produits`}). Changez d'abord la couleur de ${count === 1 ? "ce produit" : "ces produits"}.`,
  loadFailed: "Impossible de charger les couleurs",
  deleteFailed: "Impossible de supprimer la couleur",
  saveFailed: (message: string) => `Erreur: ${message}`,
  created: (name: string) => `Couleur « ${name} » ajoutée`,
  updated: (name: string) => `Couleur « ${name} » modifiée`,
  deleted: (name: string) => `Couleur « ${name} » supprimée`,
} as const;

export function isHexColor(value: string): boolean {
  return HEX_COLOR_PATTERN.test(value);
}

/** Stored in capitals so that #1e3a8a and #1E3A8A read as the same code. */
export function normalizeHexColor(value: string): string {
  return value.trim().toUpperCase();
}

export const colorInputSchema = z.object({
  name: requiredTextSchema({
    label: "Le nom",
    maxLength: COLOR_NAME_MAX_LENGTH,
    requiredMessage: colorMessages.required,
  }),
  hexCode: z.pipe(
    z
      .string({ error: requiredError(colorMessages.required) })
      .check(
        z.trim(),
        z.minLength(1, { error: colorMessages.required, abort: true }),
        z.regex(HEX_COLOR_PATTERN, { error: colorMessages.invalidHex }),
      ),
    z.transform(normalizeHexColor),
  ),
});
export type ColorInput = z.input<typeof colorInputSchema>;
export type ColorValues = z.output<typeof colorInputSchema>;
