import { SHOP_TIME_ZONE } from "./order-status";

/** CSV that French Excel opens as it is: semicolons, decimal commas, CRLF, UTF-8 with a BOM. */
export const CSV_DELIMITER = ";";
export const CSV_RECORD_DELIMITER = "\r\n";
export const CSV_BOM = "\uFEFF";

export const csvExportMessages = {
  exportButton: "Exporter (CSV)",
  exportFailed: "L'export n'a pas pu être téléchargé",
  exporting: "Export en cours…",
  /** Refused while the instance runs as many exports as it allows at once. */
  busy: "Un export est déjà en cours",
} as const;

export const ORDER_EXPORT_HEADERS = [
  "Numéro",
  "Date",
  "Statut",
  "Client",
  "E-mail",
  "Pseudo TikTok",
  "Live",
  "Total (€)",
] as const;

export const LIVE_SALES_EXPORT_HEADERS = [
  "Référence",
  "Article",
  "Couleur",
  "Taille",
  "Prix (€)",
  "État",
  "Pseudo TikTok",
  "Acheteur",
  "E-mail",
  "Commande",
  "Plateforme",
] as const;

export const USER_EXPORT_HEADERS = [
  "Prénom",
  "Nom",
  "Nom affiché",
  "E-mail",
  "Pseudo TikTok",
  "Pseudo vérifié",
  "Compte",
  "Commandes",
  "Inscrit le",
  "Dernière connexion",
] as const;

/**
 * What became of a piece of a live, from its line and claims: on a paid order, on an order still
 * unpaid, claimed once but no longer held by anyone, or never claimed nor ordered.
 */
export const LIVE_SALE_STATES = ["paid", "held", "released", "unsold"] as const;
export type LiveSaleState = (typeof LIVE_SALE_STATES)[number];
export const liveSaleStateLabels: Record<LiveSaleState, string> = {
  paid: "Vendu payé",
  held: "Réservé",
  released: "Libéré",
  unsold: "Invendu",
};

/** Cents as Excel reads a number in French: "9,90", "-3,00", "1234,50" (no separator, no sign). */
export function csvCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(absolute / 100)},${String(absolute % 100).padStart(2, "0")}`;
}

const parisParts = new Intl.DateTimeFormat("fr-FR", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function partsOf(date: Date): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of parisParts.formatToParts(date)) parts[part.type] = part.value;
  return parts;
}

const HOUR_MS = 3_600_000;
/** The shop's offset from UTC in each UTC hour met so far (an export of a year meets 8,760). */
const offsetByHour = new Map<number, number>();

/**
 * The shop's offset from UTC at `ms`. The shop's zone changes offset only on a whole UTC hour and
 * by whole hours, so one Intl call per UTC hour is exact; Intl per instant cost a quarter of a
 * 100,000-order export's time.
 */
function shopOffsetMs(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const p = partsOf(new Date(hour * HOUR_MS));
    // Some ICU versions write midnight as 24 even with h23.
    const hour24 = Number(p.hour) % 24;
    offset =
      Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), hour24, Number(p.minute)) - hour * HOUR_MS;
    if (offsetByHour.size > 100_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

const two = (value: number) => String(value).padStart(2, "0");

/** An instant in the shop's time as Excel reads it: "26/11/2026 21:30"; empty for none. */
export function csvDateTime(date: Date | null): string {
  if (!date) return "";
  const ms = date.getTime();
  const local = new Date(ms + shopOffsetMs(ms));
  return `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}

/**
 * What a cell may not start with (OWASP's list, and more): = + - @ start a formula, Excel skips a
 * tab or a carriage return before reading one, and some spreadsheets take the full-width
 * ＝ ＋ － ＠ (one keystroke away on East Asian keyboards, and allowed in names) for = + - @.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * Text a person typed (a name, a handle, an article): a leading apostrophe makes Excel show a cell
 * that would start a formula as text.
 */
export function csvText(value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The day in the shop's time, for a file name: "2026-11-26". */
export function exportDay(date: Date): string {
  const p = partsOf(date);
  return `${p.year}-${p.month}-${p.day}`;
}

/** "commandes-2026-11-26.csv"; the parts are kept to ASCII letters, digits and dashes. */
export function exportFileName(parts: string[], date: Date): string {
  const safe = parts
    .map((part) =>
      part
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, ""),
    )
    .filter(Boolean);
  return `${[...safe, exportDay(date)].join("-")}.csv`;
}

/** Content-Disposition for a download: the ASCII name, and the UTF-8 one for the browsers that read it. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
