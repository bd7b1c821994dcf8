const CONTROLS = 'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), a[href]';

/**
 * Focuses the first visible control (button, input, select, text area, link) inside `root` —
 * where focus goes when the control the user pressed disappears (e.g. 'Clear All Filters'),
 * instead of falling to the page's body. Controls in a folded panel (display: none) are skipped.
 * Returns whether something was focused.
 */
export function focusFirstControl(root: ParentNode | null | undefined): boolean {
  if (!root) return false;
  const controls = root.querySelectorAll<HTMLElement>(CONTROLS);
  for (const control of controls) {
    if (control.getClientRects().length === 0) continue;
    control.focus();
    return true;
  }
  return false;
}

/** Where a view stood among its siblings, to find what took its place once it is gone. */
export interface NodePlace {
  readonly parent: Node;
  readonly before: Node | null;
  readonly after: Node | null;
}

export function placeOf(node: Node): NodePlace | null {
  return node.parentNode ? { parent: node.parentNode, before: node.previousSibling, after: node.nextSibling } : null;
}

/**
 * Focuses the first visible control of what now stands at `place` (between the siblings the
 * view had), or else the first element there (made focusable by script, until it loses focus):
 * where focus goes when a view it was in is replaced, e.g. a part that loaded on 'Try again'.
 */
export function focusInPlace({ parent, before, after }: NodePlace): boolean {
  const elements: HTMLElement[] = [];
  for (let node = before ? before.nextSibling : parent.firstChild; node && node !== after; node = node.nextSibling) {
    if (node.nodeType === 1) elements.push(node as HTMLElement);
  }
  for (const element of elements) {
    if (element.matches(CONTROLS) && element.getClientRects().length > 0) {
      element.focus();
      return true;
    }
    if (focusFirstControl(element)) return true;
  }
  const first = elements[0];
  if (!first) return false;
  if (!first.hasAttribute('tabindex')) {
    first.setAttribute('tabindex', '-1');
    first.addEventListener('blur', () => first.removeAttribute('tabindex'), { once: true });
  }
  first.focus();
  return true;
}
