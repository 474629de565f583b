import * as z from "zod/mini";
import { richTextSchema } from "./rich-text";

export const PAGE_TITLE_MAX_LENGTH = 200;
export const PAGE_CODE_MAX_LENGTH = 100;
/** The pages the public site already shows at their own address (/cgv, /mentions-legales). */
export const SITE_PAGE_CODES: readonly string[] = ["cgv", "mentions-legales"];

/** The seasonal page: the one code that several active pages may share. */
export const WINTER_PAGE_CODE = "page-hiver";
/** Codes the public site reads: the terms of sale and the legal notice. */
export const TERMS_OF_SALE_PAGE_CODE = "cgv";
export const LEGAL_NOTICE_PAGE_CODE = "mentions-legales";

const PAGE_CODE_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const pageMessages = {
  required: "Veuillez remplir tous les champs",
  invalidCode: "Le code doit être un slug valide (ex: ma-page-exemple)",
  duplicateCode: "Ce code de page existe déjà",
  activeDuplicate: "Une page active avec ce code existe déjà",
  codeLocked: "Le code d'une page ne peut pas être modifié",
  notFound: "Page introuvable",
  loadFailed: "Impossible de charger les pages",
  saveFailed: "Impossible de sauvegarder la page",
  deleteFailed: "Impossible de supprimer la page",
  created: "Page créée",
  updated: "Page modifiée",
  deleted: "Page supprimée",
} as const;

/** What the code field keeps of what is typed: each run of spaces becomes one hyphen. */
export function pageCodeFromInput(raw: string): string {
  return raw.replace(/\s+/g, "-");
}

/** Lowercase letters and digits in words joined by single hyphens: "ma-page-exemple". */
export function isPageCode(code: string): boolean {
  return code.length <= PAGE_CODE_MAX_LENGTH && PAGE_CODE_PATTERN.test(code);
}

/** Whether several active pages may share `code` (only the winter page). */
export function allowsSeveralActivePages(code: string): boolean {
  return code === WINTER_PAGE_CODE;
}

/**
 * Why a new page cannot take a code another page already has. Codes are unique and locked once a
 * page exists, so the clash is known at creation: the more telling message when the page already
 * online would be doubled, the plain one otherwise (an inactive page, or the winter page).
 */
export function pageCodeConflictMessage(conflict: {
  code: string;
  newPageIsActive: boolean;
  existingPageIsActive: boolean;
}): string {
  return conflict.newPageIsActive && conflict.existingPageIsActive && !allowsSeveralActivePages(conflict.code)
    ? pageMessages.activeDuplicate
    : pageMessages.duplicateCode;
}

export const pageCodeSchema = z.pipe(
  z.pipe(z.string(), z.transform(pageCodeFromInput)),
  z
    .string()
    .check(
      z.minLength(1, { error: pageMessages.required }),
      z.refine(isPageCode, { error: pageMessages.invalidCode }),
    ),
);

/** A static page as written in the back office. */
export const pageInputSchema = z.object({
  title: z.string().check(
    z.trim(),
    z.minLength(1, { error: pageMessages.required }),
    z.maxLength(PAGE_TITLE_MAX_LENGTH, {
      error: `Le titre ne doit pas dépasser ${PAGE_TITLE_MAX_LENGTH} caractères`,
    }),
  ),
  code: pageCodeSchema,
  content: richTextSchema(pageMessages.required),
  isActive: z.boolean(),
  /** Whether the public footer links to the page (at /p/{code}) while it is active. */
  inFooter: z._default(z.boolean(), false),
});
export type PageInput = z.infer<typeof pageInputSchema>;
