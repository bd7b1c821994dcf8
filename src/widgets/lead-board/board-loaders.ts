import { lazyPart } from '../../ui/lazy-part';
import { LeadCardBody } from './card/card-body-loader';
import { Bulk } from './bulk/bulk-loader';
import { FilterPanel, QuickCount } from './filters/filter-loaders';
import { preloadOutbox } from './changes/change-engine';

/** The list (count, sort, cards, paging) loads beside the first page (see list/board-list.tsx). */
export const BoardList = lazyPart(
  () => import(/* lk:first-content */ './list/board-list'),
  (list) => list.BoardList,
);

/**
 * New leads while the board is open, and told outside it (arrivals/arrivals-part.tsx): mounted once
 * the first page is on screen and the page is idle.
 */
export const Arrivals = lazyPart(
  () => import('./arrivals/arrivals-part'),
  (part) => part.Arrivals,
);

/**
 * Starts the parts of the board's first screen — the list and the open card's body — as its
 * element connects, so they are here by its first render (see ui/lazy-part.ts).
 */
export function preloadLeadBoard(): Promise<unknown> {
  return Promise.all([BoardList.preload(), LeadCardBody.preload()]);
}

/**
 * The code of every action the board offers beyond its first screen — the bulk toolbar, the open
 * card's dialogs and extras, the filter panel and counts, new leads, the offline outbox's storage —
 * fetched once the first page is on screen and the page is idle (never before the first card), so
 * each still works when the connection drops after the board loaded. Resolves once all arrived
 * (rejects when one could not: it is asked for again on first use). The card's extras are
 * reached through the card body's part, not imported here: the build then keeps the card's
 * code in one chunk (a second way to them split it in two).
 */
export function preloadBoardActions(): Promise<unknown> {
  return Promise.all([
    Bulk.preload(),
    LeadCardBody.preload().then((part) => part.CardExtras.preload()),
    FilterPanel.preload(),
    QuickCount.preload(),
    Arrivals.preload(),
    preloadOutbox(),
  ]);
}
