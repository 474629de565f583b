import * as z from "zod/mini";
import { emailMessages, emailSchema, isRealEmail } from "./email";
import { requiredTextSchema } from "./text-field";
import { cleanTiktokUsername, tiktokUsernameError } from "./tiktok-username";

export const ADMIN_USER_NAME_MAX_LENGTH = 100;

/** The back office's users screen (spec sections 2, 5 and 8), word for word, and a few of ours. */
export const adminUserMessages = {
  firstNameRequired: "Le prénom est requis",
  lastNameRequired: "Le nom est requis",
  updated: "Utilisateur modifié avec succès",
  updateFailed: "Erreur lors de la modification de l'utilisateur",
  loadFailed: "Impossible de charger les utilisateurs",
  userLoadFailed: "Erreur lors du chargement des données utilisateur",
  notFound: "Utilisateur introuvable",
  empty: "Aucun utilisateur trouvé",
  noMatch: "Aucun utilisateur ne correspond à votre recherche",
  ordersLoadFailed: "Erreur lors du chargement des commandes",
  ordersLoading: "Chargement de la commande...",
  noOrders: "Aucune commande trouvée pour cet utilisateur.",
  noItems: "Aucun produit",
  unknownError: "Erreur inconnue",
  /** Ours (decision 003: the back office needs a session opened with the password). */
  adminRightsNeedPassword:
    "Impossible d'accorder les droits d'administration : cet utilisateur n'a pas de mot de passe, il ne pourrait pas se connecter à l'administration.",
  cannotRevokeOwnRights: "Vous ne pouvez pas retirer vos propres droits d'administration.",
  /** Ours: staff change a customer's e-mail (audited, the customer told at both addresses). */
  emailUnchanged: "C'est déjà l'adresse e-mail de cet utilisateur",
  emailTaken: "Cette adresse e-mail est déjà utilisée par un autre compte",
  emailChanged:
    "Adresse e-mail modifiée : l'utilisateur en est informé à l'ancienne et à la nouvelle adresse",
  emailChangeFailed: "Erreur lors du changement d'adresse e-mail",
} as const;

/**
 * PUT /api/admin/users/:id/email: the address the customer signs in with and receives mail at. A
 * live viewer's placeholder domain is no mailbox: refused like any address that is not one.
 */
export const adminUserEmailChangeSchema = z.object({
  email: emailSchema.check(z.refine((email) => isRealEmail(email), { error: emailMessages.invalid })),
});
export type AdminUserEmailChangeInput = z.input<typeof adminUserEmailChangeSchema>;

/**
 * The handle typed in the edit dialog: optional (blank is none), otherwise the sign-up's rules,
 * stored lower-case as sign-up stores it.
 */
const optionalTiktokUsernameSchema = z.pipe(
  z.nullish(z.string()),
  z.transform((value, context) => {
    const cleaned = cleanTiktokUsername(value ?? "");
    if (cleaned === "") return null;
    const message = tiktokUsernameError(cleaned);
    if (message) {
      context.issues.push({ code: "custom", message, input: value });
      return z.NEVER;
    }
    return cleaned.toLowerCase();
  }),
);

/** PATCH /api/admin/users/:id: the edit dialog. The e-mail is not editable. */
export const adminUserUpdateSchema = z.object({
  firstName: requiredTextSchema({
    label: "Le prénom",
    maxLength: ADMIN_USER_NAME_MAX_LENGTH,
    requiredMessage: adminUserMessages.firstNameRequired,
  }),
  lastName: requiredTextSchema({
    label: "Le nom",
    maxLength: ADMIN_USER_NAME_MAX_LENGTH,
    requiredMessage: adminUserMessages.lastNameRequired,
  }),
  tiktokUsername: optionalTiktokUsernameSchema,
  isAdmin: z._default(z.boolean(), false),
});
export type AdminUserUpdateInput = z.input<typeof adminUserUpdateSchema>;
export type AdminUserUpdate = z.output<typeof adminUserUpdateSchema>;

export interface NamedUser {
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  displayName?: string | null;
  tiktokUsername?: string | null;
}

function present(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}

/** "first last", either alone when the other is missing, or "" (the list's name column). */
export function userFullName(user: Pick<NamedUser, "firstName" | "lastName">): string {
  return [present(user.firstName), present(user.lastName)].filter(Boolean).join(" ");
}

/** A shipping address's addressee, "first last" as `userFullName` puts it, or "". */
export function addresseeName(address: { first_name?: string | null; last_name?: string | null }): string {
  return userFullName({ firstName: address.first_name ?? null, lastName: address.last_name ?? null });
}

/**
 * How a person is named to staff (spec: display name, or first or last name, or e-mail); the
 * handle when there is no mailbox (a live viewer's placeholder is none), and "" when nothing is known.
 */
export function userDisplayName(user: NamedUser): string {
  const handle = present(user.tiktokUsername);
  return (
    present(user.displayName) ??
    (userFullName(user) || null) ??
    (isRealEmail(user.email) ? user.email.trim() : null) ??
    (handle ? `@${handle}` : "")
  );
}

/** The users list's search (spec: case-insensitive, over e-mail, handle and 'first last'). */
export function userMatchesSearch(user: NamedUser, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === "") return true;
  const first = user.firstName?.trim() ?? "";
  const last = user.lastName?.trim() ?? "";
  return [user.email ?? "", user.tiktokUsername ?? "", `${first} ${last}`].some((text) =>
    text.toLowerCase().includes(needle),
  );
}
