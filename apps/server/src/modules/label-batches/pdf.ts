import { pickListTexts, SHOP_TIME_ZONE } from "@vitrine/domain";
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";

/** One piece line of the pick list: what it is, and which parcel it goes in. */
export interface PickListLine {
  /** The parcel's rank in the live's parcel order (1, 2...), as the labels PDF is ordered. */
  parcelRank: number;
  orderNumbers: string[];
  customer: string;
  ref: number;
  name: string;
  colour: string | null;
  size: string | null;
  quantity: number;
}

/** Every label, one after the other, in the order given: one PDF to print at once. */
export async function mergeLabelPdfs(files: Uint8Array[]): Promise<Uint8Array> {
  const merged = await PDFDocument.create();
  merged.setTitle("Étiquettes du live");
  merged.setProducer("Vitrine");
  for (const file of files) {
    const source = await PDFDocument.load(file);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save();
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const INK = rgb(0.1, 0.1, 0.1);
const GREY = rgb(0.42, 0.42, 0.42);
const BAND = rgb(0.93, 0.93, 0.93);

/** Text Helvetica can print (Windows-1252 holds French accents): other accents lose their mark. */
function printable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return Array.from(text.replace(/\s+/g, " ").trim())
    .map((character) => {
      if (supported.has(character.codePointAt(0) ?? -1)) return character;
      const bare = character.normalize("NFD").replace(/\p{Mn}/gu, "");
      return Array.from(bare).every((c) => supported.has(c.codePointAt(0) ?? -1)) ? bare : "?";
    })
    .join("");
}

/** Cut with an ellipsis to fit `width`. */
function fitted(font: PDFFont, size: number, text: string, width: number): string {
  let value = printable(font, text);
  if (font.widthOfTextAtSize(value, size) <= width) return value;
  while (value.length > 1 && font.widthOfTextAtSize(`${value}…`, size) > width) value = value.slice(0, -1);
  return `${value}…`;
}

interface Group {
  key: string;
  name: string;
  colour: string | null;
  size: string | null;
  lines: PickListLine[];
}

/** Pieces by article (name, colour, size), then by parcel in the live's parcel order. */
export function groupPickList(lines: PickListLine[]): Group[] {
  const groups = new Map<string, Group>();
  for (const line of lines) {
    const key = JSON.stringify([line.name, line.colour ?? "", line.size ?? ""]);
    let group = groups.get(key);
    if (!group) {
      group = { key, name: line.name, colour: line.colour, size: line.size, lines: [] };
      groups.set(key, group);
    }
    group.lines.push(line);
  }
  const collator = new Intl.Collator("fr", { numeric: true, sensitivity: "base" });
  const sorted = [...groups.values()].sort(
    (a, b) =>
      collator.compare(a.name, b.name) ||
      collator.compare(a.colour ?? "", b.colour ?? "") ||
      collator.compare(a.size ?? "", b.size ?? ""),
  );
  for (const group of sorted) group.lines.sort((a, b) => a.parcelRank - b.parcelRank || a.ref - b.ref);
  return sorted;
}

/** Where each column starts, and how wide it may be. */
const COLUMNS = {
  parcel: { x: MARGIN, width: 50 },
  orders: { x: MARGIN + 55, width: 150 },
  customer: { x: MARGIN + 210, width: 195 },
  ref: { x: MARGIN + 410, width: 70 },
  quantity: { x: A4[0] - MARGIN - 30, width: 30 },
};

/**
 * The live's pick list, A4: one block per article (name, colour, size, how many), then a line per
 * parcel it goes in (parcel rank, order number(s), customer, piece numbers, quantity); a page
 * number on each page.
 */
export async function renderPickList(
  liveTitle: string,
  lines: PickListLine[],
  printedAt: Date,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(pickListTexts.title(liveTitle));
  pdf.setProducer("Vitrine");
  pdf.setLanguage("fr-FR");
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [pageWidth, pageHeight] = A4;
  let page: PDFPage = pdf.addPage(A4);
  let y = pageHeight - MARGIN;

  const text = (value: string, x: number, width: number, size: number, font = regular, color = INK) =>
    page.drawText(fitted(font, size, value, width), { x, y, size, font, color });

  const columnHeads = () => {
    y -= 14;
    text(pickListTexts.parcel, COLUMNS.parcel.x, COLUMNS.parcel.width, 8, bold, GREY);
    text("Commande(s)", COLUMNS.orders.x, COLUMNS.orders.width, 8, bold, GREY);
    text(pickListTexts.customer, COLUMNS.customer.x, COLUMNS.customer.width, 8, bold, GREY);
    text(pickListTexts.reference, COLUMNS.ref.x, COLUMNS.ref.width, 8, bold, GREY);
    text(pickListTexts.quantity, COLUMNS.quantity.x, COLUMNS.quantity.width, 8, bold, GREY);
    y -= 4;
  };
  const newPage = () => {
    page = pdf.addPage(A4);
    y = pageHeight - MARGIN;
    columnHeads();
  };
  const room = (needed: number) => {
    if (y - needed < MARGIN + 20) newPage();
  };

  const parcels = new Set(lines.map((line) => line.parcelRank)).size;
  const pieces = lines.reduce((sum, line) => sum + line.quantity, 0);
  y -= 18;
  text(pickListTexts.title(liveTitle), MARGIN, pageWidth - 2 * MARGIN, 16, bold);
  y -= 16;
  const printed = new Intl.DateTimeFormat("fr-FR", {
    timeZone: SHOP_TIME_ZONE,
    dateStyle: "long",
    timeStyle: "short",
  }).format(printedAt);
  text(
    `${pickListTexts.summary(pieces, parcels)} · ${pickListTexts.printedAt(printed)}`,
    MARGIN,
    500,
    9,
    regular,
    GREY,
  );
  y -= 8;
  columnHeads();

  for (const group of groupPickList(lines)) {
    room(42);
    y -= 20;
    page.drawRectangle({
      x: MARGIN - 4,
      y: y - 5,
      width: pageWidth - 2 * MARGIN + 8,
      height: 18,
      color: BAND,
    });
    const count = group.lines.reduce((sum, line) => sum + line.quantity, 0);
    const heading = [
      group.name,
      `${pickListTexts.colour} : ${group.colour ?? pickListTexts.noColour}`,
      `${pickListTexts.size} : ${group.size ?? pickListTexts.noSize}`,
    ].join(" · ");
    text(heading, MARGIN, pageWidth - 2 * MARGIN - 60, 10.5, bold);
    text(`× ${count}`, COLUMNS.quantity.x, COLUMNS.quantity.width, 10.5, bold);
    y -= 4;
    for (const line of group.lines) {
      room(16);
      y -= 14;
      text(`n° ${line.parcelRank}`, COLUMNS.parcel.x, COLUMNS.parcel.width, 9.5, bold);
      text(line.orderNumbers.join(", "), COLUMNS.orders.x, COLUMNS.orders.width, 9.5);
      text(line.customer, COLUMNS.customer.x, COLUMNS.customer.width, 9.5);
      text(String(line.ref), COLUMNS.ref.x, COLUMNS.ref.width, 9.5);
      text(String(line.quantity), COLUMNS.quantity.x, COLUMNS.quantity.width, 9.5);
    }
  }

  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    const label = pickListTexts.page(index + 1, pages.length);
    each.drawText(label, {
      x: pageWidth - MARGIN - regular.widthOfTextAtSize(label, 8),
      y: MARGIN / 2,
      size: 8,
      font: regular,
      color: GREY,
    });
  });
  return pdf.save();
}
