import type { DoubtReason } from "./live-claims";
import { FIRST_NAMES } from "./live-comment-names";
import type { Token } from "./live-comment-tokens";
import {
  ADMIRATION_EMOJI,
  ADMIRATION_WORDS,
  ASK_FOR_WORDS,
  CLAIM_VERBS,
  CLAIM_WORDS,
  CLAUSE_STARTERS,
  CONDITION_FILLERS,
  CONDITION_WORDS,
  CONTENT_WORDS,
  CORRECTION_WORDS,
  DESCRIBING_VERBS,
  CROWD_SUBJECTS,
  PIECE_FEATURES,
  PRAISE_BEFORE_FOR,
  FOR_ME_WORDS,
  NOT_ASKING_PAIRS,
  GREETINGS_FROM,
  IF_SUBJECTS,
  INTENT_WORDS,
  KNOWN_WORDS,
  PIECE_NAMES,
  FROM_VERBS,
  LIST_JOINERS,
  NE_WORDS,
  NO_WORDS,
  NONE_PAIRS,
  NONE_WORDS,
  PAST_AUXILIARIES,
  PAST_PARTICIPLES,
  QUESTION_WORDS,
  REFLEXIVE_NOT_WANTING,
  REF_ARTICLES,
  REMARK_WORDS,
  SECOND_PERSON_WORDS,
  SLIP_WORDS,
  NOT_TAKING_ALONE,
  SWAP_VERBS,
  TWO_WAY_PAIRS,
  UNCLAIM_WORDS,
  PASS_OR_LEAVE_WORDS,
  UNITS_AFTER,
  PLEASE_AFTER_SIL,
  PUT_BACK_WORDS,
  BACK_ON_SALE,
  POSSESSIVES,
  OBJECT_PRONOUN_KEYS,
  GIVE_WORDS,
  ORDER_WORDS,
  FIRST_PERSON_AUXILIARIES,
  NOT_FOR_ME_BEFORE,
  WATCHING_VERBS,
  THANKS_WORDS,
  STORY_SPLIT_CLAIM_WORDS,
  ADVERBS_IN_PAST,
  AVAILABLE_WORDS,
} from "./live-comment-words";

/*
 * What a comment's form says around its references, read by segment (the text between two of
 * , . ! ; : ?): whether a segment that names a piece asks about it, remarks on it or tells a past
 * story (its refs claim nothing), and how sure a claim there is (the words the reader cannot
 * place). The reader (live-comment-reader.ts) reads the claims and un-claims themselves.
 */

export type Role = "ref" | "aside" | "size" | "color";

/** Unknown words a segment may hold and still make a sure claim, by the strongest sign of wanting. */
const UNKNOWN_ALLOWED = { verb: 3, word: 0, bare: 0 } as const;
/** Beyond this many unknown words and no sign of wanting, a segment talks about the piece. */
const UNKNOWN_WITHOUT_WANTING_IS_TALK = 2;
/**
 * Unknown words a segment may hold beside a piece asked for in so many words ("le 26 pour moi en
 * L walaye il est beau", "Eille le 55 pour moi en small"): greetings and slang, not a doubt.
 */
const UNKNOWN_BESIDE_A_PLAIN_CLAIM = 2;

const SEGMENT_ENDS = new Set([",", ".", "!", ";", ":", "?", "(", ")", "@", "mais", "alors"]);

export interface Segment {
  start: number;
  end: number;
  hasRef: boolean;
  /** Asks about the piece, hesitates or remarks: its refs claim nothing. */
  voids: boolean;
  /** Ends with "?". */
  asks: boolean;
  /** A question word about a piece (price, size, material) with no ref of its own. */
  asksAbout: boolean;
  /** Words no role took (not refs, sizes or colours). */
  words: number;
  /** Opens with refs, sizes, colours, articles and list joiners only: ", le 9 et le 10 en une fois". */
  listOnly: boolean;
  /** A question word after a verb of wanting and its ref: the claim stands, with a question. */
  asksAfterClaim: boolean;
  /** "si ..." the reader could not read as a condition a shop meets (availability). */
  openCondition: boolean;
  claimVerb: boolean;
  claimWord: boolean;
  /** A sign of wanting other than "pour", which also says who a piece suits ("parfait pour l'été"). */
  strongWord: boolean;
  /** Praise for the piece ("parfaite", "coup de cœur"). */
  admires: boolean;
  /** Says what the piece is like ("il est", "me rappelle"). */
  describes: boolean;
  unknown: number;
  /** Of the unknown words, those before the segment's first ref: what the viewer says first. */
  unknownBeforeRef: number;
  /** A word or verb of wanting after the segment's first ref, other than a bare "pour". */
  claimsAfterRef: boolean;
  /** An unknown word right before a ref (or its article): maybe a verb done to the piece. */
  unknownTouchesRef: boolean;
  /** "me garder", "m'envoyer": a verb of taking done for the viewer, asked of the shop. */
  asksForMe: boolean;
  /** "je prendrais bien", "je le voudrais bien": a wish, which a "mais" after may take back. */
  wishes: boolean;
  /** Words about the piece or the occasion (CONTENT_WORDS): unknown only without a sign of wanting. */
  content: number;
  /** "je l'ai reçu", "elle l'a adoré": a past story about a piece named as a pronoun. */
  hadIt: boolean;
  /** Voided, then taken by a later "je le prends": asked or told about, then claimed. */
  revived: boolean;
  /** "je le prends", "je prends": the viewer takes a piece in the first person. */
  takes: boolean;
  /** A letter size ("en XL", "taille M"): a buyer's word. */
  saysSize: boolean;
  /** Opens with "mais": "je prendrais bien le 20 mais mon compte est à sec". */
  afterBut: boolean;
  /** "le 84 pour moi", "pour moi le 12", "moi le 7": the piece and "for me" side by side. */
  forMeAtRef: boolean;
  /** A word of giving up or passing ("je passe", "annule"), whatever it speaks of. */
  givingUpWord: boolean;
}

