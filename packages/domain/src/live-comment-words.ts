import { squeeze } from "./live-comment-tokens";

/*
 * The words the live comment reader knows, apart from how it reads them
 * (live-comment-reader.ts). Each list is keyed as the tokenizer keys words: lowercase, without
 * accents, repeated letters squeezed ("ouiii" meets "oui"). A new wording is added here, with a row
 * of the reader's table test and, better, a line of the labelled corpus.
 */

/** A set of words as the tokenizer keys them (repeated letters squeezed). */
function keys(...words: string[]): ReadonlySet<string> {
  return new Set(words.map(squeeze));
}

/**
 * A comment holding one of these asks something (price, stock, a closer look, a measure), hesitates
 * or remarks on a sale: it claims nothing and gives nothing up, whatever references it names.
 */
export const NONE_WORDS = keys(
  "combien",
  "cb",
  "cmb",
  "cbien",
  "prix",
  "tarif",
  "tarifs",
  "coute",
  "coutent",
  "couter",
  "quel",
  "quelle",
  "quels",
  "quelles",
  "kel",
  "kelle",
  "quoi",
  "koi",
  "comment",
  "qui",
  "lequel",
  "laquelle",
  "pourquoi",
  "dispo",
  "dispos",
  "disponible",
  "disponibles",
  "reste",
  "restent",
  "ya",
  "possible",
  "montre",
  "montrer",
  "montrez",
  "remontre",
  "remontrer",
  "remontrez",
  "repasse",
  "repasser",
  "repassez",
  "remets",
  "remettre",
  "reviens",
  "revenir",
  "voir",
  "zoom",
  "zoomer",
  "zoome",
  "zoomez",
  "essaie",
  "essaye",
  "essayer",
  "essayez",
  "mesure",
  "mesures",
  "dimensions",
  "longueur",
  "matiere",
  "tissu",
  "composition",
  "question",
  "photo",
  "photos",
  "lien",
  "stock",
  "vendu",
  "vendue",
  "vendus",
  "vendues",
  "parti",
  "partie",
  "partis",
  "dommage",
  "deja",
  "recu",
  "recue",
  "arrive",
  "arrivee",
  "arrives",
  "hesite",
  "hesites",
  "hesitez",
  "hesitation",
  "peutetre",
  "ptet",
  "ptetre",
  "jsp",
  "si",
  "entre",
  "comme",
  "pareil",
  "pareille",
  "trompe",
  "trompee",
  "erreur",
);

/** Swapping one piece for another ("je change le 12 pour le 14") is for staff to read. */
export const SWAP_WORDS = keys(
  "echange",
  "echanger",
  "echanges",
  "remplace",
  "remplacer",
  "contre",
  "place",
  "change",
  "changer",
);

/** Pairs of words that ask or hesitate: "est-ce que", "il y a", "peut-être", "je sais pas". */
export const NONE_PAIRS = new Set(
  [
    "est ce",
    "y a",
    "il y",
    "peut etre",
    "sais pas",
    "sait pas",
    "plus tard",
    "taille grand",
    "taille petit",
  ].map((pair) => pair.split(" ").map(squeeze).join(" ")),
);

/** Words that say the viewer wants a piece; without one, a comment of admiration claims nothing. */
export const CLAIM_WORDS = keys(
  "prends",
  "prend",
  "prendre",
  "prendrai",
  "prendrais",
  "pren",
  "jprends",
  "jprend",
  "jpren",
  "veux",
  "veut",
  "voudrais",
  "voudrai",
  "jveux",
  "jveu",
  "moi",
  "reserve",
  "reserver",
  "reservez",
  "commande",
  "commander",
  "achete",
  "acheter",
  "garde",
  "gardez",
  "mets",
  "met",
  "svp",
  "stp",
  "plz",
  "sil",
  "plait",
  "craque",
  "besoin",
  "oui",
  "prefere",
  "jprefere",
  "pour",
);

/** "Trop belle le 12 😍" admires the piece; it is no claim unless a claim word comes with it. */
export const ADMIRATION_WORDS = keys(
  "beau",
  "belle",
  "beaux",
  "belles",
  "bo",
  "joli",
  "jolie",
  "jolis",
  "jolies",
  "magnifique",
  "magnifiques",
  "sublime",
  "sublimes",
  "canon",
  "adore",
  "jadore",
  "aime",
  "jaime",
  "kiffe",
  "superbe",
  "superbes",
  "mignon",
  "mignonne",
  "splendide",
  "wow",
);

