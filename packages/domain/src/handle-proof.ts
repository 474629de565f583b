/*
 * Proof that a TikTok handle belongs to the account that claims it (decision 032): the profile
 * shows a short code; a chat comment of that handle containing the code, during any live, marks
 * the handle verified.
 */

/** Letters and digits that cannot be mistaken for one another when read off a phone (no 0/O, 1/I/L). */
export const HANDLE_PROOF_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const HANDLE_PROOF_PREFIX = "VT";
/** Characters after the prefix. */
export const HANDLE_PROOF_LENGTH = 5;

// "VT-7K3QX", "vt 7k3qx", "#VT7K3QX": the prefix, an optional dash or space, five characters.
const CODE_IN_COMMENT = new RegExp(
  `(?:^|[^A-Za-z0-9])${HANDLE_PROOF_PREFIX}[-\\s]?([${HANDLE_PROOF_ALPHABET}]{${HANDLE_PROOF_LENGTH}})(?![A-Za-z0-9])`,
  "gi",
);

/** The code as the profile shows it and the database stores it: "VT-7K3QX". */
export function formatHandleProofCode(characters: string): string {
  return `${HANDLE_PROOF_PREFIX}-${characters.toUpperCase()}`;
}

/** The codes a comment carries, in their stored form (at most three: a comment is not a list). */
export function readHandleProofCodes(comment: string): string[] {
  const codes = new Set<string>();
  for (const match of comment.matchAll(CODE_IN_COMMENT)) {
    const characters = match[1];
    if (characters) codes.add(formatHandleProofCode(characters));
    if (codes.size === 3) break;
  }
  return [...codes];
}

/**
 * Whether a customer may change the orders that came from live comments, beyond validating and
 * paying them: always, unless the shop keeps such changes for proven handles
 * (VERIFIED_HANDLES_ONLY) and this one is not proven. Anyone may sign up first with a handle the
 * live chat shows; until the handle is proven, what they do must not take from its viewer.
 */
export function mayChangeCommentOrders(
  verifiedHandlesOnly: boolean,
  handleVerifiedAt: Date | string | null,
): boolean {
  return !verifiedHandlesOnly || handleVerifiedAt !== null;
}

export const handleProofMessages = {
  verified: "Pseudo TikTok vérifié",
  notVerified: "non vérifié",
  verifiedNow: "Votre pseudo TikTok est vérifié",
  howTo: (code: string) =>
    `Pour prouver que ce pseudo est le vôtre, écrivez ${code} en commentaire pendant un live.`,
  /** The server's refusal of a change to a comment order while the handle is not proven. */
  changeNeedsProof: (code: string) =>
    `Cette commande vient de commentaires d'un live : vous pouvez la valider et la payer, mais pour la modifier, prouvez d'abord que ce pseudo TikTok est le vôtre en écrivant ${code} en commentaire pendant un live.`,
  /** Beside the code, on the pages where those changes would be offered. */
  commentOrdersNeedProof:
    "Vous pouvez valider et payer les pièces réservées en commentaire. Pour modifier ces commandes (changer l'adresse de livraison), prouvez d'abord que ce pseudo TikTok est le vôtre.",
  /** Beside the code, on the page of one such order. */
  orderNeedsProof:
    "Cette commande vient de commentaires d'un live : vous pouvez la valider et la payer. Pour la modifier ensuite (changer l'adresse de livraison), prouvez d'abord que ce pseudo TikTok est le vôtre.",
  noHandle:
    "Indiquez votre pseudo TikTok sur votre profil pour suivre ici les pièces réservées en commentaire.",
} as const;
