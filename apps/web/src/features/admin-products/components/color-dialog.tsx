import { zodResolver } from "@hookform/resolvers/zod";
import {
  colorInputSchema,
  colorMessages,
  isHexColor,
  normalizeHexColor,
  type Color,
  type ColorInput,
  type ColorValues,
} from "@vitrine/domain";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "../../../lib/toast";
import { FormDialog } from "../../admin-shared/components/form-dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api-client";
import { useSaveColor } from "../colors-api";

const COLOR_FIELDS = ["name", "hexCode"] as const;
/** What the picker shows while the typed code is not a colour yet. */
const PICKER_FALLBACK = "#000000";

export interface ColorDialogProps {
  /** The colour to edit; null to add one. */
  color: Color | null;
  onClose: () => void;
}

/** Mounted per opening (keyed by the colour), so the form starts from the record each time. */
export function ColorDialog({ color, onClose }: ColorDialogProps) {
  const save = useSaveColor();
  const form = useForm<ColorInput, unknown, ColorValues>({
    resolver: zodResolver(colorInputSchema),
    defaultValues: { name: color?.name ?? "", hexCode: color?.hexCode ?? "" },
  });
  const hexCode = useWatch({ control: form.control, name: "hexCode" });
  const { errors } = form.formState;

  return (
    <FormDialog
      form={form}
      title={color ? "Modifier la couleur" : "Ajouter une couleur"}
      description="Choisissez la teinte avec le sélecteur ou saisissez son code hexadécimal (#RRGGBB)."
      submitLabel={color ? "Enregistrer" : "Ajouter"}
      save={async (input) => {
        const { color: saved } = await save.mutateAsync({ id: color?.id ?? null, input });
        toast.success(color ? colorMessages.updated(saved.name) : colorMessages.created(saved.name));
      }}
      onFailed={(error) => {
        const message = errorMessage(error);
        toast.error(message === colorMessages.duplicateName ? message : colorMessages.saveFailed(message));
      }}
      serverFields={COLOR_FIELDS}
      onClose={onClose}
    >
      <Field id="color-name" label="Nom" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register("name")} />
      </Field>
      <div className="grid grid-cols-[auto_1fr] items-start gap-4">
        <Field id="color-picker" label="Sélecteur de couleur">
          <input
            type="color"
            className="h-10 w-16 cursor-pointer rounded-md border border-input bg-background p-1"
            value={isHexColor(hexCode) ? hexCode.toLowerCase() : PICKER_FALLBACK}
            onChange={(event) =>
              form.setValue("hexCode", normalizeHexColor(event.target.value), {
                shouldDirty: true,
                shouldValidate: form.formState.isSubmitted,
              })
            }
          />
        </Field>
        <Field
          id="color-hex"
          label="Code hexadécimal"
          hint="Par exemple #1E3A8A"
          error={errors.hexCode?.message}
        >
          <Input
            autoComplete="off"
            spellCheck={false}
            placeholder="#RRGGBB"
            maxLength={7}
            {...form.register("hexCode")}
          />
        </Field>
      </div>
    </FormDialog>
  );
}
