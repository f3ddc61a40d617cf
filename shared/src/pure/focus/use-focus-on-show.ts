// Focus after an action that replaces the content ("See my result", "Show my matches", a tour's Done): the
// control that was pressed is gone or disabled, so the browser drops focus to the page body and a
// screen-reader or keyboard user is left at the top of the page, far from what appeared.
import { useEffect, useRef, type RefObject } from 'react';

/** Brings `element` (a heading with tabIndex -1) into view and focuses it. */
export function focusHeading(element: HTMLElement | null | undefined): void {
  if (!element) return;
  element.scrollIntoView?.({ block: 'start' });
  element.focus({ preventScroll: true });
}

/**
 * A ref for the new content's heading (give it tabIndex={-1}): focused when `when` turns true, and again
 * each time `again` changes while it is true (a second search shows new results in the same place).
 */
export function useFocusOnShow<T extends HTMLElement>(when: boolean, again?: unknown): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (when) focusHeading(ref.current);
  }, [when, again]);
  return ref;
}

/**
 * The page's own heading (the PageFrame's h1), focused when nothing on the page holds focus any more (a
 * guided tour that ended with its own Done button, which took the focus away with it).
 */
export function focusPageHeadingIfLost(doc: Document = document): void {
  const active = doc.activeElement;
  if (active && active !== doc.body && active.isConnected) return;
  const heading = doc.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  focusHeading(heading);
}
