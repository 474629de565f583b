import { format } from "date-fns";
import { fr } from "date-fns/locale";

/** "23 novembre 2025": the long French date the customer area shows. */
export function formatLongDate(date: Date | string): string {
  return format(new Date(date), "d MMMM yyyy", { locale: fr });
}

/** "23/11/2025 14:05": dates with time in lists and the back office. */
export function formatDateTime(date: Date | string): string {
  return format(new Date(date), "dd/MM/yyyy HH:mm", { locale: fr });
}
