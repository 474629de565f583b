import { useCallback } from "react";
import { useSearchParams } from "react-router";

/**
 * One query parameter as state: a reload, a shared link or the back button restore it. Empty values
 * leave the URL; changes replace the history entry so typing does not fill the back button.
 */
export function useUrlParam(name: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? "";
  const setValue = useCallback(
    (next: string) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set(name, next);
          else updated.delete(name);
          return updated;
        },
        { replace: true },
      );
    },
    [name, setParams],
  );
  return [value, setValue];
}