/** Verbs of giving up a piece: "je passe le 16", "annule le 15", "je laisse le 12". */
export const UNCLAIM_WORDS = keys(
  "passe",
  "jpasse",
  "jpass",
  "laisse",
  "laisses",
  "laissez",
  "jlaisse",
  "annule",
  "annul",
  "annuler",
  "annulez",
  "annulation",
  "jannule",
  "retire",
  "retirez",
  "retirer",
  "enleve",
  "enlevez",
  "enlever",
  "supprime",
  "supprimez",
  "supprimer",
  "desiste",
  "rends",
  "oublie",
  "oubliez",
  "oublier",
  "abandonne",
);

/** "passe-moi le 12", "laissez-moi le 12" keep the piece for the viewer: a claim. */
export const FOR_ME_WORDS = keys("moi", "me", "m", "nous");

export const PASS_OR_LEAVE_WORDS = keys(
  "passe",
  "jpasse",
  "jpass",
  "laisse",
  "laisses",
  "laissez",
  "jlaisse",
);

/**
 * After "je passe" / "je laisse", what makes them give a piece up: a ref ("je passe le 16"), "pour
 * le", "mon tour", "tomber", an apology, or nothing ("le 12 je passe"). Otherwise they go somewhere
 * or order: "je passe le chercher", "je passe en boutique", "je passe commande".
 */
export const AFTER_PASS_OR_LEAVE = keys(
  "pour",
  "mon",
  "ma",
  "tomber",
  "dsl",
  "desole",
  "desolee",
  "finalement",
  "aussi",
  "mes",
);

/** "je passe commande" orders. */
export const REF_ARTICLES = new Set(["le", "la", "les", "du"]);

export const FORGET_WORDS = keys("oublie", "oubliez", "oublies", "oublier");

/** Words that show the viewer speaks of their own claim, so "pas" gives a piece up. */
export const INTENT_WORDS = keys(
  "prends",
  "prend",
  "prendre",
  "prendrai",
  "jprends",
  "jprend",
  "veux",
  "veut",
  "voulais",
  "jveux",
  "besoin",
  "interesse",
  "garde",
  "merci",
  "finalement",
  "fait",
  "enfait",
  "moi",
);

/** After "pas", these make an idiom, not a refusal: "pas mal", "pas cher", "pas de souci". */
export const AFTER_PAS_IDIOMS = keys(
  "mal",
  "cher",
  "chere",
  "chers",
  "cheres",
  "grave",
  "de",
  "d",
  "souci",
  "soucis",
  "probleme",
  "problemes",
  "pb",
  "encore",
  "vrai",
  "trop",
);

export const BEFORE_PAS_IDIOMS = keys(
  "hesite",
  "hesitez",
  "hesites",
  "oublie",
  "oubliez",
  "oublies",
  "oublier",
);

/** "je (n'en) veux plus", "plus besoin", "plus envie": "plus" is "no longer". */
export const VERBS_BEFORE_PLUS = keys(
  "prends",
  "prend",
  "jprends",
  "veux",
  "veut",
  "jveux",
  "voulais",
  "interesse",
);

export const AFTER_PLUS_NEGATIONS = keys("besoin", "envie", "interesse", "interessee");

export const NE_WORDS = keys("ne", "n");

export const NO_WORDS = keys("non", "nan", "nope");

export const AFTER_NO_UNCLAIM = keys("merci", "pour", "finalement", "plus");

/** "oh non le 12" is dismay at a piece gone, neither a correction nor a refusal. */
export const DISMAY_BEFORE_NO = keys("oh", "ah", "mince", "zut", "mais");

export const BEFORE_NO_UNCLAIM = keys(
  "finalement",
  "fait",
  "enfait",
  "bah",
  "ben",
  "bon",
  "euh",
  "enfin",
  "non",
  "nan",
);

export const SOFT_NEGATIONS = keys("jamais", "rien");