export interface CommentForm {
  segments: Segment[];
  /** For each token, whether its segment voids its refs. */
  voided: boolean[];
  /** For each token, whether it belongs to a condition phrase ("si pas pris"): no refusal there. */
  inCondition: boolean[];
}

/** Cuts the comment into segments and reads each one's form. */
export function readForm(
  tokens: readonly Token[],
  roles: readonly (Role | undefined)[],
  comment: string,
): CommentForm {
  const segments: Segment[] = [];
  const voided = new Array<boolean>(tokens.length).fill(false);
  const inCondition = new Array<boolean>(tokens.length).fill(false);
  let start = 0;
  for (let index = 0; index <= tokens.length; index++) {
    const token = tokens[index];
    if (
      token !== undefined &&
      !SEGMENT_ENDS.has(token.text) &&
      !andITake(tokens, index) &&
      !newStoryAfterClaim(tokens, roles, start, index)
    )
      continue;
    const end = token?.text === "?" ? index + 1 : index;
    if (end > start) {
      const segment = readSegment(tokens, roles, start, end, inCondition);
      segments.push(segment);
      if (segment.voids) voided.fill(true, start, end);
    }
    start = index + 1;
  }
  // "j'ai payé le 8, le 9 et le 10": a list carries on the statement that opened it.
  segments.forEach((segment, position) => {
    const previous = segments[position - 1];
    if (previous === undefined || !segment.listOnly || !segment.hasRef) return;
    if (segment.claimWord || segment.claimVerb) return;
    if (previous.hasRef && previous.voids) {
      voided.fill(true, segment.start, segment.end);
      segment.voids = true;
    }
  });
  // "je l'ai reçu samedi": the piece named elsewhere in the comment is one the viewer already had.
  if (segments.some((segment) => !segment.hasRef && segment.hadIt)) {
    for (const segment of segments) if (segment.hasRef) voided.fill(true, segment.start, segment.end);
  }
  // Emojis of admiration say "look how nice", not "I want it", when nothing else says so.
  // "le 18 est encore dispo ? si oui je le prends": a later statement takes the piece asked about.
  segments.forEach((segment, position) => {
    if (!segment.hasRef || !segment.voids) return;
    const taker = segments.slice(position + 1).find((later) => !later.hasRef && later.takes);
    if (taker === undefined) return;
    segment.voids = false;
    segment.revived = true;
    voided.fill(false, segment.start, segment.end);
  });
  // A size said ("le 5 en XL 😍") is a buyer's word.
  const saysSize = roles.includes("size");
  if (ADMIRATION_EMOJI.test(comment) && !saysSize && !segments.some((segment) => segment.claimWord)) {
    for (const segment of segments) if (segment.hasRef) segment.unknown += 1;
  }
  return { segments, voided, inCondition };
}

