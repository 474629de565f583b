import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { RichTextEditor } from "../../../components/rich-text-editor";
import { Label } from "../../../components/ui/label";

export interface RichTextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
}

/**
 * A rich-text control with its visible label and error, like `Field`: the editable area is named
 * by the label through aria-labelledby, since `for` cannot point at it.
 */
export function RichTextField({ id, label, value, onChange, error }: RichTextFieldProps) {
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2" data-invalid={error ? true : undefined}>
      <Label id={labelId} onClick={() => document.getElementById(id)?.focus()}>
        {label}
      </Label>
      <RichTextEditor
        id={id}
        aria-labelledby={labelId}
        value={value}
        onChange={onChange}
        aria-invalid={Boolean(error)}
        {...(error ? { "aria-describedby": errorId } : {})}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface RichTextFormFieldProps<Values extends FieldValues, Output> {
  control: Control<Values, unknown, Output>;
  /** A field of the form holding the HTML text. */
  name: Path<Values>;
  id: string;
  label: string;
}

/** A `RichTextField` bound to a react-hook-form field, its error included. */
export function RichTextFormField<Values extends FieldValues, Output>({
  control,
  name,
  id,
  label,
}: RichTextFormFieldProps<Values, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <RichTextField
          id={id}
          label={label}
          value={field.value}
          onChange={field.onChange}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
