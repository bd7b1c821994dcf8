import { lazyPart } from '../../../ui/lazy-part';

/**
 * The bulk toolbar, its calls and its texts are a part of their own: loaded when
 * a pro reaches for a card's checkbox (pointer, focus) or selects a lead, never in the board's
 * first load.
 */
export const Bulk = lazyPart(
  () => import('./bulk-part'),
  (part) => part.Bulk,
);