function readSegment(
  tokens: readonly Token[],
  roles: readonly (Role | undefined)[],
  start: number,
  end: number,
  inCondition: boolean[],
): Segment {
  const segment: Segment = {
    start,
    end,
    hasRef: false,
    voids: false,
    asks: (tokens[end - 1] as Token).text === "?",
    asksAbout: false,
    asksAfterClaim: false,
    words: 0,
    listOnly: true,
    openCondition: false,
    claimVerb: false,
    claimWord: false,
    strongWord: false,
    admires: false,
    describes: false,
    unknown: 0,
    unknownBeforeRef: 0,
    claimsAfterRef: false,
    unknownTouchesRef: false,
    asksForMe: false,
    wishes: false,
    content: 0,
    hadIt: false,
    revived: false,
    takes: false,
    saysSize: false,
    afterBut: tokens[start - 1]?.key === "mais",
    forMeAtRef: false,
    givingUpWord: false,
  };
  let talks = false;
  let youTake = false;
  let forMe = false;
  let firstNotListed = end;
  let lastUnknownAt = -1;
  // After a claim, "merci Sabrina t'es la meilleure" thanks someone: those words say nothing of it.
  let thanking = false;
  for (let index = start; index < end; index++) {
    const token = tokens[index] as Token;
    const next = index + 1 < end ? tokens[index + 1] : undefined;
    if (roles[index] === "size" && token.kind === "word") segment.saysSize = true;
    if (roles[index] === "ref") {
      const article = REF_ARTICLES.has(tokens[index - 1]?.text ?? "") ? 1 : 0;
      if (lastUnknownAt >= 0 && lastUnknownAt === index - 1 - article) segment.unknownTouchesRef = true;
      segment.hasRef = true;
      if (firstNotListed < index) segment.listOnly = false;
      if (forMeBeside(tokens, index, article)) segment.forMeAtRef = true;
    }
    if (roles[index] === undefined && !REF_ARTICLES.has(token.text) && !LIST_JOINERS.has(token.text))
      firstNotListed = Math.min(firstNotListed, index);
    if (token.kind !== "word" || roles[index] !== undefined) continue;
    segment.words += 1;
    const conditionEnd = conditionPhraseEnd(tokens, roles, index, end);
    if (conditionEnd > index) {
      inCondition.fill(true, index, conditionEnd);
      index = conditionEnd - 1;
      continue;
    }
    const key = token.key;
    if (PASS_OR_LEAVE_WORDS.has(key) || UNCLAIM_WORDS.has(key)) segment.givingUpWord = true;
    // "mets le 59 dans mon colis", "hop le 26 dans mon panier": the viewer's order the piece goes
    // into, a way of asking for it (not a parcel told of).
    if (ORDER_WORDS.has(key) && intoMyOrder(tokens, index)) {
      segment.claimWord = true;
      segment.strongWord = true;
      if (segment.hasRef) segment.claimsAfterRef = true;
      continue;
    }
    // "vas-y", "vas y": go on.
    if (key === "vas" && next?.key === "y") {
      index += 1;
      continue;
    }
    // "coucou de Lille", "bonsoir depuis Abidjan": where the viewer writes from.
    if (fromPlace(tokens, index)) {
      segment.content += 1;
      continue;
    }
    if (next !== undefined && NONE_PAIRS.has(`${key} ${next.key}`) && !askingPair(tokens, index))
      talks = true;
    // "comme d'hab le 12": a habit, not a comparison.
    if (key === "come" && next?.key === "d") continue;
    if (key === "si" || (key === "s" && token.elided && !saysPlease(tokens, index)))
      segment.openCondition = true;
    else if (QUESTION_WORDS.has(key) && !NOT_ASKING_PAIRS.has(`${tokens[index - 1]?.key ?? ""} ${key}`)) {
      // "je prends le 50 c'est combien ?": the piece is taken, the question is about it.
      if (segment.claimVerb && segment.hasRef) segment.asksAfterClaim = true;
      else {
        segment.asksAbout = true;
        talks = true;
      }
    } else if (
      NONE_WORDS.has(key) &&
      // "ya moyen d'avoir le 42 ?" asks for it, as "y a moyen" does.
      !(key === "ya" && next !== undefined && ASK_FOR_WORDS.has(next.key)) &&
      !putsBackOnSale(tokens, index, end) &&
      !soldToMe(tokens, index) &&
      // "le 42 dispo pour moi ?" asks for it.
      !availableForMe(tokens, index) &&
      // "comme ça", "comme d'hab": no comparison.
      !(key === "come" && (next?.key === "ca" || next?.key === "d"))
    )
      talks = true;
    // "j'ai écrit 47, c'était 74": after a slip, "c'était" names the piece meant.
    else if (key === "etait" && tokens[index - 1]?.key === "c" && correctsASlip(tokens)) continue;
    // "je paye demain" promises; "payé", "j'ai payé" tell.
    else if (REMARK_WORDS.has(key) && !promises(tokens, index) && !ofAnOrder(tokens, index)) talks = true;
    // "j'ai dit le 11 en M", "c'est moi qui l'ai dit en premier": the viewer insists on a claim.
    else if (
      FIRST_PERSON_AUXILIARIES.has(key) &&
      next?.key === "dit" &&
      // "oubliez ce que j'ai dit pour le 52" takes it back.
      !["que", "qu"].includes(tokens[index - 2]?.key ?? "")
    ) {
      segment.claimWord = true;
      segment.strongWord = true;
      index += 1;
    } else if (SECOND_PERSON_WORDS.has(key)) talks = true;
    // "35€ pour le 20": a payment sent for a piece.
    else if (key === "pour" && paidFor(tokens, roles, index)) talks = true;
    // "merci pour le 10": thanks for a piece already had.
    else if (
      key === "merci" &&
      next?.key === "pour" &&
      tokens[index - 1]?.key !== "non" &&
      refAfterArticle(tokens, roles, index + 1)
    )
      talks = true;
    else if (PAST_AUXILIARIES.has(key) && (tellsThePast(tokens, index, end) || owns(tokens, roles, index))) {
      talks = true;
      const pronoun = tokens[index - 1];
      if (pronoun !== undefined && pronoun.elided && pronoun.key === "l") segment.hadIt = true;
    }
    // "regarde le 68" speaks to other viewers; "je regarde" is the viewer watching.
    // "qui regarde avec moi", "elle regarde le live": someone watching too.
    if (
      (key === "regarde" || key === "regardez") &&
      tokens[index - 1]?.key !== "je" &&
      tokens[index - 1]?.key !== "qui" &&
      !(
        REF_ARTICLES.has(next?.text ?? "") &&
        roles[index + 2] === undefined &&
        tokens[index + 2]?.kind === "word"
      )
    )
      talks = true;
    // "vendu pour moi", "adjugé vendu": the viewer's own word for taking it.
    if (soldToMe(tokens, index)) {
      segment.claimWord = true;
      continue;
    }

    // "mon préféré", "ma préférée": a favourite, not a preference for it.
    if (key === "prefere" && POSSESSIVES.has(tokens[index - 1]?.key ?? "")) {
      segment.unknown += 1;
      continue;
    }
    if (next !== undefined && TWO_WAY_PAIRS.has(`${key} ${next.key}`)) {
      segment.unknown += 1;
      continue;
    }
    // "la couleur du 22 est ouf": the piece's colour, not the piece.
    if (PIECE_FEATURES.has(key) && (next?.key === "du" || next?.key === "de") && roles[index + 2] === "ref")
      talks = true;
    // "bravo pour la sélection": praise.
    if (key === "pour" && PRAISE_BEFORE_FOR.has(tokens[index - 1]?.key ?? "")) continue;
    // "le 54 me plaît bien": liking it is not asking for it.
    if (key === "plait" && (tokens[index - 1]?.key === "me" || tokens[index - 1]?.key === "m")) {
      segment.unknown += 1;
      continue;
    }
    // "le 8 c'est pour homme ou femme ?" asks who the piece is made for.
    if (segment.asks && key === "pour" && ["est", "cest", "c"].includes(tokens[index - 1]?.key ?? "")) {
      talks = true;
      continue;
    }
    if (CLAIM_VERBS.has(key) && CROWD_SUBJECTS.has(tokens[index - 1]?.key ?? "")) talks = true;
    // "@chloe tu prends le 4 ?": another viewer's taking, unless it is for the viewer ("tu me mets").
    if (CLAIM_VERBS.has(key) && tokens[index - 1]?.key === "tu") youTake = true;
    if (FOR_ME_WORDS.has(key)) forMe = true;
    // "le 2 me tente", "je me retiens": no wanting; "je tente le 25" goes for it.
    if (
      REFLEXIVE_NOT_WANTING.has(key) &&
      (tokens[index - 1]?.key === "me" || tokens[index - 1]?.key === "m")
    ) {
      segment.unknown += 1;
      continue;
    }
    // "donne-moi le 25": giving to the viewer (without "moi", "donne" may give a piece away).
    if (GIVE_WORDS.has(key) && FOR_ME_WORDS.has(next?.key ?? "")) {
      segment.claimVerb = true;
      segment.claimWord = true;
      segment.strongWord = true;
      continue;
    }
    if (CLAIM_VERBS.has(key)) segment.claimVerb = true;
    if (CLAIM_VERBS.has(key) && /ai[st]$/.test(key) && next?.key === "bien") segment.wishes = true;
    if (CLAIM_VERBS.has(key) && (tokens[index - 1]?.key === "me" || tokens[index - 1]?.key === "m"))
      segment.asksForMe = true;
    if (CLAIM_VERBS.has(key) && saysI(tokens, index) && !NOT_TAKING_ALONE.has(key)) segment.takes = true;
    // "mets-le-moi en L", "mettez le nous en XL": the piece asked about, given to the viewer.
    if (CLAIM_VERBS.has(key) && givesItToMe(tokens, index)) segment.takes = true;
    // "est-ce qu'il reste le 94 ? si oui pour moi".
    if (key === "oui" && tokens[index - 1]?.key === "si" && FOR_ME_WORDS.has(tokens[index + 2]?.key ?? ""))
      segment.takes = true;
    // "ça me rappelle", "il me fait de l'œil": "me" before a verb that is not one of wanting.
    if (
      (key === "me" || key === "m") &&
      next !== undefined &&
      next.kind === "word" &&
      !wantsAfterMe(next.key)
    )
      continue;
    if (ADMIRATION_WORDS.has(key)) segment.admires = true;
    // "le 35 s'il est toujours là": the verb belongs to the condition.
    // "c'est le 15 que je voulais" names the piece; "le 47 est beau" describes it.
    const describing =
      DESCRIBING_VERBS.has(key) ||
      (key === "fait" && ["ca", "il", "elle"].includes(tokens[index - 1]?.key ?? ""));
    if (describing && segment.hasRef && !segment.openCondition) segment.describes = true;
    // "qui regarde avec moi", "chez moi": the viewer named, not a piece asked for.
    if (
      key === "moi" &&
      (NOT_FOR_ME_BEFORE.has(tokens[index - 1]?.key ?? "") ||
        (tokens[index - 1]?.key === "avec" && WATCHING_VERBS.has(tokens[index - 2]?.key ?? "")))
    ) {
      segment.content += 1;
      continue;
    }
    // "en S ou en M pour 1m60 55kg ?", "pour 20€": "pour" a measure or a price, no one's claim.
    if (key === "pour" && next?.kind === "number" && roles[index + 1] !== "ref") continue;
    if (CLAIM_WORDS.has(key) || ASK_FOR_WORDS.has(key) || CLAIM_VERBS.has(key)) {
      segment.claimWord = true;
      if (key !== "pour") segment.strongWord = true;
      if (key !== "pour" && segment.hasRef) segment.claimsAfterRef = true;
    }
    // "avec le 14" joins two pieces; "avec une veste en jean" describes one.
    else if (key === "avec" && refAfterArticle(tokens, roles, index)) continue;
    else if (CONTENT_WORDS.has(key)) segment.content += 1;
    else if (THANKS_WORDS.has(key) && segment.hasRef && segment.claimWord) thanking = true;
    // "pour ma meilleure amie", "pour mon mec": whom the piece is for.
    else if (POSSESSIVES.has(tokens[index - 1]?.key ?? "") && tokens[index - 2]?.key === "pour")
      segment.content += 1;
    else if (thanking) segment.content += 1;
    else if (!placedWord(key)) {
      segment.unknown += 1;
      lastUnknownAt = index;
      if (!segment.hasRef) segment.unknownBeforeRef += 1;
    }
  }
  if (youTake && !forMe) talks = true;
  segment.voids = talks && segment.hasRef;
  return segment;
}

