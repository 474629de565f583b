import * as z from "zod/mini";
import { parseEurosToCents } from "./money";
import {
  PRODUCT_NAME_MAX_LENGTH,
  PRODUCT_PRICE_MAX_CENTS,
  PRODUCT_REF_MAX,
  parseWholeNumber,
  priceTypeError,
  productMessages,
} from "./product";
import { requiredError, requiredTextSchema } from "./text-field";

/** One submit creates at most this many products: 500 is a whole season of references. */
export const BULK_PRODUCTS_MAX = 500;
/** A new range covers ten references (start..start+9); after a creation the next ten follow. */
export const BULK_DEFAULT_RANGE_SIZE = 10;
export const RECENT_PRODUCTS_LIMIT = 50;

export const bulkProductMessages = {
  liveRequired: "Veuillez sélectionner un live",
  nameRequired: "Le nom du produit est requis",
  pricePositive: "Le prix doit être supérieur à 0",
  colorRequired: "Veuillez sélectionner une couleur",
  startInvalid: "L'index de début doit être un entier positif",
  endInvalid: "L'index de fin doit être un entier positif",
  endBeforeStart: "L'index de fin doit être supérieur ou égal à l'index de début",
  tooMany: `Vous ne pouvez pas créer plus de ${BULK_PRODUCTS_MAX} produits à la fois`,
  indexTooLarge: `Les références ne peuvent pas dépasser ${PRODUCT_REF_MAX}`,
  existing: (refs: readonly number[]) =>
    `Les produits avec les références suivantes existent déjà : ${formatRefList(refs)}`,
  created: (count: number) =>
    count === 1 ? "1 produit créé avec succès" : `${count} produits créés avec succès`,
  createFailed: "Une erreur s'est produite lors de la création des produits",
  startIndexFailed: "Une erreur s'est produite lors de la récupération de l'index de début",
  recentFailed: "Une erreur s'est produite lors du chargement des produits récents.",
  noRecent: "Aucun produit créé pour le moment",
} as const;

/** The submit button's label: 'Créer N produit(s)'. */
export function bulkSubmitLabel(count: number): string {
  return `Créer ${count} produit(s)`;
}

/** References as a person reads them: runs of three or more written "12 à 20". */
export function formatRefList(refs: readonly number[]): string {
  const sorted = [...new Set(refs)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j++;
    const first = sorted[i];
    const last = sorted[j];
    if (j - i >= 2) parts.push(`${first} à ${last}`);
    else parts.push(...sorted.slice(i, j + 1).map(String));
    i = j + 1;
  }
  return parts.join(", ");
}

/** How many products a range creates; 0 when the range is not a valid one. */
export function bulkProductCount(start: number | null, end: number | null): number {
  if (start === null || end === null) return 0;
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 1 || end < start) return 0;
  return end - start + 1;
}

/** The range offered for a live: after its highest numeric reference (or from 1), ten wide. */
export function firstBulkRange(highestRef: number | null): { start: number; end: number } {
  const start = (highestRef ?? 0) + 1;
  return { start, end: start + BULK_DEFAULT_RANGE_SIZE - 1 };
}

/** After a creation, the form moves on to the ten references that follow. */
export function nextBulkRange(end: number): { start: number; end: number } {
  return { start: end + 1, end: end + BULK_DEFAULT_RANGE_SIZE };
}

/** A new start index pulls the end to start+9 when the end is empty or below the start. */
export function bulkEndForStart(start: number, end: number | null): number | null {
  if (!Number.isInteger(start) || start < 1) return end;
  if (end === null || end < start) return start + BULK_DEFAULT_RANGE_SIZE - 1;
  return end;
}

/** What is wrong with a range of two whole numbers, if anything: the end field's message. */
export function bulkRangeMessage(start: number, end: number): string | undefined {
  if (end < start) return bulkProductMessages.endBeforeStart;
  if (end - start + 1 > BULK_PRODUCTS_MAX) return bulkProductMessages.tooMany;
  return undefined;
}

function rangeIssues(value: { start: number; end: number }, ctx: z.core.$RefinementCtx) {
  const message = bulkRangeMessage(value.start, value.end);
  if (message) ctx.addIssue({ code: "custom", path: ["end"], message });
}

const indexSchema = (message: string) =>
  z
    .number({ error: requiredError(message) })
    .check(
      z.int({ error: message }),
      z.gte(1, { error: message }),
      z.lte(PRODUCT_REF_MAX, { error: bulkProductMessages.indexTooLarge }),
    );

const bulkNameSchema = requiredTextSchema({
  label: "Le nom du produit",
  maxLength: PRODUCT_NAME_MAX_LENGTH,
  requiredMessage: bulkProductMessages.nameRequired,
});

export const bulkProductsInputSchema = z
  .object({
    liveId: z.uuid({ error: requiredError(bulkProductMessages.liveRequired) }),
    name: bulkNameSchema,
    priceCents: z
      .number({ error: priceTypeError(bulkProductMessages.pricePositive) })
      .check(
        z.int({ error: productMessages.priceNotCents }),
        z.gte(1, { error: bulkProductMessages.pricePositive }),
        z.lte(PRODUCT_PRICE_MAX_CENTS, { error: productMessages.priceTooHigh }),
      ),
    colorId: z.uuid({ error: requiredError(bulkProductMessages.colorRequired) }),
    start: indexSchema(bulkProductMessages.startInvalid),
    end: indexSchema(bulkProductMessages.endInvalid),
  })
  .check(z.superRefine(rangeIssues));
export type BulkProductsInput = z.input<typeof bulkProductsInputSchema>;

/** A whole number typed in a form, its own message when it is not one. */
const formIndex = (message: string) =>
  z.pipe(
    z.pipe(
      z.string().check(z.trim(), z.minLength(1, { error: message })),
      z.transform((text: string, ctx) => {
        const parsed = parseWholeNumber(text, message);
        if (parsed.ok) return parsed.value;
        ctx.issues.push({ code: "custom", message, input: text });
        return z.NEVER;
      }),
    ),
    indexSchema(message),
  );

/** The bulk form as its inputs hold it, leaving as the API's body. */
export const bulkProductsFormSchema = z.pipe(
  z
    .object({
      liveId: z.string().check(z.minLength(1, { error: bulkProductMessages.liveRequired })),
      name: bulkNameSchema,
      price: z.pipe(
        z.pipe(
          z.string().check(z.trim(), z.minLength(1, { error: bulkProductMessages.pricePositive })),
          z.transform((text: string, ctx) => {
            const parsed = parseEurosToCents(text);
            if (parsed.ok) return parsed.cents;
            ctx.issues.push({ code: "custom", message: parsed.message, input: text });
            return z.NEVER;
          }),
        ),
        z
          .number()
          .check(
            z.gte(1, { error: bulkProductMessages.pricePositive }),
            z.lte(PRODUCT_PRICE_MAX_CENTS, { error: productMessages.priceTooHigh }),
          ),
      ),
      colorId: z.string().check(z.minLength(1, { error: bulkProductMessages.colorRequired })),
      start: formIndex(bulkProductMessages.startInvalid),
      end: formIndex(bulkProductMessages.endInvalid),
    })
    .check(z.superRefine(rangeIssues)),
  z.transform(({ price, ...rest }): BulkProductsInput => ({
    ...rest,
    priceCents: price,
  })),
);
export type BulkProductsFormValues = z.input<typeof bulkProductsFormSchema>;
