import { atom } from 'jotai/vanilla';
import { featuredOf, INITIAL_VIEW, nextView, type BoardInputs, type BoardView, type ViewAction } from './board-view.logic';

/*
 * The board's view in its store (board-view.logic.ts): one atom, written only with an action, and
 * the shares of it the board reads. A share is a value of its own — it changes only when what it
 * holds changes — so the page fetched follows the query and the featured lead, not a tap, and a
 * card follows the open card, not the selection.
 */

const viewStateAtom = atom<BoardView>(INITIAL_VIEW);

/** The board's view; `set(boardViewAtom, action)` moves it on (nextView). */
export const boardViewAtom = atom(
  (get) => get(viewStateAtom),
  (get, set, action: ViewAction) => set(viewStateAtom, nextView(get(viewStateAtom), action)),
);

/** The host's attributes (set with useAtomInput: an `inputs` action). */
export const boardInputsAtom = atom(
  (get): BoardInputs => get(viewStateAtom).inputs,
  (_get, set, inputs: BoardInputs) => set(boardViewAtom, { type: 'inputs', inputs }),
);

/** The board's query (filters, sort, page). */
export const boardQueryAtom = atom((get) => get(viewStateAtom).query);

/** The lead the board's request features: one opened from outside, else `lead-id`'s. */
export const featuredLeadIdAtom = atom((get) => featuredOf(get(viewStateAtom)));

/** The open card (BoardView.open): each card follows its own share of it (cardOpen). */
export const openLeadIdAtom = atom((get) => get(viewStateAtom).open);

/** The quick answer asked for from outside, until the lead's card takes it. */
export const replyRequestAtom = atom((get): BoardView['reply'] => get(viewStateAtom).reply);

/** The leads selected for a bulk action. */
export const selectionAtom = atom((get) => get(viewStateAtom).selection);

/** The pro's hand on the board (a pointer or a key), counted: the new-leads watch (arrivals/new-leads.tsx) starts its wait over on each. */
export const boardTouchedAtom = atom(0);
