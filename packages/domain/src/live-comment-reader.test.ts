import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_CLAIM_REF } from "./live-claim";
import { readLiveComment, type ClaimedPiece, type DoubtReason, type LiveCommentReading } from "./live-claims";

/** The shop's colours, as the back office spells them. */
const SHOP_COLORS = [
  "Noir",
  "Blanc",
  "Bleu",
  "Bleu marine",
  "Rose poudré",
  "Rouge",
  "Gris",
  "Beige",
  "Violet",
  "Camel",
] as const;

type Piece = number | readonly [ref: number, size: string | null, color?: string | null];

function claim(...pieces: Piece[]): LiveCommentReading {
  return {
    claims: pieces.map((piece): ClaimedPiece => {
      if (typeof piece === "number") return { ref: piece, size: null, color: null };
      const [ref, size, color = null] = piece;
      return { ref, size, color };
    }),
    doubts: [],
    unclaims: [],
  };
}

function unclaim(...refs: number[]): LiveCommentReading {
  return { claims: [], doubts: [], unclaims: refs };
}

function nothing(): LiveCommentReading {
  return { claims: [], doubts: [], unclaims: [] };
}

function doubt(reason: DoubtReason, ...pieces: Piece[]): LiveCommentReading {
  return { claims: [], doubts: claim(...pieces).claims.map((piece) => ({ ...piece, reason })), unclaims: [] };
}

/** A comment that claims some pieces and gives others up. */
function both(claims: LiveCommentReading, unclaims: LiveCommentReading): LiveCommentReading {
  return { claims: claims.claims, doubts: [], unclaims: unclaims.unclaims };
}

const none: LiveCommentReading = { claims: [], doubts: [], unclaims: [] };

