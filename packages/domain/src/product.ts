import * as z from "zod/mini";
import { parseEurosToCents } from "./money";
import { optionalTextSchema, requiredError, requiredTextSchema } from "./text-field";

export const PRODUCT_NAME_MAX_LENGTH = 120;
export const PRODUCT_SIZE_MAX_LENGTH = 30;
/** References are the numbers said aloud during a live: six digits is more than any live needs. */
export const PRODUCT_REF_MAX = 999_999;
/** 100 000 €: far above any garment, far below what an integer column holds. */
export const PRODUCT_PRICE_MAX_CENTS = 10_000_000;

export const productMessages = {
  required: "Veuillez remplir tous les champs obligatoires",
  duplicateRef: "Cette référence existe déjà pour ce live. Chaque référence doit être unique par live.",
  refInvalid: "La référence doit être un nombre entier positif",
  refTooLarge: `La référence ne peut pas dépasser ${PRODUCT_REF_MAX}`,
  priceNotCents: "Le prix doit être un nombre entier de centimes (ex : 1250 pour 12,50 €)",
  priceNegative: "Le prix ne peut pas être négatif",
  priceTooHigh: "Le prix ne peut pas dépasser 100 000 €",
  alreadySold: "Ce produit a déjà été vendu dans une commande : il ne peut pas être supprimé.",
  notFound: "Produit introuvable",
  liveNotFound: "Ce live n'existe pas",
  colorNotFound: "Cette couleur n'existe pas",
  loadFailed: "Impossible de charger les produits",
  livesLoadFailed: "Impossible de charger la liste des lives",
  colorsLoadFailed: "Impossible de charger la liste des couleurs",
  deleteFailed: "Impossible de supprimer le produit",
  saveFailed: (message: string) => `Erreur: ${message}`,
  noProducts: "Aucun produit pour le moment",
  created: (name: string) => `Produit « ${name} » ajouté`,
  updated: (name: string) => `Produit « ${name} » modifié`,
  deleted: (name: string) => `Produit « ${name} » supprimé`,
} as const;

export const productNameSchema = requiredTextSchema({
  label: "Le nom",
  maxLength: PRODUCT_NAME_MAX_LENGTH,
  requiredMessage: productMessages.required,
});

/** A product's reference: a positive whole number, unique within its live. */
export const productRefSchema = z
  .number({ error: requiredError(productMessages.required) })
  .check(
    z.int({ error: productMessages.refInvalid }),
    z.gte(1, { error: productMessages.refInvalid }),
    z.lte(PRODUCT_REF_MAX, { error: productMessages.refTooLarge }),
  );

/**
 * What the API answers when a price is not a number at all ("9,90", null): the price's own
 * message, which says the API takes cents, rather than a generic type error.
 */
export function priceTypeError(requiredMessage: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? requiredMessage : productMessages.priceNotCents;
}

/** Prices travel and are stored in integer cents: no float ever holds money. */
export const priceCentsSchema = z
  .number({ error: priceTypeError(productMessages.required) })
  .check(
    z.int({ error: productMessages.priceNotCents }),
    z.gte(0, { error: productMessages.priceNegative }),
    z.lte(PRODUCT_PRICE_MAX_CENTS, { error: productMessages.priceTooHigh }),
  );

const requiredIdSchema = z.uuid({ error: requiredError(productMessages.required) });
const productSizeSchema = optionalTextSchema({ label: "La taille", maxLength: PRODUCT_SIZE_MAX_LENGTH });

export const productInputSchema = z.object({
  liveId: requiredIdSchema,
  name: productNameSchema,
  ref: productRefSchema,
  priceCents: priceCentsSchema,
  size: productSizeSchema,
  colorId: z.pipe(
    z.nullish(z.uuid()),
    z.transform((value) => value ?? null),
  ),
});
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductValues = z.output<typeof productInputSchema>;

/** Text typed in a form field, parsed into the number the API takes. */
function formNumber(parse: (text: string) => { ok: true; value: number } | { ok: false; message: string }) {
  return z.pipe(
    z.string().check(z.trim(), z.minLength(1, { error: productMessages.required })),
    z.transform((text: string, ctx) => {
      const parsed = parse(text);
      if (parsed.ok) return parsed.value;
      ctx.issues.push({ code: "custom", message: parsed.message, input: text });
      return z.NEVER;
    }),
  );
}

/** A whole number typed in a form: digits only. */
export function parseWholeNumber(text: string, message: string) {
  return /^\d+$/.test(text) ? { ok: true as const, value: Number(text) } : { ok: false as const, message };
}

/** The add/edit dialog: every field as the inputs hold it, leaving as the API's body. */
export const productFormSchema = z.object({
  liveId: z.string().check(z.minLength(1, { error: productMessages.required })),
  name: productNameSchema,
  ref: z.pipe(
    formNumber((text) => parseWholeNumber(text, productMessages.refInvalid)),
    productRefSchema,
  ),
  price: z.pipe(
    formNumber((text) => {
      const parsed = parseEurosToCents(text);
      return parsed.ok ? { ok: true, value: parsed.cents } : parsed;
    }),
    priceCentsSchema,
  ),
  size: productSizeSchema,
  /** "" is the 'Aucune couleur' option. */
  colorId: z.pipe(
    z.string(),
    z.transform((value) => value || null),
  ),
});
export type ProductFormValues = z.input<typeof productFormSchema>;

/** The API body of a filled-in product form. */
export function productInputFromForm(values: z.output<typeof productFormSchema>): ProductInput {
  return {
    liveId: values.liveId,
    name: values.name,
    ref: values.ref,
    priceCents: values.price,
    size: values.size,
    colorId: values.colorId,
  };
}
