import { format } from "date-fns";
import { fr } from "date-fns/locale";

/** "23/11/2025 14:05": dates with time in lists and the back office. */
export function formatDateTime(date: Date | string): string {
  return format(new Date(date), "dd/MM/yyyy HH:mm", { locale: fr });
}