/** Comments written the way viewers write them during a live, with what each means. */
const ROWS: readonly (readonly [string, LiveCommentReading])[] = [
  // One piece, however it is written.
  ["12", claim(12)],
  ["le 12", claim(12)],
  ["Le 12 svp", claim(12)],
  ["LE 12 STP", claim(12)],
  ["jprends le 12", claim(12)],
  ["je prend le 12", claim(12)],
  ["je prands le 14", claim(14)],
  ["jveux le 7", claim(7)],
  ["je veux le 7 svppp", claim(7)],
  ["ouiii le 12", claim(12)],
  ["ouiii le 12 🥰🥰", claim(12)],
  ["moi le 33", claim(33)],
  ["moiii le 33 !!", claim(33)],
  ["le12", claim(12)],
  ["le 12!!!", claim(12)],
  ["12 pr moi", claim(12)],
  ["pour moi le 45 stp", claim(45)],
  ["reserve moi le 8", claim(8)],
  ["mets moi de côté le 19", claim(19)],
  ["Je veux bien le 27 ☺️", claim(27)],
  ["je peux avoir le 27 svp", claim(27)],
  ["+1 le 5", claim(5)],
  ["moi aussi le 5", claim(5)],
  ["go le 61", claim(61)],
  ["numero 61", claim(61)],
  ["n°61 svp", claim(61)],
  ["ref 61", claim(61)],
  ["réf61", claim(61)],
  ["le 61 pour ma fille", claim(61)],
  ["le 61 pour ma mère 😘", claim(61)],
  ["je craque pour le 9", claim(9)],
  ["je le prends le 9", claim(9)],
  ["le 9 je le prends", claim(9)],
  ["le 9 jle prends", claim(9)],
  ["je prends la 9", claim(9)],
  ["Le 101", claim(101)],
  ["le 250 svp", claim(250)],
  ["999", claim(999)],
  // A first name beside a claim word is someone addressed; a word the reader cannot place
  // there may be anything: staff confirm it.
  ["Sarah le 18 pour moi bisous", claim(18)],
  ["Zorglub le 18 pour moi bisous", doubt("unclear", 18)],
  // Hurry, a place in the queue, slang for taking, a colour in English: still a claim.
  ["ptn le 79 en S avant qu'il parte", claim([79, "S"])],
  ["le 2 stp 🙏 je suis la premiere", claim(2)],
  ["je kidnappe le 26 en S", claim([26, "S"])],
  ["55 en black please", claim(55)],
  // Slang, English and fillers around a claim cast no doubt; a number in words opening a comment
  // names a ref when the viewer takes "it", counts pieces when "them".
  ["gimme le 260", claim(260)],
  ["le 177 its mine", claim(177)],
  ["oklm le 22 pr moi", claim(22)],
  ["Allô ! Le 80 en 3XL pour moé", claim([80, "3XL"])],
  ["nonante cinq jle veux", claim(95)],
  ["douze je le prends", claim(12)],
  ["deux je les prends", nothing()],
  ["jretire le 9", unclaim(9)],
  ["jenleve le 33 jprends le 35", both(claim(35), unclaim(33))],
  ["jamais je mets le 56 mdr", nothing()],
  ["le 11 si il reste du 39", claim([11, "39"])],
  // Asked about, then given to the viewer; a shrug; a "never" that is the statement's own.
  ["askip le 32 taille petit, mets le moi en L", claim([32, "L"])],
  ["est ce qu'il reste le 94 en M ? si oui pour moi", claim([94, "M"])],
  ["le 39 en noir sinon tant pis", claim([39, null, "Noir"])],
  ["jamais je mettrais le 66 lol", none],
  // A swap whose first piece was named before its verb, or said by the statements around it.
  ["le 58 ne m'ira pas, je le remplace par le 59 en M", both(claim([59, "M"]), unclaim(58))],
  ["le 30 remplacé par le 31 svp", both(claim(31), unclaim(30))],
  ["je change : pas le 5 mais le 6 en M", both(claim([6, "M"]), unclaim(5))],
  // "et je" and a verb of taking opens a new statement after a story.
  ["j'ai déjà le 10 et je rajoute le 5 en S", claim([5, "S"])],
  ["j'ai payé le 12 et je prends le 13", claim(13)],
  ["donne moi le 25 tata", claim(25)],
  ["ma grand-mère regarde le live avec moi, je prends le 3 en XL pour elle", claim([3, "XL"])],
  ["regarde le 68 @julie", none],
  ["trop tard pour le 50 🥲", doubt("unclear", 50)],
  // The piece's kind, first-come slang, and the languages viewers mix in.
  ["les boucles 37 pour moi", claim(37)],
  ["prems le 107", claim(107)],
  ["hola chicas para mí el 88 en 38 porfa", claim([88, "38"])],
  // A wish taken back, a dream: no order.
  ["je prendrais bien le 20 mais mon compte est à sec", doubt("unclear", 20)],
  ["dans une autre vie je prends le 66 😭", none],
  // From one piece to another.
  ["je passe du 100 au 101 en noir", both(claim([101, null, "Noir"]), unclaim(100))],
  ["je passe de la 61 à la 62", both(claim(62), unclaim(61))],
  ["jlache le 20 jpars sur le 22", both(claim(22), unclaim(20))],
  ["je suis passée du 46 au 40 💪", none],
  // One piece given up, "et", another taken.
  ["supprime le 18 et note le 81 en S svp", both(claim([81, "S"]), unclaim(18))],
  ["cancel le 26 et à la place le 62 en S", both(claim([62, "S"]), unclaim(26))],
  ["tu peux m'enlever le 12 et me mettre le 2 et le 7 en S ?", both(claim([2, "S"], [7, "S"]), unclaim(12))],
  // Asking the shop to keep a piece for the viewer is a claim, however politely.
  ["vous auriez la gentillesse de me réserver le 29 ?", claim(29)],
  // English and Creole words of taking; "in" before a size.
  ["can I get the 11 en XL", claim([11, "XL"])],
  ["mwen ka pran le 28 en M", claim([28, "M"])],
  ["le 15 in S pour moi", claim([15, "S"])],
  // A size in words after "en"; a number that is no size is left alone there.
  ["29 en quarante-deux svp", claim([29, "42"])],
  ["le 5 le 6 pour moi en M tous les deux", claim([5, "M"], [6, "M"])],
  ["le 23 + le 24 + le 25 en S les trois", claim([23, "S"], [24, "S"], [25, "S"])],
  ["coucou les filles le 4 pour moi 😘", claim(4)],
  ["bonsoir le 4 stp", claim(4)],
  ["la 22 please", claim(22)],
  ["ok pour le 22", claim(22)],
  ["d'accord pour le 22", claim(22)],
  ["je commande le 15", claim(15)],
  ["j'achète le 15", claim(15)],
  ["garde moi le 15 stp", claim(15)],
  ["🙋‍♀️ 15", claim(15)],
  ["15 🙏", claim(15)],
  ["1️⃣5️⃣", claim(15)],
  ["１５", claim(15)],
  ["je veux le 12 trop belle", claim(12)],
  ["n'oubliez pas le 12 pour moi", claim(12)],
  ["passe moi le 12", claim(12)],
  ["laissez moi le 12 svp", claim(12)],
  ["tu me laisses le 12 stp", claim(12)],
  ["le 12 laisse le moi", claim(12)],
  ["je passe commande du 12", claim(12)],
  // A claim among words the reader cannot place, or beside a payment: staff confirm it.
  ["le 12 je passe le chercher samedi", none],
  ["le 12 pour moi je passe en boutique demain", doubt("unclear", 12)],
  // A payment named beside the ref: a remark, whatever else it says.
  ["le 12 svp pas de souci pour le paiement", none],
  ["@vendeuse le 3 stp", claim(3)],
  ["@julie_du_38 le 3", claim(3)],
  ["jpren le 3", claim(3)],
  ["jle veux le 3", claim(3)],
  ["le 3 pr ma soeur", claim(3)],
  ["ma fille veut le 3", claim(3)],
  ["je le veux le 21 trop beau 😍😍", claim(21)],
  ["oui le 40", claim(40)],
  ["comme d'hab le 12 pour moi", claim(12)],
  ["merci ma belle le 12", claim(12)],
  ["svp le 12 🙏", claim(12)],
  ["pull 12 en m", claim([12, "M"])],
  ["le 40 pour moi", claim(40)],

  // Several pieces in one comment; the same ref written twice counts once.
  ["le 53 et le 54", claim(53, 54)],
  ["53 + 54", claim(53, 54)],
  ["53+54", claim(53, 54)],
  ["je prends le 12, le 14 et le 20", claim(12, 14, 20)],
  ["le 12 le 14 le 20", claim(12, 14, 20)],
  ["12 et 14 svp", claim(12, 14)],
  ["les 12 et 14", claim(12, 14)],
  ["le 3 et le 5", claim(3, 5)],
  ["je prends le 12 et ma soeur le 14", claim(12, 14)],
  ["le 12 & le 14", claim(12, 14)],
  ["le 7 et le 7", claim(7)],
  ["12 12 12", claim(12)],
  ["le 12 et aussi le 30", claim(12, 30)],
  ["moi le 2, le 3 et le 4 😍😍", claim(2, 3, 4)],
  ["JE PRENDS LE 8 ET LE 9", claim(8, 9)],
  ["le 8 + le 9 + le 10 svp", claim(8, 9, 10)],
  ["le 12, 13, 14", claim(12, 13, 14)],
  ["le 12 + 14 + 16", claim(12, 14, 16)],

  // Sizes.
  ["le 12 en M", claim([12, "M"])],
  ["le 12 en m", claim([12, "M"])],
  ["le 12 m", claim([12, "M"])],
  ["12 taille M", claim([12, "M"])],
  ["le 12 taille 38", claim([12, "38"])],
  ["le 12 en 38", claim([12, "38"])],
  ["le 12 t38", claim([12, "38"])],
  ["le 12 t 40", claim([12, "40"])],
  ["le 12 en XL", claim([12, "XL"])],
  ["le 12 xl", claim([12, "XL"])],
  ["le 12 en xxl", claim([12, "XXL"])],
  ["le 12 en 2xl", claim([12, "XXL"])],
  ["le 12 en 3xl", claim([12, "3XL"])],
  ["le 12 en xs", claim([12, "XS"])],
  ["le 12 taille unique", claim([12, "TU"])],
  ["le 12 en tu", claim([12, "TU"])],
  ["le 12 en S svp", claim([12, "S"])],
  ["le 12 en L stp", claim([12, "L"])],
  ["LE 12 EN M STP", claim([12, "M"])],
  ["je prends le 12 je fais du 40", claim([12, "40"])],
  ["le 12 je fais 38", claim([12, "38"])],
  ["le 12 chui en 38", claim([12, "38"])],
  ["en M le 12", claim([12, "M"])],
  ["taille 38 le 5 et le 6", claim([5, "38"], [6, "38"])],
  ["le 12 et le 14 en M", claim([12, "M"], [14, "M"])],
  ["le 12 en M et le 14", claim([12, "M"], [14, "M"])],
  ["le 12 en M et le 14 en L", claim([12, "M"], [14, "L"])],
  ["le 12 en 38 et le 14 en 40", claim([12, "38"], [14, "40"])],
  ["le 12 taille 38/40", claim([12, null])],
  ["le 12 en S ou M", claim([12, null])],
  ["le 12 en 38 ou 40", claim([12, null])],
  ["le 12 s'il vous plait", claim([12, null])],
  ["le 12 s il vous plait", claim([12, null])],
  ["Le n°12 en taille S 🥰", claim([12, "S"])],
  ["le 12 en 36 pour ma fille de 14 ans", claim([12, "36"])],
  ["je fais un 38 le 12", claim([12, "38"])],
  ["le 12 taille 38 40", claim([12, null])],
  ["12M", claim([12, "M"])],
  ["le 12m", claim([12, "M"])],
  ["le 12 en 4xl", claim([12, "4XL"])],
  ["3xl le 12", claim([12, "3XL"])],

  // Colours, among the shop's, in the shop's spelling.
  ["le 12 en noir", claim([12, null, "Noir"])],
  ["le 12 noire", claim([12, null, "Noir"])],
  ["le 12 en NOIR", claim([12, null, "Noir"])],
  ["le 12 en bleu marine", claim([12, null, "Bleu marine"])],
  ["le 12 bleu", claim([12, null, "Bleu"])],
  ["le 12 en bleue", claim([12, null, "Bleu"])],
  ["le 12 rose poudre", claim([12, null, "Rose poudré"])],
  ["le 12 en rose poudrée", claim([12, null, "Rose poudré"])],
  ["le 12 en blanche", claim([12, null, "Blanc"])],
  ["le 12 en M noir", claim([12, "M", "Noir"])],
  ["le 12 noir en M", claim([12, "M", "Noir"])],
  ["le 12 en noir et le 14 en blanc", claim([12, null, "Noir"], [14, null, "Blanc"])],
  ["le 12 et le 14 en noir", claim([12, null, "Noir"], [14, null, "Noir"])],
  ["le 12 en rouge stp", claim([12, null, "Rouge"])],
  ["le 12 en jaune", claim([12, null, null])],
  ["le 12 noir ou blanc", claim([12, null, null])],
  ["le 12 en grise", claim([12, null, "Gris"])],
  ["le 12 violette", claim([12, null, "Violet"])],
  ["le 12 en camel taille 40", claim([12, "40", "Camel"])],
  ["les 12 et 14 en beige", claim([12, null, "Beige"], [14, null, "Beige"])],
  ["le 12 (robe rouge)", claim([12, null, "Rouge"])],

  // Un-claims: the viewer gives pieces up.
  ["je passe le 16", unclaim(16)],
  ["jpasse le 16", unclaim(16)],
  ["jpass le 16", unclaim(16)],
  ["je pass le 16", unclaim(16)],
  ["je passe pour le 16", unclaim(16)],
  ["finalement non pour le 17", unclaim(17)],
  ["finalement non le 17", unclaim(17)],
  ["annule le 15", unclaim(15)],
  ["annul le 15", unclaim(15)],
  ["anule le 15 stp", unclaim(15)],
  ["j'annule le 15", unclaim(15)],
  ["ANNULER LE 15", unclaim(15)],
  ["annulé le 15 svp 🙏", unclaim(15)],
  ["non merci pour le 28", unclaim(28)],
  ["je laisse le 12", unclaim(12)],
  ["je laisse le 12 à quelqu'un d'autre", unclaim(12)],
  ["plus besoin du 9", unclaim(9)],
  ["je ne prends plus le 3", unclaim(3)],
  ["je prends plus le 3", unclaim(3)],
  ["j'en veux plus du 3", unclaim(3)],
  ["pas le 12 finalement", unclaim(12)],
  ["finalement pas le 12", unclaim(12)],
  ["je prends pas le 12", unclaim(12)],
  ["je veux pas le 12", unclaim(12)],
  ["le 12 finalement non", unclaim(12)],
  ["le 12 non merci", unclaim(12)],
  ["retire le 12 stp", unclaim(12)],
  ["enlevez le 12 svp", unclaim(12)],
  ["supprime le 8 de ma commande", unclaim(8)],
  ["je me désiste pour le 8", unclaim(8)],
  ["oubliez le 8", unclaim(8)],
  ["tant pis pour le 8", unclaim(8)],
  ["j'ai changé d'avis pour le 8", unclaim(8)],
  ["je passe le 16 et le 17", unclaim(16, 17)],
  ["le 12 je passe", unclaim(12)],
  ["le 12 pas pour moi", unclaim(12)],
  ["en fait non pour le 12", unclaim(12)],
  ["JPASSE LE 16 DSL", unclaim(16)],
  ["desolee je laisse le 30 🙏", unclaim(30)],
  ["moi je passe le 12", unclaim(12)],
  ["je laisse tomber le 12", unclaim(12)],
  ["je passe mon tour pour le 12 désolée", unclaim(12)],
  ["le 12 finalement je passe", unclaim(12)],
  ["finalement je prends pas le 5 et le 6", unclaim(5, 6)],
  ["le 12 je le garde pas", unclaim(12)],
  ["je garde pas le 12", unclaim(12)],
  ["enleve moi le 12", unclaim(12)],
  ["annulez ma commande du 12", unclaim(12)],

  // A comment that gives one piece up and claims another claims the other only.
  ["pas le 12 pour moi je prefere le 14", both(claim(14), unclaim(12))],
  ["j'annule le 12 je prends le 14", both(claim(14), unclaim(12))],
  ["je prends pas le 12 mais le 14", both(claim(14), unclaim(12))],
  ["plus le 12, plutôt le 14", both(claim(14), unclaim(12))],
  ["non le 8, pas le 7", both(claim(8), unclaim(7))],
  ["le 13 non le 12", claim(12)],
  ["non le 12", claim(12)],
  ["le 12 non mais il est trop beau je le prends", claim(12)],
  ["je prends le 12, pas le 14", both(claim(12), unclaim(14))],
  ["je passe le 16 et je prends le 17 en M", both(claim([17, "M"]), unclaim(16))],

  // Questions, hesitations and remarks claim nothing.
  ["le 12 est dispo ?", none],
  ["le 12 dispo", none],
  ["combien le 12", none],
  ["cb le 12", none],
  ["il reste le 12 ?", none],
  ["il reste le 12 en M", none],
  ["y a le 12 en M", none],
  ["ya le 12 en 38", none],
  ["le 12 c'est quelle taille", none],
  ["le 12 taille comment", none],
  ["tu peux montrer le 12", none],
  ["remontre le 12 stp", none],
  ["zoom sur le 12 svp", none],
  ["on peut voir le 12 de dos", none],
  ["essaie le 12 stp", none],
  ["le 12 ?", none],
  ["le 12??", none],
  ["12 ?", none],
  // Asking for a piece is claiming it; a condition a free piece meets is no doubt.
  ["je peux avoir le 27 ?", claim(27)],
  ["possible d'avoir le 7 ?", claim(7)],
  ["le 7 si dispo en S", claim([7, "S"])],
  ["le 9 si pas pris", claim(9)],
  ["le 12 pour moi si mon mari est d'accord", doubt("condition", 12)],
  ["le 12 si je gagne au loto", none],
  ["le 12 ou plutôt le 13", claim(13)],
  ["le 9 oups le 19", claim(19)],
  ["le 7 me fait de l'œil mais bon", doubt("unclear", 7)],
  ["j'ai payé le 12 hier", none],
  ["ma fille a le 65 elle le met tout le temps", none],
  // Numbers in words, after an article.
  ["le sept", claim(7)],
  ["LE DOUZE STP", claim(12)],
  ["le vingt-trois svp", claim(23)],
  ["la quatre-vingt-dix-neuf", claim(99)],
  ["le vingt et un", claim(21)],
  ["j'en veux deux", none],
  ["c'est quoi la matière du 12", none],
  ["le 12 fait quelle longueur", none],
  ["le prix du 12", none],
  ["est ce que le 12 taille petit", none],
  ["le 12 il taille grand", none],
  ["photo du 12 svp", none],
  ["le 12 c'est combien", none],
  ["kel prix le 12", none],
  ["le 12 est vendu ?", none],
  ["dommage le 12 est parti", none],
  ["j'hesite entre le 12 et le 14", none],
  ["peut etre le 12", none],
  ["ptet le 12", none],
  ["si le 12 revient je le prends", doubt("condition", 12)],
  ["le 12 ou le 14", none],
  ["12 ou 14", none],
  ["le 12 sinon le 14", none],
  ["du 3 au 5", none],
  ["le 3-5", none],
  ["je sais pas le 12 ou le 14", none],
  ["le 12 il est pour qui", none],
  ["le 12 comme le 14 mais en rouge", none],
  ["question le 12 il double ?", none],
  // Swaps give one piece up and take the other.
  ["je change le 12 pour le 14", both(claim(14), unclaim(12))],
  ["échange le 12 contre le 14", both(claim(14), unclaim(12))],
  ["je prends le 14 à la place du 12", both(claim(14), unclaim(12))],
  ["vous pouvez changer mon 40 en 41 ?", both(claim(41), unclaim(40))],
  ["le 14 plutot que le 12", both(claim(14), unclaim(12))],
  ["le 12 voire le 13", none],
  ["le 12 ou alors le 13", none],
  // Three refs or more joined by the same dash or slash list pieces; two offer a choice.
  ["12-13-14", claim(12, 13, 14)],
  ["4/15/33", claim(4, 15, 33)],
  ["entre 12 et 14", none],
  ["non pas le 12 le 13", none],
  // What the viewer says before the piece does not cloud a claim made after it.
  ["je rentre de la piscine et je tombe sur le 16 😍 pour moi en S", claim([16, "S"])],
  ["zappe le 13 stp", doubt("unclear", 13)],
  ["le 42 dispo pour moi ? en 40 si possible", doubt("question", [42, "40"])],
  // "mais tant pis" shrugs off a reason against it; it gives nothing up.
  ["le 19 en M pour moi, mon mari va râler mais tant pis", claim([19, "M"])],
  // A piece written by mistake earlier, put right: the one meant is taken, the other given up.
  ["j'ai mis le 5 par erreur c'était le 15", both(claim(15), unclaim(5))],
  ["c'est pas le 44 c le 45 en XS", both(claim([45, "XS"]), unclaim(44))],
  ["c'est le 17 pas le 71, la fatigue", both(claim(17), unclaim(71))],
  ["le 7 oups le 8", claim(8)],
  ["pardon pour le 11 je voulais le 111", both(claim(111), unclaim(11))],
  ["dsl pour le 12, je prends le 13 à la place en S", both(claim([13, "S"]), unclaim(12))],
  ["wsh j'ai dit le 14 mais c le 41 frr", both(claim(41), unclaim(14))],
  ["merci le 12 est bien arrivé", none],
  ["j'arrive pas à prendre le 12", none],
  ["qui a pris le 12", none],

  // Admiration, negations and chatter.
  ["trop belle le 12 😍", none],
  ["j'adore le 12", none],
  ["le 12 est magnifique", none],
  ["il est pas beau le 12", none],
  ["le 12 jamais de la vie", none],
  ["oh non le 12 😭", none],
  ["ah non pas le 12", unclaim(12)],
  ["coucou", none],
  ["bonsoir les filles ❤️", none],
  ["😍😍😍", none],
  ["", none],
  ["merci", none],
  ["je passe", none],
  ["annule", none],
  ["non", none],

  // Numbers that are no reference: prices, times, ages, sizes alone, phones, counts.
  ["12€", none],
  ["12 euros", none],
  ["12,50€", none],
  ["20h", none],
  ["à 20h30", none],
  ["live demain à 20h", none],
  ["j'ai 35 ans", none],
  ["ma fille a 8 ans", none],
  ["taille 38", none],
  ["je fais du 40", none],
  ["en 42", none],
  ["06 12 34 56 78", none],
  ["0612345678", none],
  ["2024", none],
  ["1m65 pour 60 kg", none],
  ["-30% sur tout", none],
  ["10k abonnés bravo", none],
  ["c'est mon 1er live", none],
  ["le 1000", none],
  ["0", none],
  ["@sarah_75 coucou", none],
  ["marie75 bisous", none],
  ["x2", none],
  ["le 12 ×2", claim(12)],
  ["+1", none],
  ["je prends les 2", none],
  ["j'en ai 3 déjà", none],
  ["le 12 il est a 15€ ?", none],
  ["2 min", none],
  ["dans 5 minutes", none],
  ["12:30", none],
  ["il me reste 12 euros", none],
  ["on est à 12 commandes", none],
  ["les 3 svp", none],
  // Québec's "pu" is "plus": no longer.
  ["jveux pu le 65", unclaim(65)],
  // Moves to the piece for some viewers, passes on it for others: staff say.
  ["je passe sur le 56", doubt("unclear", 56)],
  ["le 27 c'est le meme que le 26 mais en bleu ?", none],
  ["ya moyen d'avoir le 42 ?", doubt("question", 42)],
  ["Moi aussi le 20 si quelqu'un se désiste", claim(20)],
  ["enleve le 14 et rajoute le 41", both(claim(41), unclaim(14))],
  ["je prends le 50 c'est combien ?", doubt("question", 50)],
  // Others wanting a piece, a piece's features, praise: nobody asks for it.
  ["tout le monde veut le 8 ce soir", none],
  ["la couleur du 22 est ouf", none],
  ["le 100 magnifique, bravo pour la sélection", none],
  ["le 63 est parfait pour le printemps", none],
  ["le 12 il est frais de ouf", none],
  ["le 93 me rappelle mon voyage à Marrakech", none],
  // Handed to another viewer, no longer wanted.
  ["le 14 donnez le à la suivante", unclaim(14)],
  ["le 74 plus pour moi", unclaim(74)],
  ["je peux plus prendre le 27 finalement", unclaim(27)],
  ["ma fille a changé d'avis, on laisse le 8", unclaim(8)],
  // A list carries on the past statement that opened it.
  ["j'ai payé le 8, le 9 et le 10 en une fois", none],
  ["le 12 c'est combien, le 14 pour moi", claim(14)],
  // A slip typed, then the piece meant.
  ["j'ai tapé 12 au lieu de 21, c'est le 21 que je veux", both(claim(21), unclaim(12))],
  ["oups jai tapé 51 tout à l'heure, c'était le 15", both(claim(15), unclaim(51))],
  ["erreur de frappe : 16 ➡️ 61", both(claim(61), unclaim(16))],
  // A piece asked about, then taken: staff confirm.
  // Asked about, then taken in the first person: the viewer takes it.
  ["le 18 est encore dispo ? si oui je le prends", claim(18)],
  ["on dit quoi la famille, je prends le 5 en XL", claim([5, "XL"])],
  ["le 14 en M, je mesure 1m60", claim([14, "M"])],
  ["le 202 pour moi merci Sabrina t'es la meilleure", claim(202)],
  // Someone else's "not", and someone else watching, say nothing of the piece.
  ["je prends le 16 pour ma voisine qui a pas tiktok", claim(16)],
  ["Je prends le 16 pour ma cousine qui regarde avec moi, taille 38", claim([16, "38"])],
  ["ma fille qui regarde avec moi adore le 19", none],
  // Someone else giving a piece up is a chance to claim it, not the viewer's un-claim.
  ["si quelqu'un lache le 12 je suis preneuse en S", doubt("condition", [12, "S"])],
  ["mettez moi sur le 6 au cas où quelqu'un annule", claim(6)],
  // The viewer insists on a claim already made.
  ["J'AI DIT LE 11 EN M", claim([11, "M"])],
  ["ajoute le 47 à ma commande d'hier svp", claim(47)],
  ["le 35 s'il est toujours là", claim(35)],
  // A preference over another piece named may be a comparison.
  ["le 47 est pas mal mais je préfère le 48", doubt("choice", 48)],
  // Greetings, places, a size said, numbers in words in a list.
  ["coucou de Martinique 🌴 le 44 en M pour moi", claim([44, "M"])],
  ["@Sarah_shop 😍 le 5 en XL", claim([5, "XL"])],
  ["douze et treize pour moi", claim(12, 13)],
  ["le 40 c'est une taille unique ?", doubt("question", [40, "TU"])],
  // A number right after the colour of a piece named is its size, not another piece.
  ["le 16 en bleu marine 38", claim([16, "38", "Bleu marine"])],
  ["inscris moi sur le 11 en gris 54 stp", claim([11, "54", "Gris"])],
  // Counts before a piece, or before what the pieces are, are no pieces.
  ["2 x le 115 : un S et un M", claim(115)],
  ["j'en veux 3 du 14", claim(14)],
  ["3 pyjamas pour moi : 110, 111 et 112 en 2XL", claim([110, "XXL"], [111, "XXL"], [112, "XXL"])],
  ["2 sacs 18 svp", claim(18)],
  ["le 41 x2 : un 38 et un 42", claim([41, "38"])],
  ["3afak le 71 en S", claim([71, "S"])],
  // Where the viewer is from, her own size, a crowd saying it is here.
  ["Sophie du 59 : je prends le 34 en L", claim([34, "L"])],
  ["le 85 pour moi jsuis du 69", claim(85)],
  ["je suis une 42", none],
  ["971 dans la place", none],
  // A star or "nn" puts the piece written before right.
  ["le 88 *89", claim(89)],
  ["jle prend le 38 *le 23 en M", claim([23, "M"])],
  ["le 45 nn le 54 en L", claim([54, "L"])],
  ["n'oubliez pas le 12 pour moi", claim(12)],
  // The viewer's own slip told ("j'ai oublié de dire") is no piece let go.
  ["Jai oublié de dire le 89 aussi pour moi", claim(89)],
  ["j'ai oublié le 12 en M", unclaim(12)],
  // Swaps: a piece's name before its number, "remplace par" after giving up, a list given up.
  ["au lieu du soutif 73 je préfère le 75", both(claim(75), unclaim(73))],
  ["annule le 15 et remplace par le 51 en L", both(claim([51, "L"]), unclaim(15))],
  ["je prends le 5 au lieu du 4 et du 6", both(claim(5), unclaim(4, 6))],
  ["je rends le 13 et je récupère le 14 et le 15", both(claim(14, 15), unclaim(13))],
  ["je switch le 15 pour le 16 en L", both(claim([16, "L"]), unclaim(15))],
  // One more piece, not the same one, what the viewer does not need: no giving up.
  ["et le 18 en plus pour moi, en M", claim([18, "M"])],
  ["jveux le 13 et le 31 pas le meme hein", claim(13, 31)],
  ["je prends le 19 même si j'en ai pas besoin", doubt("condition", 19)],
  ["le 9 c plus bon pour moi", unclaim(9)],
  // The viewer's order the piece goes into, a waiting list "if ever", names of pieces and people.
  ["mets le 59 dans mon colis", claim(59)],
  ["liste d'attente pour le 66 en M si jamais", claim([66, "M"])],
  ["les manteaux 14 et 15 en 44", claim([14, "44"], [15, "44"])],
  ["Tantine le 228 en M pour moi", claim([228, "M"])],
  ["dibs on le 8", claim(8)],
  ["trente-trois M", claim([33, "M"])],
  // Where the viewer watches from, and that place's department, say nothing of the piece.
  ["Bonsoir a tous, depuis la Guadeloupe le 26 en L pour moi", claim([26, "L"])],
  ["slt tout le monde jsuis de lyon 69 dcp le 96 pr moi", claim(96)],
  // A size put right after "non": the piece is still wanted, in the new size.
  ["le 82 en S euh non M plutot", claim([82, "M"])],
];

