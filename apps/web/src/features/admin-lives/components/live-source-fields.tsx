import { LIVE_SOURCE_FIELDS, liveSourceHints, liveSourceLabels, type LiveSourceField } from "@vitrine/domain";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";

/** The live's four sources, each optional, in the new-live dialog and the live's form. */
export function LiveSourceFields({
  idPrefix,
  register,
  errors,
}: {
  idPrefix: string;
  register: (field: LiveSourceField) => UseFormRegisterReturn;
  errors: Partial<Record<LiveSourceField, { message?: string | undefined } | undefined>>;
}) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 font-medium">Sources du live</legend>
      {LIVE_SOURCE_FIELDS.map((field) => (
        <Field
          key={field}
          id={`${idPrefix}-${field}`}
          label={liveSourceLabels[field]}
          hint={liveSourceHints[field]}
          error={errors[field]?.message}
        >
          <Input autoComplete="off" spellCheck={false} {...register(field)} />
        </Field>
      ))}
    </fieldset>
  );
}