/** Words that start a new statement in a comment: "pas le 12 pour moi | je prefere le 14". */
export const CLAUSE_STARTERS = keys(
  "je",
  "j",
  "jprends",
  "jprend",
  "jveux",
  "jpasse",
  "jlaisse",
  "jannule",
  "jle",
  "jla",
  "jen",
  "jprefere",
  "mais",
  "plutot",
);

export const CLAUSE_ENDS = new Set([",", ".", "!", ";"]);

/** Between two references, they offer a choice or a range, which claims neither: "le 3 ou le 5". */
export const CHOICE_WORDS = new Set(["ou", "sinon", "voire", "au", "a", "/", "-"]);

/** "le 14 plutot que le 12": one of the refs is turned down, which one is for staff to read. */
export const PREFERENCE_WORDS = keys("plutot");

/** After a number, it is a price, a time, a measure, an age, a count or an ordinal (2e, 1er). */
export const UNITS_AFTER = new Set([
  "€",
  "$",
  "%",
  "e",
  "eur",
  "euro",
  "euros",
  "balles",
  "h",
  "heure",
  "heures",
  "min",
  "mn",
  "minute",
  "minutes",
  "sec",
  "secondes",
  "cm",
  "mm",
  "kg",
  "g",
  "kilo",
  "kilos",
  "an",
  "ans",
  "mois",
  "jour",
  "jours",
  "semaine",
  "semaines",
  "fois",
  "piece",
  "pieces",
  "pcs",
  "article",
  "articles",
  "enfant",
  "enfants",
  "abonnes",
  "abos",
  "likes",
  "personnes",
  "er",
  "ere",
  "eme",
  "ieme",
  "nd",
  "nde",
]);

/** Units only when glued to the number: "1m70", "10k", "2x"; spaced, "12 m" is size M. */
export const GLUED_UNITS_AFTER = new Set(["m", "k", "x"]);

/** Before a number, they make it a size: "taille 38", "t38", "en 40". */
export const SIZE_MARKERS = new Set(["taille", "tailles", "t", "pointure", "size", "en"]);

/** "je fais 38", "je fais du 38", "je porte du 40": the viewer's own size. */
export const SIZE_VERBS = new Set(["fais", "fait", "faire", "ferais", "porte", "chausse", "est", "cest"]);

/**
 * Before a number, it is a time or price ("à 12h"), a possession or age ("j'ai 2", "il a 3 ans"),
 * a quantity ("x 2", "les 2") rather than a reference.
 */
export const CONTEXT_BEFORE = new Set([
  "a",
  "ai",
  "as",
  "avons",
  "avez",
  "ont",
  "fais",
  "fait",
  "vers",
  "avant",
  "apres",
  "depuis",
  "dans",
  "fois",
  "x",
  "€",
  "$",
  "les",
  "mes",
  "tes",
  "ses",
  "ces",
  "des",
  "nos",
  "vos",
]);

/** "les 12 et 14" lists references; "je prends les 2" counts pieces. */
export const LIST_JOINERS = new Set(["et", ",", "+", "&"]);

/**
 * Words a ref may be glued to ("ref12", "n°12" read as "no12", "le12"); glued to any other word, a
 * number belongs to it, like a name ("marie75").
 */
export const REF_PREFIXES = new Set(["ref", "reference", "r", "n", "no", "num", "numero", "le", "la", "du"]);

/** Glued between two numbers, they make one value: "12:30", "12,50", "12.5". */
export const NUMBER_JOINERS = new Set([":", ",", "."]);

/** Between an excluded number or a size and the next, they carry it: "du 38 ou 40", "38/40". */
export const RANGE_JOINERS = new Set(["ou", "a", "au", "/", "-"]);

export const LETTER_SIZES: ReadonlyMap<string, string> = new Map([
  ["xxs", "XXS"],
  ["xs", "XS"],
  ["s", "S"],
  ["m", "M"],
  ["l", "L"],
  ["xl", "XL"],
  ["xxl", "XXL"],
  ["xxxl", "3XL"],
  ["tu", "TU"],
]);

/** Read as a size wherever they stand; "s", "m", "l" and "tu" only after a ref or "en"/"taille". */
export const UNMISTAKABLE_SIZES = new Set(["xxs", "xs", "xl", "xxl", "xxxl"]);

/** "s il vous plait" written without its apostrophe. */
export const AFTER_S_NOT_SIZE = new Set(["il", "ils", "te", "vous"]);
