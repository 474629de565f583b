import { SHOP_TIME_ZONE } from "./order-status";

/*
 * How a hold's time reads, for customers and staff alike. Times are the shop's (Europe/Paris)
 * whatever the device's zone: a hold ends at one moment for everybody.
 */

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * A hold's time left as words, never as a clock: "23 h 59 min", "12 min", "45 s", "3 jours 4 h".
 * Counted down (23 h 59 min 55 s reads "23 h 59 min"): the hold never looks longer than it is.
 * Seconds show only in the last minute, when they matter.
 */
export function formatHoldLeft(milliseconds: number): string {
  const seconds = Math.max(0, Math.floor(milliseconds / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours >= 48) {
    const days = Math.floor(hours / 24);
    const rest = hours % 24;
    return rest === 0 ? `${days} jours` : `${days} jours ${rest} h`;
  }
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${pad(rest)} min`;
}

const parisParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const parisDay = new Intl.DateTimeFormat("fr-FR", {
  timeZone: SHOP_TIME_ZONE,
  weekday: "short",
  day: "numeric",
  month: "short",
});

/** The Paris calendar day (as a UTC midnight count of days) and the time "21:01" of an instant. */
function parisDayAndTime(instant: number): { day: number; time: string } {
  const parts = Object.fromEntries(
    parisParts.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  );
  const day = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / 86_400_000;
  return { day, time: `${parts.hour}:${parts.minute}` };
}

/**
 * When a hold ends, with its day: "aujourd'hui 21:01", "demain 21:01", "hier 21:01", else
 * "jeu. 3 déc. 21:01". A bare "21:01" on a 24 h hold read as tonight.
 */
export function formatHoldEnd(heldUntil: string | Date, now: number | Date): string {
  const end = new Date(heldUntil).getTime();
  const endParts = parisDayAndTime(end);
  const days = endParts.day - parisDayAndTime(new Date(now).getTime()).day;
  const day =
    days === 0
      ? "aujourd'hui"
      : days === 1
        ? "demain"
        : days === -1
          ? "hier"
          : parisDay.format(new Date(end));
  return `${day} ${endParts.time}`;
}

/** The units a live's hold is typed in. */
export const HOLD_UNITS = ["minutes", "hours"] as const;
export type HoldUnit = (typeof HOLD_UNITS)[number];

export const holdUnitLabels: Record<HoldUnit, string> = {
  minutes: "minutes",
  hours: "heures",
};

const SECONDS_PER_UNIT: Record<HoldUnit, number> = { minutes: 60, hours: 3600 };

/**
 * A live's hold as typed, in its unit, the French way ("15", "1,5"): seconds, null when empty
 * (the shop's), or undefined when it is not a positive number. The bounds are the contract's.
 */
export function parseHoldDuration(text: string, unit: HoldUnit): number | null | undefined {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return null;
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return undefined;
  return Math.round(Number(trimmed) * SECONDS_PER_UNIT[unit]);
}

/**
 * A stored hold as the form shows it: whole hours in hours, anything else in minutes (1800 s is
 * "30" minutes, not "0,5" hours).
 */
export function holdDurationInput(seconds: number): { text: string; unit: HoldUnit } {
  const unit: HoldUnit = seconds % 3600 === 0 ? "hours" : "minutes";
  const text = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2, useGrouping: false }).format(
    seconds / SECONDS_PER_UNIT[unit],
  );
  return { text, unit };
}

/** A hold's length in words, as the form says it back: "15 min", "1 h 30 min", "24 h", "2 jours". */
export function formatHoldDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) {
    const rest = seconds % 60;
    return rest === 0 ? `${seconds / 60} min` : `${Math.floor(seconds / 60)} min ${pad(rest)} s`;
  }
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (rest === 0 && hours >= 48 && hours % 24 === 0) return `${hours / 24} jours`;
  return rest === 0 ? `${hours} h` : `${hours} h ${pad(rest)} min`;
}
