import { lazyPart } from '../../ui/lazy-part';
import { LeadCardBody } from './card/card-body-loader';

/** The list (count, sort, cards, paging) loads beside the first page (see list/board-list.tsx). */
export const BoardList = lazyPart(
  () => import(/* lk:first-content */ './list/board-list'),
  (list) => list.BoardList,
);

/**
 * Starts the parts of the board's first screen — the list and the open card's body — as its
 * element connects, so they are here by its first render (see ui/lazy-part.ts).
 */
export function preloadLeadBoard(): Promise<unknown> {
  return Promise.all([BoardList.preload(), LeadCardBody.preload()]);
}
