import { useEffect, useId, useState, type KeyboardEvent, type ReactNode, type Ref } from "react";
import { FieldNotes } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { cn } from "../../../lib/cn";

export interface AutocompleteOption {
  key: string;
  content: ReactNode;
}

export interface AutocompleteProps {
  label: string;
  text: string;
  onTextChange: (text: string) => void;
  options: readonly AutocompleteOption[];
  onChoose: (key: string) => void;
  /** Whether the popup has anything to show for this text (a search ran or is running). */
  searching: boolean;
  /** Shown in the popup when there is no option: 'Recherche…', 'Aucun produit trouvé'. */
  emptyText: string;
  listLabel: string;
  hint?: ReactNode;
  /** A refusal of what was typed, announced and tied to the field. */
  error?: string;
  /** Shown beside the field (a submit button). */
  beside?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  inputMode?: "numeric" | "text";
  placeholder?: string;
  maxLength?: number;
}

/**
 * A text field with suggestions (ARIA 1.2 combobox): arrows move, Enter chooses the highlighted
 * option (without one, Enter submits the form: the keyboard add), Escape closes.
 */
export function Autocomplete({
  label,
  text,
  onTextChange,
  options,
  onChoose,
  searching,
  emptyText,
  listLabel,
  hint,
  error,
  beside,
  inputRef,
  inputMode = "text",
  placeholder,
  maxLength,
}: AutocompleteProps) {
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(" ");
  const optionId = (index: number) => `${id}-option-${index}`;

  const popupShown = open && searching;
  const expanded = popupShown && options.length > 0;
  const active = expanded ? options[activeIndex] : undefined;

  useEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(`${id}-option-${activeIndex}`)?.scrollIntoView({ block: "nearest" });
  }, [id, activeIndex]);

  const choose = (key: string) => {
    onChoose(key);
    setOpen(false);
    setActiveIndex(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (count === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActiveIndex((index) => (index < 0 && step < 0 ? count - 1 : (index + step + count) % count));
    } else if (event.key === "Enter" && active) {
      event.preventDefault();
      choose(active.key);
    } else if (event.key === "Escape" && popupShown) {
      event.preventDefault();
      setOpen(false);
      setActiveIndex(-1);
    } else if (event.key === "Enter") {
      setOpen(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="relative flex-1">
          <Input
            ref={inputRef}
            id={inputId}
            role="combobox"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={active ? optionId(activeIndex) : undefined}
            aria-describedby={describedBy || undefined}
            aria-invalid={error ? true : undefined}
            inputMode={inputMode}
            autoComplete="off"
            placeholder={placeholder}
            maxLength={maxLength}
            value={text}
            onChange={(event) => {
              onTextChange(event.target.value);
              setOpen(true);
              setActiveIndex(-1);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
          <div
            className={cn(
              "absolute top-full right-0 left-0 z-20 mt-1 max-h-72 overflow-y-auto rounded-md border border-border bg-background text-foreground shadow-md",
              !popupShown && "hidden",
            )}
          >
            {options.length > 0 ? (
              <ul id={listboxId} role="listbox" aria-label={listLabel} className="py-1">
                {options.map((option, index) => (
                  <li
                    key={option.key}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === activeIndex}
                    className={cn(
                      "flex cursor-pointer items-center gap-2 px-3 py-2 text-sm",
                      index === activeIndex ? "bg-muted" : "hover:bg-muted/60",
                    )}
                    // Keeps the focus in the field, so that the list stays open until chosen.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseEnter={() => setActiveIndex(index)}
                    onClick={() => choose(option.key)}
                  >
                    {option.content}
                  </li>
                ))}
              </ul>
            ) : (
              <p role="status" className="px-3 py-2 text-sm text-muted-foreground">
                {emptyText}
              </p>
            )}
          </div>
        </div>
        {beside}
      </div>
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
