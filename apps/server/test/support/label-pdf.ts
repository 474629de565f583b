import zxing from "@zxing/library";
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  type PDFPage,
} from "pdf-lib";

// @zxing/library is CommonJS: its classes come through the default export.
const {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} = zxing;

/** What a test reads back of a label PDF: its pages' sizes, its text, and its barcodes decoded. */
export interface LabelPdfReading {
  pageCount: number;
  /** Width and height of the first page, in millimetres. */
  pageSizeMm: { width: number; height: number };
  /** Every string the first page draws, in drawing order, joined by spaces. */
  text: string;
  /** The Code 128 barcodes of the first page's images, decoded. */
  barcodes: string[];
}

const POINTS_PER_MM = 72 / 25.4;

/** pdf-lib writes text with standard fonts as hex strings in WinAnsi: `<48656C6C6F> Tj`. */
function drawnText(content: string): string {
  const strings: string[] = [];
  for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
    strings.push(new TextDecoder("windows-1252").decode(Buffer.from(match[1] ?? "", "hex")));
  }
  return strings.join(" ");
}

function contentOf(pdf: PDFDocument, page: PDFPage): string {
  const contents = pdf.context.lookup(page.node.get(PDFName.of("Contents")));
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
  return streams
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1"))
    .join("\n");
}

/** Each RGB image of the page given to ZXing's Code 128 reader. */
function decodedBarcodes(pdf: PDFDocument, page: PDFPage): string[] {
  const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of("XObject"), PDFDict);
  if (!xObjects) return [];
  const found: string[] = [];
  for (const [, ref] of xObjects.entries()) {
    const image = pdf.context.lookup(ref);
    if (!(image instanceof PDFRawStream)) continue;
    const width = image.dict.lookup(PDFName.of("Width"), PDFNumber).asNumber();
    const height = image.dict.lookup(PDFName.of("Height"), PDFNumber).asNumber();
    const rgb = decodePDFRawStream(image).decode();
    if (rgb.length !== width * height * 3) continue;
    const luminance = new Uint8ClampedArray(width * height);
    for (let pixel = 0; pixel < width * height; pixel++) {
      const [r = 0, g = 0, b = 0] = rgb.subarray(pixel * 3, pixel * 3 + 3);
      luminance[pixel] = (r * 299 + g * 587 + b * 114) / 1000;
    }
    const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)));
    const hints = new Map([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]]]);
    found.push(new MultiFormatReader().decode(bitmap, hints).getText());
  }
  return found;
}

export async function readLabelPdf(bytes: Uint8Array): Promise<LabelPdfReading> {
  const pdf = await PDFDocument.load(bytes);
  const page = pdf.getPage(0);
  const { width, height } = page.getSize();
  return {
    pageCount: pdf.getPageCount(),
    pageSizeMm: { width: width / POINTS_PER_MM, height: height / POINTS_PER_MM },
    text: drawnText(contentOf(pdf, page)),
    barcodes: decodedBarcodes(pdf, page),
  };
}

/** The text each page of a PDF drawn with pdf-lib's standard fonts writes, page by page. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => drawnText(contentOf(pdf, page)));
}
