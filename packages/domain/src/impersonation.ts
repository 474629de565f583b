import { isRealEmail } from "./email";

/** An impersonation session ends on its own after an hour (better-auth's admin plugin is set to it). */
export const IMPERSONATION_MAX_SECONDS = 3600;

/** Spec section 2 and 8, word for word, and a few of ours. */
export const impersonationMessages = {
  confirm:
    "Vous allez être déconnecté de l'admin pour vous connecter en tant qu'utilisateur. Confirmez-vous ?",
  noEmail: "Utilisateur sans email, impossible d'impersonifier.",
  linkFailed: "Impossible de générer le lien de connexion.",
  failed: "Erreur lors de l'impersonification.",
  banner: (name: string) => `Vous êtes connecté en tant que ${name}`,
  /** Ours. */
  targetIsAdmin: "Impossible d'impersonifier un administrateur.",
  notImpersonating: "Aucune impersonification en cours.",
  adminSessionLost:
    "Votre session d'administration a expiré pendant l'impersonification : reconnectez-vous à l'administration.",
  endFailed: "Impossible de revenir à l'administration.",
  /** Ours: what the customer area's sign-out does while staff act as someone. */
  signOutEndsBoth: "« Se déconnecter » vous déconnecte aussi de l'administration.",
  signedOutOfBoth:
    "Déconnexion réussie : l'impersonification et votre session d'administration sont terminées.",
} as const;

/**
 * Why staff may not act as this person, or null when they may: only a customer (never an
 * administrator, whose rights an impersonation must never lend) with a mailbox of their own.
 */
export function impersonationRefusal(target: { isAdmin: boolean; email: string | null }): string | null {
  if (target.isAdmin) return impersonationMessages.targetIsAdmin;
  if (!isRealEmail(target.email)) return impersonationMessages.noEmail;
  return null;
}
