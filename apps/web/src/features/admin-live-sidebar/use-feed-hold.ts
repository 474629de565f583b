import type { LiveFeedEvent } from "@vitrine/domain";
import { useCallback, useEffect, useRef, useState, type FocusEvent } from "react";
import { heldFeedView } from "./feed-hold";

/**
 * Holds the feed still while staff are about to act on it: the pointer is over it, keyboard focus
 * is in it (a mouse click leaves focus on the button, but no visible focus: that alone does not
 * hold the feed once the pointer leaves), or a claim staff clicked is being added. Newer comments wait and are
 * counted; `bringIn` shows them on demand, and they come in by themselves when the hold ends.
 */
export function useFeedHold(events: readonly LiveFeedEvent[], claimPending: boolean) {
  const [pointerInside, setPointerInside] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const [frozen, setFrozen] = useState<readonly LiveFeedEvent[] | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const containerRef = useRef<HTMLElement>(null);
  const held = pointerInside || focusInside || claimPending;

  // Taken at the render where the hold begins, dropped where it ends (React's state adjustment
  // during render: no frame shows the other list).
  if (held && frozen === null) setFrozen(events);
  if (!held && frozen !== null) setFrozen(null);
  const view = heldFeedView(held ? (frozen ?? events) : null, events);

  // A focused card's button that goes away (its product sold meanwhile) takes focus out of the feed
  // without a blur: as comments arrive, a hold whose focus is gone ends.
  useEffect(() => {
    if (!focusInside) return;
    const container = containerRef.current;
    if (container && !container.contains(document.activeElement)) setFocusInside(false);
  }, [focusInside, events]);

  const bringIn = useCallback(() => {
    setFrozen(events);
    // The bar disappears with the click: keyboard focus goes to the newest comments it brought.
    if (focusInside) listRef.current?.focus();
  }, [events, focusInside]);

  const containerProps = {
    ref: containerRef,
    onPointerEnter: () => setPointerInside(true),
    onPointerLeave: () => setPointerInside(false),
    onFocus: (event: FocusEvent<HTMLElement>) => {
      setFocusInside(event.target.matches(":focus-visible"));
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      const next = event.relatedTarget;
      if (!(next instanceof Node) || !event.currentTarget.contains(next)) setFocusInside(false);
    },
  };

  return { ...view, held, bringIn, containerProps, listRef };
}
