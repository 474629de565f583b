import type { Live } from "@vitrine/domain";

export interface LiveOptionsProps {
  lives: readonly Pick<Live, "id" | "title">[] | undefined;
  /** The first choice: none yet ('Choisir un live') or every live ('Tous les lives'). */
  emptyLabel: string;
  emptyValue?: string;
}

/** The options of a select of lives: the first choice, then every live by its title. */
export function LiveOptions({ lives, emptyLabel, emptyValue = "" }: LiveOptionsProps) {
  return (
    <>
      <option value={emptyValue}>{emptyLabel}</option>
      {lives?.map((live) => (
        <option key={live.id} value={live.id}>
          {live.title}
        </option>
      ))}
    </>
  );
}
