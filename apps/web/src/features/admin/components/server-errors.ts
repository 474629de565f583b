import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { isApiError } from "../../../lib/api-client";

/**
 * Puts the server's per-field messages (a 400 or a 409 naming its field) on the form's fields;
 * returns whether any of them belonged to the form.
 */
export function showServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  fieldNames: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
): boolean {
  const fields = isApiError(error) ? Object.entries(error.fields ?? {}) : [];
  const known = fields.filter((entry): entry is [Path<Values>, string] =>
    fieldNames.some((name) => name === entry[0]),
  );
  known.forEach(([name, message], index) => {
    setError(name, { type: "server", message }, { shouldFocus: index === 0 });
  });
  return known.length > 0;
}
