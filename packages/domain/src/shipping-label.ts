/** The shipping label's messages (spec back-office.md, section 8), word for word unless marked. */
export const shippingLabelMessages = {
  generateFailed: "Impossible de générer l'étiquette d'expédition",
  generationError: "Erreur lors de la génération de l'étiquette",
  deleteFailed: "Impossible de supprimer l'étiquette d'expédition",
  noLabel: "Aucune étiquette disponible",
  downloadFailed: "Impossible de télécharger le fichier",
  popupBlocked: "Veuillez autoriser les popups pour imprimer l'étiquette",
  /** Ours: a parcel needs somewhere to go. */
  addressMissing: "Impossible de générer l'étiquette : la commande n'a pas d'adresse de livraison",
  /** Ours: the stored address lacks what a parcel needs. */
  addressIncomplete:
    "Impossible de générer l'étiquette : l'adresse de livraison de la commande est incomplète",
  /** Ours: one parcel, one label. */
  alreadyGenerated: "Une étiquette existe déjà pour cette commande : supprimez-la pour en générer une autre",
  /** Ours: a second click while the carrier is making the first label (which spends a parcel number). */
  generationInProgress:
    "L'étiquette de cette commande est en cours de génération : patientez quelques secondes puis rechargez la commande",
  /** Ours: confirmations. */
  generated: "Étiquette d'expédition générée",
  deleted: "Étiquette d'expédition supprimée",
} as const;

/** The print dialog opens this long after the label's window (spec section 9). */
export const LABEL_PRINT_DELAY_MS = 500;
