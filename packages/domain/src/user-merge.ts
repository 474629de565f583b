/** The merge page's messages (spec back-office.md, sections 4, 5 and 8), word for word. */
export const userMergeMessages = {
  selfMerge: "Impossible de fusionner un utilisateur avec lui-même",
  sourceHasNoOrders: "L'utilisateur source n'a aucune commande à transférer",
  searchFailed: "Erreur lors de la recherche d'utilisateurs",
  loadFailed: "Erreur lors du chargement des données utilisateur",
  userNotFound: "Utilisateur introuvable",
  noSearchResult: "Aucun utilisateur trouvé pour cette recherche",
  merged: (ordersTransferred: number) =>
    `Fusion réussie ! ${ordersTransferred} commande(s) ont été transférées`,
  mergeFailed: (message: string) => `Erreur lors de la fusion: ${message}`,
  unknownError: "Une erreur est survenue",
  /** Ours: the search box was left blank. */
  searchRequired: "Saisissez un email, un pseudo TikTok ou un nom",
  /** Ours: each side of the merge must name a user. */
  sourceRequired: "Sélectionnez l'utilisateur source",
  destinationRequired: "Sélectionnez l'utilisateur destination",
  /** Ours: asked before any order moves. */
  confirm: (orderCount: number, source: string, destination: string) =>
    `${orderCount === 1 ? "La commande" : `Les ${orderCount} commandes`} de « ${source} » ${orderCount === 1 ? "sera rattachée" : "seront rattachées"} au compte « ${destination} ».`,
} as const;

/** At most this many users answer one search (spec section 9). */
export const USER_SEARCH_LIMIT = 10;
/** A search text longer than this names nobody: refused rather than scanned. */
export const USER_SEARCH_MAX_LENGTH = 100;

export interface MergeCandidate {
  sourceUserId: string | null;
  destinationUserId: string | null;
  /** The source's orders, once loaded. */
  sourceOrderCount: number | null;
}

/**
 * Why the transfer cannot run yet (spec section 4): a side is missing, both sides are one user,
 * or the source has nothing to transfer. Null when it can run. The server checks the same rules.
 */
export function mergeRefusal({ sourceUserId, destinationUserId, sourceOrderCount }: MergeCandidate) {
  if (!sourceUserId) return userMergeMessages.sourceRequired;
  if (!destinationUserId) return userMergeMessages.destinationRequired;
  if (sourceUserId === destinationUserId) return userMergeMessages.selfMerge;
  if (sourceOrderCount === 0) return userMergeMessages.sourceHasNoOrders;
  return null;
}
