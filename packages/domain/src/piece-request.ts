/*
 * A piece's own size and colour against what a claim's comment asked for (decision 041). The
 * customer is shown the piece as it is; a request that differs is said plainly, and in automatic
 * mode such a claim waits for staff (a doubt 'mismatch'). The SQL's live_claim_request_differs
 * says the same as `requestDiffers`; a test keeps them in step.
 */

/** A piece's size (null: none given) and colour name (null: none). */
export interface PieceLook {
  size: string | null;
  color: string | null;
}

/** What the comment said of the size and colour (null: nothing). */
export interface PieceRequest {
  sizeRead: string | null;
  colorRead: string | null;
}

/** How a size is compared: no case, spaces or dots; no size at all is one size ("TU"). */
function sizeKey(size: string | null): string {
  const key = (size ?? "").toLowerCase().replace(/[\s.]/g, "");
  return key === "" || key === "tailleunique" || key === "unique" ? "tu" : key;
}

/** A piece without a size, or one marked "TU" / "Taille unique", comes in one size. */
export function isOneSize(size: string | null): boolean {
  return sizeKey(size) === "tu";
}

/** The comment asked for a size the piece is not ("L" for a piece in one size). */
export function sizeDiffers(request: PieceRequest, piece: PieceLook): boolean {
  return request.sizeRead !== null && sizeKey(request.sizeRead) !== sizeKey(piece.size);
}

/** The comment asked for a colour and the piece has another (a piece with no colour differs from none). */
export function colorDiffers(request: PieceRequest, piece: PieceLook): boolean {
  return (
    request.colorRead !== null &&
    piece.color !== null &&
    request.colorRead.toLowerCase() !== piece.color.toLowerCase()
  );
}

export function requestDiffers(request: PieceRequest, piece: PieceLook): boolean {
  return sizeDiffers(request, piece) || colorDiffers(request, piece);
}

/** "Taille unique", "Taille : M"; the piece's colour as "Couleur : Blanc". */
export function pieceLookParts(piece: PieceLook): string[] {
  const parts = [isOneSize(piece.size) ? "Taille unique" : `Taille\u00a0: ${piece.size ?? ""}`];
  if (piece.color) parts.push(`Couleur\u00a0: ${piece.color}`);
  return parts;
}

// "cette pièce est blanche": the colour names that agree with "pièce"; those ending in e stay as
// they are, and any other is said "de couleur marron" (invariable names, several words).
const FEMININE_COLOURS: Record<string, string> = {
  blanc: "blanche",
  noir: "noire",
  gris: "grise",
  bleu: "bleue",
  vert: "verte",
  violet: "violette",
  brun: "brune",
  doré: "dorée",
  argenté: "argentée",
  écru: "écrue",
};

function colourOfPiece(color: string): string {
  const name = color.trim().toLowerCase();
  const feminine = FEMININE_COLOURS[name];
  if (feminine) return feminine;
  if (/^\p{L}+e$/u.test(name)) return name;
  return `de couleur ${name}`;
}

/**
 * The request said plainly when the piece is not what was asked:
 * "Vous avez demandé L noir : cette pièce est blanche, taille unique"; null when it is.
 */
export function requestMismatchText(request: PieceRequest, piece: PieceLook): string | null {
  if (!requestDiffers(request, piece)) return null;
  const asked = [request.sizeRead, request.colorRead?.toLowerCase() ?? null].filter(
    (part): part is string => part !== null,
  );
  const size = isOneSize(piece.size) ? "taille unique" : `taille ${piece.size ?? ""}`;
  const look = piece.color ? `${colourOfPiece(piece.color)}, ${size}` : `en ${size}`;
  return `Vous avez demandé ${asked.join(" ")}\u00a0: cette pièce est ${look}`;
}
