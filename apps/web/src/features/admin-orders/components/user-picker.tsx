import {
  adminOrderListMessages,
  orderClientContact,
  orderClientName,
  SEARCH_DEBOUNCE_MS,
  type OrderClient,
} from "@vitrine/domain";
import { XIcon } from "lucide-react";
import { useId, useState, type KeyboardEvent } from "react";
import { IconButton } from "../../../components/ui/icon-button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { cn } from "../../../lib/cn";
import { useUserChoices } from "../api";
import { useDebouncedValue } from "../../../lib/use-debounced-value";

/** Spec §9: the suggestions close this long after the field loses focus, so a click on one lands. */
const CLOSE_DELAY_MS = 120;

export interface UserPickerProps {
  id: string;
  label: string;
  /** The person chosen, or null. */
  value: OrderClient | null;
  onChange: (user: OrderClient | null) => void;
  /** The name of the button that takes the choice back ("Retirer le filtre utilisateur"). */
  clearLabel: string;
  error?: string | undefined;
  placeholder?: string;
  className?: string;
}

export const clientLabel = (client: OrderClient) => {
  const name = orderClientName(client);
  const contact = orderClientContact(client);
  return contact && contact !== name ? `${name} · ${contact}` : name;
};

/**
 * Chooses a customer by typing part of their e-mail, handle or name: suggestions from the server
 * after a pause (a combobox and its listbox, arrows and Enter to pick), then the chosen person
 * in the field with a button to take the choice back.
 */
export function UserPicker({
  id,
  label,
  value,
  onChange,
  clearLabel,
  error,
  placeholder,
  className,
}: UserPickerProps) {
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const searched = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const choices = useUserChoices(value ? "" : searched);
  const listId = useId();
  const errorId = `${id}-error`;
  const users = choices.data ?? [];
  const showList = open && !value && searched !== "";

  const choose = (user: OrderClient) => {
    onChange(user);
    setText("");
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!showList || users.length === 0) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + users.length) % users.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const user = users[active];
      if (user) choose(user);
    } else if (event.key === "Escape") {
      setOpen(false);
    }
  };

  return (
    <div className={cn("relative flex flex-col gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-1">
        <Input
          id={id}
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && users[active] ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder={placeholder}
          readOnly={value !== null}
          value={value ? clientLabel(value) : text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), CLOSE_DELAY_MS)}
          onKeyDown={onKeyDown}
        />
        {value ? (
          <IconButton
            label={clearLabel}
            icon={XIcon}
            variant="outline"
            onClick={() => {
              onChange(null);
              document.getElementById(id)?.focus();
            }}
          />
        ) : null}
      </div>
      <div
        className={cn(
          "absolute top-full right-0 left-0 z-20 mt-1 rounded-md border border-border bg-background shadow-md",
          !showList && "hidden",
        )}
      >
        {showList && (choices.isPending || choices.isError || users.length === 0) ? (
          <p role="status" className="px-3 py-2 text-sm text-muted-foreground">
            {choices.isPending
              ? "Recherche…"
              : choices.isError
                ? adminOrderListMessages.usersLoadFailed
                : adminOrderListMessages.noUserFound}
          </p>
        ) : null}
        <ul
          id={listId}
          role="listbox"
          aria-label={`Suggestions : ${label}`}
          className="max-h-72 overflow-y-auto"
        >
          {showList
            ? users.map((user, index) => (
                <li
                  key={user.id}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-label={clientLabel(user)}
                  aria-selected={index === active}
                  className={cn(
                    "flex cursor-pointer flex-col px-3 py-2 text-sm",
                    index === active ? "bg-muted" : "hover:bg-muted/60",
                  )}
                  // Keeps the focus in the field, so its blur does not close the list before the click.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => choose(user)}
                >
                  <span className="font-medium">{orderClientName(user)}</span>
                  {orderClientContact(user) !== orderClientName(user) ? (
                    <span className="text-muted-foreground">{orderClientContact(user)}</span>
                  ) : null}
                </li>
              ))
            : null}
        </ul>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
