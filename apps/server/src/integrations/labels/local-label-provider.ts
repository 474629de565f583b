import { addresseeName, SHOP_TIME_ZONE, type ShippingAddress } from "@vitrine/domain";
import { toBuffer as barcodePng } from "bwip-js/node";
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import {
  LabelProviderError,
  UNKNOWN_ZIP_CODE,
  type GeneratedLabel,
  type LabelProvider,
  type LabelRequest,
  type LabelSender,
} from "./label-provider";
import { localParcelNumber } from "./parcel";

/** A6, 105 x 148 mm, in PDF points (1/72 inch). */
const MM = 72 / 25.4;
export const A6_SIZE_POINTS: [number, number] = [105 * MM, 148 * MM];
const MARGIN = 14;
const INK = rgb(0.1, 0.1, 0.1);
const GREY = rgb(0.4, 0.4, 0.4);

const dateFormat = new Intl.DateTimeFormat("fr-FR", { timeZone: SHOP_TIME_ZONE, dateStyle: "short" });
const kilograms = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * Text the standard PDF fonts can print (Windows-1252: French accents included): accents outside
 * it lose their diacritic, anything else becomes "?", rather than failing the whole label.
 */
function printable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return Array.from(text.replace(/\s+/g, " "))
    .map((character) => {
      if (supported.has(character.codePointAt(0) ?? -1)) return character;
      const bare = character.normalize("NFD").replace(/\p{Mn}/gu, "");
      return Array.from(bare).every((c) => supported.has(c.codePointAt(0) ?? -1)) ? bare : "?";
    })
    .join("");
}

/** Words laid on lines no wider than `width`; a word too long for a line is cut. */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Writes lines downwards from `top`; returns where the next line would start. */
function writeLines(
  page: PDFPage,
  lines: { text: string; font: PDFFont; size: number; color?: ReturnType<typeof rgb> }[],
  top: number,
  width: number,
): number {
  let y = top;
  for (const { text, font, size, color } of lines) {
    for (const line of wrap(font, size, printable(font, text), width)) {
      y -= size * 1.2;
      page.drawText(line, { x: MARGIN, y, size, font, color: color ?? INK });
    }
  }
  return y;
}

function senderLines(sender: LabelSender, fonts: Fonts) {
  return [
    { text: sender.name, font: fonts.bold, size: 8.5 },
    ...sender.lines.map((text) => ({ text, font: fonts.regular, size: 8 })),
  ];
}

function addresseeLines(address: ShippingAddress, fonts: Fonts) {
  return [
    { text: addresseeName(address), font: fonts.bold, size: 12 },
    { text: address.street, font: fonts.regular, size: 11 },
    { text: `${address.zip} ${address.city.toUpperCase()}`, font: fonts.bold, size: 12 },
    { text: address.country.toUpperCase(), font: fonts.regular, size: 10 },
    { text: `Tél. : ${address.phone}`, font: fonts.regular, size: 8.5 },
    ...(address.delivery_note
      ? [{ text: `Instructions : ${address.delivery_note}`, font: fonts.regular, size: 8 }]
      : []),
  ];
}

/** The parcel number as a Code 128 barcode (PNG, opaque white so every reader sees its bars). */
function parcelBarcode(trackingNumber: string): Promise<Buffer> {
  return barcodePng({
    bcid: "code128",
    text: trackingNumber,
    scale: 3,
    height: 16,
    includetext: true,
    textxalign: "center",
    textsize: 11,
    backgroundcolor: "FFFFFF",
    paddingwidth: 12,
    paddingheight: 4,
  });
}

