import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { isApiError } from "./api-client";

/**
 * Puts the server's per-field messages (a reference already used, a name already taken) on the
 * form's own fields; true when at least one of them found its field.
 */
export function showServerFieldErrors<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  error: unknown,
  fields: readonly Path<Values>[],
): boolean {
  const entries = isApiError(error) ? Object.entries(error.fields ?? {}) : [];
  const known = entries.filter((entry): entry is [Path<Values>, string] =>
    fields.some((field) => field === entry[0]),
  );
  known.forEach(([name, message], index) => {
    setError(name, { type: "server", message }, { shouldFocus: index === 0 });
  });
  return known.length > 0;
}