/** "le 42 dispo pour moi ?", "c'est dispo pour moi svp ?": a request, not a question about stock. */
function availableForMe(tokens: readonly Token[], index: number): boolean {
  return (
    AVAILABLE_WORDS.has((tokens[index] as Token).key) &&
    tokens[index + 1]?.key === "pour" &&
    FOR_ME_WORDS.has(tokens[index + 2]?.key ?? "")
  );
}

/** "ajoute le 47 à ma commande d'hier": the day of an order the piece joins. */
function ofAnOrder(tokens: readonly Token[], index: number): boolean {
  const of = tokens[index - 1]?.key ?? "";
  return (of === "d" || of === "de") && ORDER_WORDS.has(tokens[index - 2]?.key ?? "");
}

/** "dans mon colis", "ds mon panier", "à ma commande": the viewer's order the piece goes into. */
function intoMyOrder(tokens: readonly Token[], index: number): boolean {
  const into = tokens[index - 2]?.key ?? "";
  return POSSESSIVES.has(tokens[index - 1]?.key ?? "") && (into === "dans" || into === "ds" || into === "a");
}

/** "s'il vous plait", "s'il te plait": politeness, not a condition. */
function saysPlease(tokens: readonly Token[], index: number): boolean {
  const after = tokens[index + 2];
  return tokens[index + 1]?.key === "il" && after !== undefined && PLEASE_AFTER_SIL.has(after.key);
}

