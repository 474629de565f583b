import { useRef } from "react";

/**
 * Gives the focus back to whatever had it when a dialog opened, once the dialog closes. Radix
 * only returns it to a `Dialog.Trigger`, and the app opens most dialogs from a row's button
 * through state, so without this the focus fell back to the top of the page. Spread the handlers
 * on the dialog's Content; they run before Radix's own.
 */
export function useFocusReturn(
  handlers: {
    onOpenAutoFocus?: (event: Event) => void;
    onCloseAutoFocus?: (event: Event) => void;
  } = {},
) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Called before the dialog moves the focus inside: the active element is still the opener.
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      handlers.onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected || target === document.body) return;
      event.preventDefault();
      target.focus();
    },
  };
}
