import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn";
import { Button, type ButtonProps } from "./button";

export type IconButtonProps = Omit<ButtonProps, "children" | "size" | "aria-label"> & {
  /** What the button does, in French ("Modifier", "Supprimer", "Monter"): its accessible name. */
  label: string;
  icon: LucideIcon;
  iconClassName?: string;
};

/** A button that shows only an icon: a table row's actions. Named for screen readers by `label`. */
export function IconButton({
  label,
  icon: Icon,
  iconClassName,
  variant = "ghost",
  type = "button",
  ...props
}: IconButtonProps): React.ReactElement {
  return (
    <Button type={type} variant={variant} size="icon" aria-label={label} title={label} {...props}>
      <Icon aria-hidden className={cn(iconClassName)} />
    </Button>
  );
}