describe("readLiveComment", () => {
  it("has a table of at least 200 comments", () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(200);
  });

  it("gives nothing for sure to a question whose 'pour' is followed by a measure", () => {
    expect(readLiveComment("le 4 en S ou en M pour 1m60 55kg ?", SHOP_COLORS).claims).toEqual([]);
  });

  it.each(ROWS)("reads %j", (comment, expected) => {
    expect(readLiveComment(comment, SHOP_COLORS)).toEqual(expected);
  });

  it("reads no colour when the shop has none, and reads the shop's other spellings", () => {
    expect(readLiveComment("le 12 en noir")).toEqual(claim(12));
    expect(readLiveComment("le 12 en noires", ["NOIR"])).toEqual(claim([12, null, "NOIR"]));
    expect(readLiveComment("le 12 en vert d'eau", ["Vert", "Vert d'eau"])).toEqual(
      claim([12, null, "Vert d'eau"]),
    );
  });

  it("reads colours from a fresh copy of the shop's list, and from a list that changed", () => {
    expect(readLiveComment("le 12 noir", [...SHOP_COLORS])).toEqual(claim([12, null, "Noir"]));
    expect(readLiveComment("le 12 noir", ["Blanc"])).toEqual(claim(12));
    expect(readLiveComment("le 12 noir", ["Noir intense", "Noir"])).toEqual(claim([12, null, "Noir"]));
    expect(readLiveComment("le 12 noir intense", ["Noir", "Noir intense"])).toEqual(
      claim([12, null, "Noir intense"]),
    );
  });

  it("reads refs up to MAX_CLAIM_REF and no further", () => {
    expect(readLiveComment(`le ${MAX_CLAIM_REF}`)).toEqual(claim(MAX_CLAIM_REF));
    expect(readLiveComment(`le ${MAX_CLAIM_REF + 1}`)).toEqual(none);
  });
});

