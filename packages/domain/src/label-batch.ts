/**
 * A live's labels in one go (decision 033): what staff read about a batch, and the carrier's
 * refusals as they can act on them.
 */

export const labelBatchMessages = {
  nothingReady:
    "Aucun colis prêt à étiqueter pour ce live : il faut des commandes payées, avec une adresse complète et sans étiquette.",
  liveNotFound: "Live introuvable",
  batchNotFound: "Lot d'étiquettes introuvable",
  nothingToRetry: "Aucune étiquette en échec à relancer dans ce lot.",
  noLabels: "Aucune étiquette n'a encore été générée pour ce live.",
  noPieces: "Aucune commande payée à préparer pour ce live.",
  anotherRunning: "Une génération d'étiquettes est déjà en cours pour ce live : attendez qu'elle se termine.",
  noLongerToShip: "Cette commande n'est plus un colis à expédier (annulée, expédiée ou regroupée).",
} as const;

/** The carrier's reasons, in French, as staff can act on them. */
export const labelFailureReasons = {
  zipUnknown:
    "Code postal inconnu de La Poste : corrigez l'adresse de livraison de la commande, puis réessayez.",
  carrierUnreachable: "Le transporteur ne répond pas : réessayez dans quelques minutes.",
  carrierRefused: (detail: string) => `Refusée par Colissimo : ${detail}`,
  unknown: "Le transporteur n'a pas fait l'étiquette : réessayez, ou générez-la depuis la commande.",
} as const;

/** What the panel shows: the button, the progress bar, the downloads. */
export const labelBatchTexts = {
  title: "Étiquettes du live",
  generate: (ready: number) =>
    `Générer les étiquettes du live (${ready} ${ready > 1 ? "colis prêts" : "colis prêt"})`,
  progressLabel: "Génération des étiquettes",
  progress: (handled: number, total: number) => `${handled} / ${total}`,
  running: "Génération en cours : vous pouvez fermer la page, elle continue.",
  finished: (done: number, total: number) => `Étiquettes générées : ${done} sur ${total}.`,
  failuresTitle: "Étiquettes en échec",
  retry: "Réessayer",
  downloadLabels: "Télécharger les étiquettes (PDF)",
  pickList: "Liste de préparation (PDF)",
  noneReady: "Aucun colis prêt à étiqueter pour le moment.",
  loading: "Chargement des étiquettes du live…",
  loadError: "Impossible de charger l'état des étiquettes du live.",
  chooseLive: "Live",
  noLive: "Choisissez un live",
} as const;

/** The pick list's French texts (the PDF is drawn on the server). */
export const pickListTexts = {
  title: (liveTitle: string) => `Liste de préparation : ${liveTitle}`,
  summary: (pieces: number, parcels: number) =>
    `${pieces} ${pieces > 1 ? "pièces" : "pièce"} · ${parcels} ${parcels > 1 ? "colis" : "colis"}`,
  reference: "Réf.",
  colour: "Couleur",
  size: "Taille",
  parcel: "Colis",
  customer: "Cliente",
  quantity: "Qté",
  noColour: "aucune",
  noSize: "unique",
  page: (page: number, pages: number) => `Page ${page} / ${pages}`,
  printedAt: (date: string) => `Imprimée le ${date}`,
} as const;
