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
