/** What the audit log records; other modules may add theirs (the screen shows unknown ones raw). */
export const AUDIT_ACTIONS = [
  "impersonation-started",
  "impersonation-ended",
  "impersonation-expired",
  "admin-rights-granted",
  "admin-rights-revoked",
  "live-viewer-claimed",
  "payment-refunded",
  "payment-accepted",
  "late-payment-given-back",
  "impersonated-write",
  "live-claim-given",
  "live-claim-released",
  "live-claim-skipped",
  "live-claim-removed",
  "live-claim-confirmed",
  "live-claim-ignored",
  "live-claim-settings-changed",
  "live-piece-shown",
  "order-refunded",
  "user-email-changed",
  "live-account-linked",
  "live-account-unlinked",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditActionLabels: Record<AuditAction, string> = {
  "impersonation-started": "Début d'impersonification",
  "impersonation-ended": "Fin d'impersonification",
  "impersonation-expired": "Impersonification expirée",
  "admin-rights-granted": "Droits d'administration accordés",
  "admin-rights-revoked": "Droits d'administration retirés",
  "live-viewer-claimed": "Pseudo de live rattaché au compte",
  "payment-refunded": "Paiement à vérifier remboursé",
  "payment-accepted": "Paiement à vérifier accepté",
  "late-payment-given-back": "Paiement arrivé en retard accepté, pièces rendues au client",
  "impersonated-write": "Modification faite en tant que l'utilisateur",
  "live-claim-given": "Pièce donnée à un viewer",
  "live-claim-released": "Réservation libérée par l'équipe",
  "live-claim-skipped": "Viewer passé en fin de liste d'attente",
  "live-claim-removed": "Viewer retiré de la liste d'attente",
  "live-claim-confirmed": "Réservation à confirmer confirmée",
  "live-claim-ignored": "Réservation à confirmer ignorée",
  "live-claim-settings-changed": "Réglages des réservations du live modifiés",
  "live-piece-shown": "Pièce présentée pendant le live",
  "order-refunded": "Commande remboursée",
  "user-email-changed": "Adresse e-mail modifiée par l'équipe",
  "live-account-linked": "Compte de live lié par l'équipe",
  "live-account-unlinked": "Compte de live délié par l'équipe",
};

function isAuditAction(action: string): action is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(action);
}

/** The French label of an action, or the action itself when this version does not know it. */
export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? auditActionLabels[action] : action;
}

export const AUDIT_EVENTS_PAGE_SIZE = 50;

export const auditMessages = {
  title: "Journal d'audit",
  loadFailed: "Impossible de charger le journal d'audit",
  empty: "Aucun événement enregistré",
} as const;