/** "vendu pour moi", "adjugé vendu": the viewer's own word for taking a piece. */
function soldToMe(tokens: readonly Token[], index: number): boolean {
  const key = (tokens[index] as Token).key;
  if (key !== "vendu" && key !== "vendue") return false;
  return tokens[index + 1]?.key === "pour" || tokens[index - 1]?.key === "adjuge";
}

/** "35€ pour le 20", "20 euros pour le 35": an amount paid for a piece. */
function paidFor(tokens: readonly Token[], roles: readonly (Role | undefined)[], index: number): boolean {
  const currency = tokens[index - 1];
  const amount = tokens[index - 2];
  const isCurrency =
    currency !== undefined && (currency.text === "€" || currency.key === "euros" || currency.key === "euro");
  return isCurrency && amount?.kind === "number" && refAfterArticle(tokens, roles, index);
}

/** "je paye demain", "je paie avant minuit": a payment to come, said by the claimer. */
function promises(tokens: readonly Token[], index: number): boolean {
  const before = tokens[index - 1];
  return before !== undefined && (before.key === "je" || before.key === "j") && !before.elided;
}

function refAfterArticle(
  tokens: readonly Token[],
  roles: readonly (Role | undefined)[],
  index: number,
): boolean {
  if (roles[index + 1] === "ref") return true;
  const article = tokens[index + 1];
  return (
    article !== undefined && (article.key === "le" || article.key === "la") && roles[index + 2] === "ref"
  );
}

