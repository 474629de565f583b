/*
 * The live seen from the shop's site (decision 047): the piece staff are presenting, the claim a
 * customer makes of it with 'Je le prends', and the test that tells a customer whether their
 * comments reach the shop.
 */

/**
 * The event type a claim made from the site is stored under, in the live's event stream beside
 * the comments: its seq is its place in the same line as theirs.
 */
export const SITE_CLAIM_EVENT_TYPE = "site-claim";

/** Who has 'Je le prends' on a live: nobody, the customers whose comments do not arrive, everyone. */
export const SITE_CLAIM_AUDIENCES = ["nobody", "unheard", "signed-in"] as const;
export type SiteClaimAudience = (typeof SITE_CLAIM_AUDIENCES)[number];
export const DEFAULT_SITE_CLAIM_AUDIENCE: SiteClaimAudience = "unheard";

export const siteClaimAudienceLabels: Record<SiteClaimAudience, string> = {
  nobody: "Personne",
  unheard: "Clients dont les commentaires ne parviennent pas",
  "signed-in": "Tous les clients connectés",
};

/** How long a comment test waits for the customer's code among the live's comments. */
export const COMMENT_TEST_SECONDS = 60;

/** A comment test: waiting for the code, the code seen, or its wait over without it. */
export type CommentTestResult = "waiting" | "seen" | "unseen";

/**
 * A comment test's result at `now`: seen as soon as a comment of the handle carried the code, even
 * after the wait (the comments arrive after all), unseen once the wait ran out without it.
 */
export function commentTestResult(startedAt: number, seenAt: number | null, now: number): CommentTestResult {
  if (seenAt !== null) return "seen";
  return now >= startedAt + COMMENT_TEST_SECONDS * 1000 ? "unseen" : "waiting";
}

/** Whether a customer may claim from the site, by the live's setting and their comment test. */
export function maySiteClaim(audience: SiteClaimAudience, testResult: CommentTestResult | null): boolean {
  if (audience === "signed-in") return true;
  return audience === "unheard" && testResult === "unseen";
}

export const liveSiteMessages = {
  present: "Présenter",
  presentPiece: (ref: number) => `Présenter la réf ${ref}`,
  pieceShown: (ref: number) => `Pièce présentée : réf ${ref}`,
  noPieceShown: "Aucune pièce présentée",
  onShowNow: (ref: number) => `En ce moment : réf ${ref}`,
  take: "Je le prends",
  taken: "Demande enregistrée : vous êtes dans la file comme un commentaire",
  liveOver: "Ce live est terminé",
  pieceGone: "Cette pièce n'est plus disponible",
  pieceNotShown: "Cette pièce n'est plus présentée",
  alreadyAsked: "Vous avez déjà demandé cette pièce",
  notOffered:
    "Les réservations depuis le site ne vous sont pas ouvertes pour ce live : réservez en commentaire",
  noHandle: "Indiquez votre pseudo TikTok sur votre profil pour réserver depuis le site",
  pieceNotOfLive: "Cette pièce n'appartient pas à ce live",
  viaSite: "via le site",
  testComments: "Tester mes commentaires",
  testInstructions: (code: string) =>
    `Écrivez ${code} en commentaire dans le live : nous vous disons dans la minute s'il nous parvient.`,
  commentsArrive: "Vos commentaires nous parviennent",
  commentsDoNotArrive: "Vos commentaires ne nous parviennent pas",
  commentsUnheard: "commentaires non reçus",
  noActiveLive: "Aucun live n'est en cours",
  siteClaimAudience: "Bouton « Je le prends » sur le site",
} as const;

/** What a staff action answers when PostgreSQL cannot be reached: refused now, never applied later. */
export const DATABASE_UNREACHABLE_MESSAGE =
  "La base de données est injoignable : action non enregistrée, réessayez.";
