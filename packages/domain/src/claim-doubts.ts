import type { ClaimState, DoubtReason, LiveCommentReading } from "./live-claims";

/*
 * Doubtful claims (decision 037): a comment the reader is not sure of makes a claim 'À confirmer'
 * that keeps its place in the piece's queue until staff answer it or its wait runs out. What staff
 * answered is kept, one row per answer, and given back as a file in the labelled corpus's shape.
 */

/** Staff's answers to a doubt, and what its wait running out records. */
export const DOUBT_ANSWERS = ["confirmed", "ignored", "expired"] as const;
export type DoubtAnswer = (typeof DOUBT_ANSWERS)[number];

/** What a stored claim says of its doubt. */
export interface ClaimDoubtFacts {
  /** The claim's state as stored ('paid' is never stored). */
  state: Exclude<ClaimState, "paid">;
  doubtReason: DoubtReason | null;
  /** When staff confirmed it (null: never). */
  confirmedAt: Date | string | null;
}

/**
 * 'À confirmer': a claim from a doubtful comment that staff have not confirmed, still waiting for
 * the piece or holding it as pending. The SQL's live_claim_to_confirm says the same.
 */
export function isToConfirm({ state, doubtReason, confirmedAt }: ClaimDoubtFacts): boolean {
  return doubtReason !== null && confirmedAt === null && (state === "pending" || state === "waitlisted");
}

/**
 * The name staff see for one of them ('Déjà fait par Marie'): their first name, else the part of
 * their e-mail before the @, else null.
 */
export function staffFirstName(firstName: string | null, email: string | null): string | null {
  const first = firstName?.trim();
  if (first) return first;
  const local = email?.split("@")[0]?.trim();
  return local ? local : null;
}

/** A piece as the labelled corpus names it. */
export interface CorpusPiece {
  ref: number;
  size: string | null;
  color: string | null;
}

/** What a comment meant, as the corpus labels it; 'unknown' when nobody answered in time. */
export type CorpusKind = "claim" | "not-a-claim" | "unknown";

/** One line of the doubt answers file (`reponses-aux-doutes-<live>.jsonl`). */
export interface DoubtAnswerLine {
  id: string;
  text: string;
  give: CorpusPiece[];
  giveUp: number[];
  kind: CorpusKind;
  answer: DoubtAnswer;
  answeredBy: string | null;
  answeredAt: string;
  reading: LiveCommentReading | null;
}

/** A stored answer to a doubt, as the answers file reads it. */
export interface StoredDoubtAnswer {
  id: string;
  comment: string;
  piece: CorpusPiece;
  answer: DoubtAnswer;
  answeredBy: string | null;
  answeredAt: Date | string;
  reading: LiveCommentReading | null;
}

const KIND_OF_ANSWER: Record<DoubtAnswer, CorpusKind> = {
  confirmed: "claim",
  ignored: "not-a-claim",
  expired: "unknown",
};

/**
 * A staff answer in the labelled corpus's shape: a confirmed doubt claims its piece, an ignored
 * one claims nothing, an expired one says nothing sure ('unknown': to label by hand, not to learn
 * from as it stands).
 */
export function doubtAnswerLine(stored: StoredDoubtAnswer): DoubtAnswerLine {
  return {
    id: stored.id,
    text: stored.comment,
    give: stored.answer === "confirmed" ? [stored.piece] : [],
    giveUp: [],
    kind: KIND_OF_ANSWER[stored.answer],
    answer: stored.answer,
    answeredBy: stored.answeredBy,
    answeredAt: new Date(stored.answeredAt).toISOString(),
    reading: stored.reading,
  };
}

/** The answers file's name for a live (its ref, else its id). */
export function doubtAnswersFileName(live: { ref: string | null; id: string }): string {
  return `reponses-aux-doutes-${live.ref || live.id}.jsonl`;
}