/** "ma fille a le 65": someone has the piece already. */
function owns(tokens: readonly Token[], roles: readonly (Role | undefined)[], index: number): boolean {
  // "de la 61 à la 62": "à" between two pieces, no one's possession.
  if (roles[index - 1] === "ref") return false;
  const article = tokens[index + 1];
  return (
    article !== undefined && (article.key === "le" || article.key === "la") && roles[index + 2] === "ref"
  );
}

/** "peut etre pour moi" (may be mine), "y a moyen": pairs that ask for the piece, not hesitate. */
function askingPair(tokens: readonly Token[], index: number): boolean {
  const after = tokens[index + 2];
  return after !== undefined && (after.key === "pour" || ASK_FOR_WORDS.has(after.key));
}

/** "j'ai pris le 12", "ma soeur a eu le 21": a past story about a piece. */
function tellsThePast(tokens: readonly Token[], index: number, end: number): boolean {
  const next = tokens[index + 1];
  if (next === undefined || index + 1 >= end) return false;
  if (PAST_PARTICIPLES.has(next.key)) return true;
  // "j'ai deja pris", "j'ai pas eu": one adverb between them.
  const after = tokens[index + 2];
  return (
    ADVERBS_IN_PAST.has(next.key) && after !== undefined && index + 2 < end && PAST_PARTICIPLES.has(after.key)
  );
}

function wantsAfterMe(key: string): boolean {
  if (REFLEXIVE_NOT_WANTING.has(key)) return false;
  return (
    CLAIM_VERBS.has(key) ||
    ASK_FOR_WORDS.has(key) ||
    CLAIM_WORDS.has(key) ||
    key === "le" ||
    key === "la" ||
    key === "l" ||
    key === "les" ||
    key === "en"
  );
}

/** "je prends", "je le prends", "j'le veux": the verb at `index` said by the viewer. */
/** "j'ai déjà le 10 et je rajoute le 5": "et", then the viewer taking, opens a new statement. */
function andITake(tokens: readonly Token[], index: number): boolean {
  if (tokens[index]?.key !== "et") return false;
  const subject = tokens[index + 1]?.key;
  if (subject !== "je" && subject !== "j") return false;
  const verbAt = OBJECT_PRONOUN_KEYS.has(tokens[index + 2]?.key ?? "") ? index + 3 : index + 2;
  return CLAIM_VERBS.has(tokens[verbAt]?.key ?? "");
}

/**
 * "je veux le 113 j'ai pas hésité", "le 10 svp j'ai eu le coup de cœur": a first-person story
 * starts after a piece already asked for in so many words; it tells why, it does not take back.
 */
function newStoryAfterClaim(
  tokens: readonly Token[],
  roles: readonly (Role | undefined)[],
  start: number,
  index: number,
): boolean {
  const subject = tokens[index]?.key;
  if (subject !== "j" && subject !== "je") return false;
  if (!PAST_AUXILIARIES.has(tokens[index + 1]?.key ?? "")) return false;
  let refAt = -1;
  for (let at = start; at < index; at++) if (roles[at] === "ref") refAt = at;
  if (refAt < 0) return false;
  for (let at = start; at < index; at++) {
    const key = tokens[at]?.key ?? "";
    if (roles[at] !== undefined) continue;
    if (STORY_SPLIT_CLAIM_WORDS.has(key) || (CLAIM_VERBS.has(key) && saysI(tokens, at))) return true;
  }
  return false;
}

/**
 * What a plain claim lets pass: "pour moi" beside the piece, or a strong word with a size. Not
 * when an unknown word touches the piece: "tej le 47 pour moi" may be what is done to it.
 */