/** An A6 label: service and parcel facts, sender, addressee, and the parcel number as a barcode. */
export async function renderLabelPdf(
  request: LabelRequest,
  sender: LabelSender,
  trackingNumber: string,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Étiquette Colissimo ${trackingNumber}`);
  pdf.setSubject(`Commande ${request.orderNumber}`);
  pdf.setCreator(sender.name);
  pdf.setProducer("Vitrine");
  const page = pdf.addPage(A6_SIZE_POINTS);
  const [pageWidth, pageHeight] = A6_SIZE_POINTS;
  const width = pageWidth - 2 * MARGIN;
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const rule = (y: number) =>
    page.drawLine({ start: { x: MARGIN, y }, end: { x: pageWidth - MARGIN, y }, thickness: 0.8, color: INK });

  page.drawText("Colissimo", {
    x: MARGIN,
    y: pageHeight - MARGIN - 18,
    size: 20,
    font: fonts.bold,
    color: INK,
  });
  const service = "France - Domicile";
  page.drawText(service, {
    x: pageWidth - MARGIN - fonts.regular.widthOfTextAtSize(service, 8),
    y: pageHeight - MARGIN - 14,
    size: 8,
    font: fonts.regular,
    color: GREY,
  });
  let y = pageHeight - MARGIN - 26;
  rule(y);

  y = writeLines(page, [{ text: "EXPÉDITEUR", font: fonts.bold, size: 6.5, color: GREY }], y - 2, width);
  y = writeLines(page, senderLines(sender, fonts), y, width) - 6;
  rule(y);

  y = writeLines(page, [{ text: "DESTINATAIRE", font: fonts.bold, size: 6.5, color: GREY }], y - 2, width);
  y = writeLines(page, addresseeLines(request.addressee, fonts), y - 2, width) - 6;
  rule(y);

  const facts = [
    `Service : Colissimo`,
    `Poids : ${kilograms.format(request.weightGrams / 1000)} kg`,
    `Commande : ${request.orderNumber}`,
    `Date de dépôt : ${dateFormat.format(request.depositDate)}`,
  ];
  y = writeLines(
    page,
    facts.map((text) => ({ text, font: fonts.regular, size: 8 })),
    y - 2,
    width,
  );

  const barcode = await pdf.embedPng(await parcelBarcode(trackingNumber));
  const barcodeWidth = width;
  const barcodeHeight = Math.min((barcode.height / barcode.width) * barcodeWidth, y - MARGIN - 40);
  page.drawImage(barcode, { x: MARGIN, y: MARGIN + 22, width: barcodeWidth, height: barcodeHeight });
  page.drawText(printable(fonts.bold, `N° de colis : ${trackingNumber}`), {
    x: MARGIN,
    y: MARGIN + 10,
    size: 8,
    font: fonts.bold,
    color: INK,
  });
  page.drawText("Étiquette locale de Vitrine, sans contrat Colissimo : ne vaut pas affranchissement.", {
    x: MARGIN,
    y: MARGIN,
    size: 5.5,
    font: fonts.regular,
    color: GREY,
  });
  return pdf.save();
}

/**
 * French postal codes start with a department (01 to 95, 97 and 98 overseas, 20 for Corsica):
 * "00…" and "96…" belong to no one. The address schema only checks five digits, so these would
 * otherwise make a label La Poste cannot deliver.
 */
export function isKnownFrenchZip(zip: string): boolean {
  return /^\d{5}$/.test(zip) && !/^(00|96|99)/.test(zip);
}

/**
 * The default provider: makes the label itself (pdf-lib, bwip-js), numbering parcels from the
 * database's sequence. Nothing leaves the server, so the app runs anywhere.
 */
export function createLocalLabelProvider({
  sender,
  nextParcelSequenceValue,
}: {
  sender: LabelSender;
  nextParcelSequenceValue: () => Promise<number>;
}): LabelProvider {
  return {
    name: "local",
    async generate(request: LabelRequest): Promise<GeneratedLabel> {
      if (!isKnownFrenchZip(request.addressee.zip)) {
        throw new LabelProviderError(`unknown postal code ${request.addressee.zip}`, UNKNOWN_ZIP_CODE);
      }
      const trackingNumber = localParcelNumber(await nextParcelSequenceValue());
      return { pdf: await renderLabelPdf(request, sender, trackingNumber), trackingNumber };
    },
  };
}
