import { format } from "date-fns";
import { fr } from "date-fns/locale";

/** "21:34": a minute of a live. */
export function formatTime(date: string): string {
  return format(new Date(date), "HH:mm", { locale: fr });
}
