import type { MouseEvent } from 'react';

/**
 * A click handler that ignores the further clicks of a double (or triple) click: for toggles a
 * quick second click would undo — a card's open/closed header, a read/unread dot — and for what
 * sits where a button was a moment ago (a double-clicked Save whose quick answer closed the editor
 * put the card's header under the second click, and the card closed). Keyboard activation
 * (`detail` 0) and single clicks go through.
 */
export function singleClick<E extends Element>(handler: (event: MouseEvent<E>) => void): (event: MouseEvent<E>) => void {
  return (event) => {
    if (event.detail > 1) return;
    handler(event);
  };
}
