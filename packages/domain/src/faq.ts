import * as z from "zod/mini";
import { richTextSchema } from "./rich-text";

export const FAQ_TITLE_MAX_LENGTH = 200;

export const faqMessages = {
  required: "Veuillez remplir tous les champs",
  notFound: "FAQ introuvable",
  alreadyFirst: "Cette FAQ est déjà la première",
  alreadyLast: "Cette FAQ est déjà la dernière",
  loadFailed: "Impossible de charger les FAQs",
  saveFailed: "Impossible de sauvegarder la FAQ",
  deleteFailed: "Impossible de supprimer la FAQ",
  moveFailed: "Impossible de modifier l'ordre",
  created: "FAQ ajoutée",
  updated: "FAQ modifiée",
  deleted: "FAQ supprimée",
} as const;

export const FAQ_MOVE_DIRECTIONS = ["up", "down"] as const;
export type FaqMoveDirection = (typeof FAQ_MOVE_DIRECTIONS)[number];

/** Ranks are stored from 0; people count from 1. */
export function faqDisplayRank(rank: number): number {
  return rank + 1;
}

/**
 * The position to swap with when moving the FAQ at `index` of a list of `count` FAQs in rank
 * order, or null when it is already at that end.
 */
export function faqSwapIndex(index: number, count: number, direction: FaqMoveDirection): number | null {
  const target = direction === "up" ? index - 1 : index + 1;
  return index >= 0 && index < count && target >= 0 && target < count ? target : null;
}

/** A FAQ as written in the back office: a title and an HTML answer, neither blank. */
export const faqInputSchema = z.object({
  title: z.string().check(
    z.trim(),
    z.minLength(1, { error: faqMessages.required }),
    z.maxLength(FAQ_TITLE_MAX_LENGTH, {
      error: `Le titre ne doit pas dépasser ${FAQ_TITLE_MAX_LENGTH} caractères`,
    }),
  ),
  content: richTextSchema(faqMessages.required),
});
export type FaqInput = z.infer<typeof faqInputSchema>;