describe("readLiveComment properties", () => {
  const refArbitrary = fc.integer({ min: 1, max: MAX_CLAIM_REF });
  const anyText = fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary" }));
  const chatText = fc.string({
    unit: fc.constantFrom(
      "le ",
      "la ",
      "et ",
      "je prends ",
      "pas ",
      "non ",
      "plus ",
      "annule ",
      "je passe ",
      "en M ",
      "taille 38 ",
      "noir ",
      "ou ",
      ", ",
      "! ",
      "svp ",
      "moi ",
      "12 ",
      "7 ",
      "40 ",
      "😍",
    ),
  });

  it("never throws, and reads only refs in 1..MAX_CLAIM_REF, each once, and only the shop's colours", () => {
    fc.assert(
      fc.property(fc.oneof(anyText, chatText), (comment) => {
        const reading = readLiveComment(comment, SHOP_COLORS);
        const refs = [
          ...reading.claims.map((piece) => piece.ref),
          ...reading.doubts.map((piece) => piece.ref),
          ...reading.unclaims,
        ];
        expect(new Set(refs).size).toBe(refs.length);
        for (const ref of refs) {
          expect(Number.isInteger(ref)).toBe(true);
          expect(ref).toBeGreaterThanOrEqual(1);
          expect(ref).toBeLessThanOrEqual(MAX_CLAIM_REF);
        }
        {
          for (const piece of [...reading.claims, ...reading.doubts]) {
            if (piece.color !== null) expect(SHOP_COLORS).toContain(piece.color);
          }
        }
      }),
    );
  });

  it("a piece a comment gives up is never claimed by it, whatever follows", () => {
    const givingUp = fc.constantFrom(
      (ref: number) => `je passe le ${ref}`,
      (ref: number) => `annule le ${ref}`,
      (ref: number) => `finalement non pour le ${ref}`,
      (ref: number) => `non merci pour le ${ref}`,
      (ref: number) => `je laisse le ${ref}`,
      (ref: number) => `plus besoin du ${ref}`,
      (ref: number) => `je ne prends plus le ${ref}`,
      (ref: number) => `pas le ${ref} finalement`,
    );
    fc.assert(
      fc.property(givingUp, refArbitrary, chatText, fc.boolean(), (write, ref, rest, shout) => {
        const comment = `${write(ref)} ${rest}`;
        const reading = readLiveComment(shout ? comment.toUpperCase() : comment, SHOP_COLORS);
        expect(reading.claims.map((piece) => piece.ref)).not.toContain(ref);
      }),
    );
  });

  it("each way of giving a piece up, alone, un-claims that piece, in any case", () => {
    const givingUp = fc.constantFrom(
      "je passe le ",
      "annule le ",
      "j'annule le ",
      "je laisse le ",
      "plus besoin du ",
    );
    fc.assert(
      fc.property(givingUp, refArbitrary, fc.boolean(), (opening, ref, shout) => {
        const comment = `${opening}${ref}`;
        expect(readLiveComment(shout ? comment.toUpperCase() : comment)).toEqual(unclaim(ref));
      }),
    );
  });

  it("two refs joined by 'et' claim both, in the order written", () => {
    fc.assert(
      fc.property(refArbitrary, refArbitrary, (first, second) => {
        fc.pre(first !== second);
        expect(readLiveComment(`je prends le ${first} et le ${second}`)).toEqual(claim(first, second));
      }),
    );
  });
});
