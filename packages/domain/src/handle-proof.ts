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
 * Whether a customer is shown the orders and claims that came from live comments: always, unless
 * the shop shows them only to verified handles (VERIFIED_HANDLES_ONLY) and this one is not.
 */
export function showsCommentOrders(
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
  hiddenUntilVerified:
    "Vérifiez votre pseudo TikTok pour voir les commandes passées en commentaire pendant les lives.",
} as const;