function wantingShownAtRef(segment: Segment): number {
  if (segment.unknownTouchesRef || segment.givingUpWord) return 0;
  return (segment.strongWord && segment.saysSize) || segment.forMeAtRef ? UNKNOWN_BESIDE_A_PLAIN_CLAIM : 0;
}

function forMeBeside(tokens: readonly Token[], refAt: number, article: number): boolean {
  const after = tokens[refAt + 1]?.key;
  if ((after === "pour" || after === "pr") && tokens[refAt + 2]?.key === "moi") return true;
  return tokens[refAt - 1 - article]?.key === "moi";
}

function givesItToMe(tokens: readonly Token[], index: number): boolean {
  const pronoun = tokens[index + 1]?.key ?? "";
  return (pronoun === "le" || pronoun === "la") && FOR_ME_WORDS.has(tokens[index + 2]?.key ?? "");
}

function saysI(tokens: readonly Token[], index: number): boolean {
  const before = tokens[index - 1]?.key;
  if (before === "je" || before === "j") return true;
  const pronoun = before === "le" || before === "la" || before === "l";
  return pronoun && (tokens[index - 2]?.key === "je" || tokens[index - 2]?.key === "j");
}

function correctsASlip(tokens: readonly Token[]): boolean {
  return tokens.some((token) => SLIP_WORDS.has(token.key));
}

/**
 * A place the viewer writes from: the word after "depuis", or after "de" or "from" that follow a
 * greeting or "je suis" ("coucou de la Réunion", "hello from Bruxelles", "je suis de Toulouse").
 */
export function fromPlace(tokens: readonly Token[], index: number): boolean {
  let at = index - 1;
  if (tokens[at]?.key === "la") at -= 1;
  const from = tokens[at]?.key;
  // "depuis la Guadeloupe": wherever the viewer watches from.
  if (from === "depuis") return true;
  if (from !== "de" && from !== "d" && from !== "du" && from !== "from") return false;
  // "coucou de Lille", "je suis de Toulouse", "jsuis de lyon".
  const before = tokens[at - 1]?.key ?? "";
  return GREETINGS_FROM.has(before) || FROM_VERBS.has(before);
}

/** "robe", "robes", "manteaux": what the piece is, in the singular or the plural. */
export function isPieceName(key: string): boolean {
  return PIECE_NAMES.has(key) || PIECES_NAMES.has(key);
}

/** "robes", "manteaux": the plural of what the pieces are. */
export function isPiecesName(key: string): boolean {
  return PIECES_NAMES.has(key);
}

/** The plurals, built once: the reader runs on every comment and looks words up, never builds them. */
const PIECES_NAMES: ReadonlySet<string> = new Set(
  [...PIECE_NAMES].flatMap((name) => [`${name}s`, `${name}x`]),
);

/** Words some rule of the reader already weighed: they cast no doubt of their own. */
function placedWord(key: string): boolean {
  return (
    KNOWN_WORDS.has(key) ||
    isPieceName(key) ||
    FIRST_NAMES.has(key) ||
    INTENT_WORDS.has(key) ||
    UNCLAIM_WORDS.has(key) ||
    NE_WORDS.has(key) ||
    NO_WORDS.has(key) ||
    FOR_ME_WORDS.has(key) ||
    CLAUSE_STARTERS.has(key) ||
    ADMIRATION_WORDS.has(key) ||
    CORRECTION_WORDS.has(key) ||
    SWAP_VERBS.has(key) ||
    key === "pas" ||
    key === "plus" ||
    UNITS_AFTER.has(key)
  );
}

/**
 * "si dispo", "s'il en reste", "si le 14 est encore dispo", "si pas pris", "si possible": the end
 * of a condition a shop meets by giving a free piece, starting at `index`; `index` when none does.
 */
export function conditionPhraseEnd(
  tokens: readonly Token[],
  roles: readonly (Role | undefined)[],
  index: number,
  end: number,
): number {
  const token = tokens[index] as Token;
  let at = index + 1;
  if (token.key === "si") {
    // "si il", or "s'il" with the "s" elided.
  } else if (token.key === "ou" && tokens[index - 1]?.key === "cas" && tokens[index - 2]?.key === "au") {
    // "au cas où quelqu'un annule".
  } else if (token.key === "s" && token.elided && IF_SUBJECTS.has(tokens[at]?.key ?? "")) {
    at += 1;
  } else {
    return index;
  }
  let sawCondition = false;
  while (at < end && at <= index + 8) {
    const next = tokens[at] as Token;
    // "s'il est toujours là", "si il est encore là": the piece still free.
    const stillThere = next.key === "la" && ["toujours", "encore"].includes(tokens[at - 1]?.key ?? "");
    if (CONDITION_WORDS.has(next.key) || stillThere) sawCondition = true;
    else if (!CONDITION_FILLERS.has(next.key) && roles[at] === undefined) break;
    at += 1;
  }
  // "liste d'attente pour le 66 si jamais": a waiting list's "if ever", with nothing after it.
  if (!sawCondition && token.key === "si" && tokens[index + 1]?.key === "jamais" && at === end) return end;
  return sawCondition ? at : index;
}

