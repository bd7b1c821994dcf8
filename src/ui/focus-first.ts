/**
 * Focuses the first visible control (button, input, select, link) inside `root` — where focus
 * goes when the control the user pressed disappears (e.g. 'Clear All Filters'), instead of
 * falling to the page's body. Controls in a folded panel (display: none) are skipped.
 * Returns whether something was focused.
 */
export function focusFirstControl(root: ParentNode | null | undefined): boolean {
  if (!root) return false;
  const controls = root.querySelectorAll<HTMLElement>('button:not(:disabled), input:not(:disabled), select:not(:disabled), a[href]');
  for (const control of controls) {
    if (control.getClientRects().length === 0) continue;
    control.focus();
    return true;
  }
  return false;
}
