/** The leads selected on the board, and the one toggled last (where a shift-click range starts). */
export interface Selection {
  readonly ids: ReadonlySet<number>;
  readonly anchor: number | null;
}

export const NO_SELECTION: Selection = { ids: new Set<number>(), anchor: null };

/**
 * A checkbox toggled to `selected`. With `range` (the page's lead ids in order, a shift-click or
 * shift+Space) every lead from the anchor to this one takes the same state, as in a file
 * manager; without an anchor on the page it is a plain toggle. The lead becomes the anchor.
 */
export function toggleSelection(selection: Selection, leadId: number, selected: boolean, range: readonly number[] | null): Selection {
  const ids = new Set(selection.ids);
  const from = range && selection.anchor !== null ? range.indexOf(selection.anchor) : -1;
  const to = range ? range.indexOf(leadId) : -1;
  const span = from >= 0 && to >= 0 ? range!.slice(Math.min(from, to), Math.max(from, to) + 1) : [leadId];
  for (const id of span) {
    if (selected) ids.add(id);
    else ids.delete(id);
  }
  return { ids, anchor: leadId };
}
