import type * as React from "react";
import { Field } from "./ui/field";
import { Input } from "./ui/input";

type InputProps = React.ComponentProps<"input">;

export interface TiktokUsernameFieldsProps {
  /** Prefix of the two inputs' ids: `${idPrefix}-tiktok-username` and `-confirmation`. */
  idPrefix: string;
  hint: React.ReactNode;
  /** The inputs' own props: what react-hook-form's `register` returns for each. */
  username: InputProps;
  confirmation: InputProps;
  errors: { username?: string | undefined; confirmation?: string | undefined };
}

const handleInput = {
  autoComplete: "off",
  autoCapitalize: "none",
  spellCheck: false,
  "aria-required": true,
} as const;

/** The TikTok handle typed twice, as sign-up and the profile ask for it (spec section 5). */
export function TiktokUsernameFields({
  idPrefix,
  hint,
  username,
  confirmation,
  errors,
}: TiktokUsernameFieldsProps) {
  return (
    <>
      <Field id={`${idPrefix}-tiktok-username`} label="Pseudo TikTok" hint={hint} error={errors.username}>
        <Input {...handleInput} {...username} />
      </Field>
      <Field
        id={`${idPrefix}-tiktok-username-confirmation`}
        label="Confirmez votre pseudo TikTok"
        error={errors.confirmation}
      >
        <Input {...handleInput} {...confirmation} />
      </Field>
    </>
  );
}
