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

/** Asking for a piece rather than about it: "je peux avoir le 7 ?", "possible d'avoir le 7". */
export const ASK_FOR_WORDS = keys(
  "possible",
  "peux",
  "peut",
  "pourrais",
  "pourrait",
  "pourriez",
  "pouvez",
  "pourrai",
  "puis",
  "jpeux",
);

/** A remark about a payment, a parcel or an earlier order: it names a piece and claims nothing. */
export const REMARK_WORDS = keys(
  "paye",
  "payee",
  "payer",
  "payes",
  "paie",
  "paiement",
  "paiment",
  "regle",
  "reglee",
  "virement",
  "colis",
  "livraison",
  "livre",
  "livree",
  "expedie",
  "expediee",
  "envoye",
  "envoyee",
  "suivi",
  "facture",
  "rembourse",
  "remboursee",
  "remboursement",
  "panier",
  "hier",
  "derniere",
  "dernier",
  "precedent",
  "precedente",
);

/** After "si" or "s'il", the words of a condition a shop can meet: "si dispo", "s'il en reste". */
export const CONDITION_WORDS = keys(
  "dispo",
  "dispos",
  "disponible",
  "disponibles",
  "reste",
  "restent",
  "possible",
  "ya",
  "existe",
  "avez",
  "as",
  "stock",
  "libre",
  "libere",
);
/** Words a condition phrase may hold around them: "si vous l'avez encore en S". */
export const CONDITION_FILLERS = keys(
  "il",
  "ils",
  "elle",
  "y",
  "a",
  "en",
  "est",
  "vous",
  "tu",
  "l",
  "le",
  "la",
  "les",
  "encore",
  "toujours",
  "jamais",
  "de",
  "d",
);
/** "s'il", "s'ils", "s'y": the "s" of "si" elided before them. */
export const IF_SUBJECTS = keys("il", "ils", "y");

/** The verbs that say "I want it" outright; they vouch for a few words the reader cannot place. */
export const CLAIM_VERBS = keys(
  "prends",
  "prend",
  "prendre",
  "prendrai",
  "prendrais",
  "pren",
  "prands",
  "jprends",
  "jprend",
  "jpren",
  "veux",
  "veut",
  "voudrais",
  "voudrai",
  "jveux",
  "jveu",
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
  "mettre",
  "mettez",
  "craque",
  "prefere",
  "jprefere",
);

/**
 * Words that cast no doubt on a claim: articles, pronouns, politeness, greetings, fillers. A
 * comment made of these, a ref and claim words is a sure claim ("coucou le 12 pour moi svp merci").
 */
export const KNOWN_WORDS = keys(
  "le",
  "la",
  "les",
  "l",
  "du",
  "de",
  "d",
  "des",
  "un",
  "une",
  "en",
  "et",
  "a",
  "au",
  "aux",
  "pour",
  "pr",
  "moi",
  "me",
  "m",
  "mon",
  "ma",
  "mes",
  "je",
  "j",
  "jai",
  "ai",
  "svp",
  "stp",
  "sil",
  "s",
  "il",
  "plait",
  "vous",
  "vs",
  "tu",
  "te",
  "t",
  "merci",
  "mrc",
  "mci",
  "bonjour",
  "bjr",
  "coucou",
  "cc",
  "hello",
  "salut",
  "bonsoir",
  "bsr",
  "oui",
  "ouais",
  "ok",
  "okay",
  "yes",
  "please",
  "pls",
  "plz",
  "trop",
  "tres",
  "aussi",
  "bien",
  "super",
  "top",
  "c",
  "est",
  "cest",
  "ca",
  "ce",
  "cette",
  "celui",
  "celle",
  "ci",
  "ici",
  "taille",
  "tailles",
  "size",
  "numero",
  "num",
  "no",
  "n",
  "ref",
  "reference",
  "cote",
  "direct",
  "vite",
  "go",
  "deja",
  "madame",
  "mme",
  "les",
  "filles",
  "belle",
  "beau",
  "jolie",
  "joli",
  "magnifique",
  "sublime",
  "canon",
  "adore",
  "jadore",
  "kiffe",
  "bisous",
  "bises",
  "love",
  "mdr",
  "lol",
  "haha",
  "wow",
  "ouf",
  "enfin",
  "bon",
  "alors",
  "donc",
  "car",
  "aime",
  "jaime",
  "avoir",
  "lui",
  "elle",
  "ma",
  "soeur",
  "fille",
  "mere",
  "maman",
  "cousine",
  "copine",
  "amie",
  "pareil",
  "meme",
  "couleur",
  "version",
  "modele",
  "robe",
  "pull",
  "jupe",
  "pantalon",
  "haut",
  "top",
  "veste",
  "manteau",
  "gilet",
  "chemise",
  "tshirt",
  "sac",
  "jean",
  "blouse",
  "ensemble",
  "combi",
  "combinaison",
  "short",
  "sweat",
  "pour",
  "moiii",
  "mwa",
  "mw",
  "ta",
  "tt",
  "tout",
  "suite",
  "maintenant",
  "avec",
  "hab",
  "habitude",
  "souci",
  "soucis",
  "probleme",
);

/** Number words up to "cent": "le sept", "la vingt-trois", "le quatre-vingt-dix-neuf". */
export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ["un", 1],
  ["une", 1],
  ["deux", 2],
  ["trois", 3],
  ["quatre", 4],
  ["cinq", 5],
  ["six", 6],
  ["sept", 7],
  ["huit", 8],
  ["neuf", 9],
  ["dix", 10],
  ["onze", 11],
  ["douze", 12],
  ["treize", 13],
  ["quatorze", 14],
  ["quinze", 15],
  ["seize", 16],
  ["vingt", 20],
  ["vingts", 20],
  ["trente", 30],
  ["quarante", 40],
  ["cinquante", 50],
  ["soixante", 60],
  ["cent", 100],
  ["cents", 100],
]);
/** Before a number in words, these make it a ref: "le sept", "n° douze". */
export const SPELLED_REF_MARKERS = new Set([
  "le",
  "la",
  "l",
  "du",
  "numero",
  "no",
  "num",
  "n",
  "ref",
  "reference",
]);
