import { cva, type VariantProps } from "class-variance-authority";
import { CircleAlertIcon, CircleCheckIcon, InfoIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn";

const alertVariants = cva(
  "flex gap-3 rounded-lg border px-4 py-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0",
  {
    variants: {
      variant: {
        success: "border-success/30 bg-success-muted text-success",
        error: "border-destructive/30 bg-destructive-muted text-destructive",
        info: "border-info/30 bg-info-muted text-info",
      },
    },
    defaultVariants: { variant: "info" },
  },
);

const icons = { success: CircleCheckIcon, error: CircleAlertIcon, info: InfoIcon } as const;

// Errors interrupt assistive technologies; successes are announced politely; info is static text.
const defaultRoles = { success: "status", error: "alert", info: undefined } as const;

export type AlertProps = React.ComponentProps<"div"> & VariantProps<typeof alertVariants>;

export function Alert({ className, variant, role, children, ...props }: AlertProps) {
  const tone = variant ?? "info";
  const Icon = icons[tone];
  return (
    <div role={role ?? defaultRoles[tone]} className={cn(alertVariants({ variant }), className)} {...props}>
      <Icon aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">{children}</div>
    </div>
  );
}