/**
 * How sure the claim of the ref at token `at` is: null (sure), a doubt, or "talk" (no sign of
 * wanting and many words about the piece: it claims nothing). A segment without a ref of its own
 * lends its sign of wanting to the others: "impossible de résister au 39, je le prends".
 */
export function certaintyOf(form: CommentForm, at: number): DoubtReason | "talk" | null {
  const segment = form.segments.find((candidate) => at >= candidate.start && at < candidate.end);
  if (segment === undefined) return null;
  // "le 18 est encore dispo ? si oui je le prends": asked about, then taken in the first person.
  if (segment.revived) return null;
  const lenders = form.segments.filter((other) => !other.hasRef);
  const verb = segment.claimVerb || lenders.some((other) => other.claimVerb);
  // "le 63 est parfait pour le printemps": praise, and "pour" says who or when it suits.
  const praisedFor = segment.admires && !segment.strongWord && !lenders.some((other) => other.strongWord);
  const word = (segment.claimWord && !praisedFor) || lenders.some((other) => other.strongWord);
  const wanting = verb ? "verb" : word || segment.saysSize ? "word" : "bare";
  // "c'est Christelle d'Alsace 🥨 le 4 en L pour moi": whatever the viewer says first, the
  // piece and the wanting after it make the claim.
  // "zappe le 13 stp": an unknown word right before the piece may be what is done to it.
  const saidFirst =
    segment.claimsAfterRef && !segment.unknownTouchesRef && segment.unknown === segment.unknownBeforeRef;
  const unknown = saidFirst ? 0 : segment.unknown + (wanting === "bare" ? segment.content : 0);
  let reason: DoubtReason | null = segment.openCondition ? "condition" : null;
  if (segment.asksAfterClaim) reason ??= "question";
  // "le 47 est beau", "le 12 il est frais": a bare ref with a verb that describes it.
  if (wanting === "bare" && segment.describes) return "talk";
  if (segment.asks) {
    if (wanting === "bare") return "talk";
    // "le 40 c'est une taille unique ?": only a size, asked about.
    if (!verb && !word) reason ??= "question";
    // "vous auriez la gentillesse de me réserver le 29 ?" asks the shop to keep it for the viewer.
    if (unknown > (segment.asksForMe ? UNKNOWN_ALLOWED.verb : 0)) reason ??= "question";
  } else if (unknown > UNKNOWN_ALLOWED[wanting] + wantingShownAtRef(segment)) {
    if (wanting === "bare" && unknown >= UNKNOWN_WITHOUT_WANTING_IS_TALK) return "talk";
    reason ??= "unclear";
  }
  // "le 25, les bretelles sont réglables ?": a bare ref, then a question about it.
  if (
    wanting === "bare" &&
    form.segments.some((other) => other.asks && !other.hasRef && !other.claimWord && other.words > 0)
  )
    return "talk";
  // "je prendrais bien le 20 mais mon compte est à sec": a reason against it, in words unknown.
  const butAfter = form.segments.some(
    (other) =>
      other.start > segment.start &&
      other.afterBut &&
      !other.hasRef &&
      !other.claimWord &&
      !other.saysSize &&
      (other.unknown + other.content > 0 || (segment.wishes && other.words > 0)),
  );
  if (butAfter) reason ??= "unclear";
  // A question about the piece elsewhere in the comment ("le 12 pour moi, c'est combien ?").
  if (form.segments.some((other) => other.asksAbout && !other.hasRef)) reason ??= "question";
  return reason;
}

/** "remettez le 99 en jeu", "vous pouvez le remettre en vente": the viewer gives the piece back. */
export function putsBackOnSale(tokens: readonly Token[], index: number, end: number): boolean {
  if (!PUT_BACK_WORDS.has((tokens[index] as Token).key)) return false;
  // "le 86 je le remets": the viewer puts it back.
  const pronoun = tokens[index - 1];
  if (pronoun !== undefined && (pronoun.key === "le" || pronoun.key === "la" || pronoun.key === "l")) {
    if (tokens[index - 2]?.key === "je" || tokens[index - 2]?.key === "j") return true;
  }
  for (let at = index + 1; at < Math.min(end - 1, index + 5); at++) {
    if ((tokens[at] as Token).key === "en" && BACK_ON_SALE.has((tokens[at + 1] as Token).key)) return true;
  }
  return false;
}
