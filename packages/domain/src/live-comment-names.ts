import { squeeze } from "./live-comment-tokens";

/*
 * First names viewers write to the presenter or to each other ("merci Sabrina", "Laura le 12 pour
 * moi"): words that say nothing of a piece, so they cast no doubt on a claim. Keyed as the
 * tokenizer keys words (lowercase, no accents, repeated letters squeezed). Names that are also a
 * colour, a size or a word the reader weighs (Rose, Marine, Blanche, Prune, Olive...) are left out.
 */
export const FIRST_NAMES: ReadonlySet<string> = new Set(
  `
  sarah sara sandra sandrine sabrina samia sonia sophie stephanie severine sylvie salome selena sabine
  laura laure lea lea leila lina lisa lucie lucile louise lola lou lena lorena lydia linda lilou
  julie juliette justine jessica jennifer jenny jade jeanne josephine johanna jordana jasmine
  marie manon melanie melissa marion morgane mathilde maeva maelle margaux myriam mireille monique
  nadia nathalie nina noemie nadege nora naima nawel nelly nicole
  amandine aurelie audrey alice anais anne annie agathe alexandra amelie angelique aline awa aicha
  amina assia alicia adele ambre aurore axelle amel
  camille caroline celine charlotte chloe claire clara coralie christelle corinne cindy clemence
  chantal christine cecile catherine carla cassandra
  elodie emilie emma eva elise estelle elsa eloise elena fanny fatou fatima fatoumata florence
  floriane francoise gaelle geraldine ginette ghislaine helene ines isabelle ingrid jacqueline
  karine kelly katia khadija kenza lucette lise mallory maryse mariam malika meriem mounia
  lili nour josiane yasmine samira rokia aminata ramatou djeneba ndeye
  oceane ophelie pauline patricia pascale priscilla rachel rebecca sabrina samira sylvia solene
  tatiana valerie vanessa veronique virginie yasmine yasmina zoe zora zahra
  adam alexandre antoine arthur bruno christophe david eric fabrice florian francois gabriel
  hugo jean julien kevin laurent lucas mathieu maxime mehdi nicolas olivier patrick paul pierre
  romain sebastien stephane thomas vincent yanis youssef karim
`
    .split(/\s+/)
    .filter((name) => name.length > 0)
    .map(squeeze),
);
