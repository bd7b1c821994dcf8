import { withMessages } from '../../../runtime/runtime';
import { lazyPart } from '../../../ui/lazy-part';

// The panel's controls (comboboxes, multi-select, date picker, tags) are not needed for the first
// card: they load once the first page is on screen (its cards painted, or nothing to list), or
// earlier when the user reaches for them (pointer, focus, 'Show All Filters'); not when the page
// is merely answered — with the data started beside the code it is answered before the cards'
// code has arrived. Their texts come with them. Their space is kept meanwhile, so nothing moves
// when they arrive.
export const FilterPanel = lazyPart(
  () => import('./filter-panel'),
  (panel) => withMessages(panel.FilterPanel, panel.BOARD_FILTER_CATALOGUE),
);

// The quick filters' counts load once the first page is on screen, like the panel: the first
// card never waits for their code or their call. Their slots are kept meanwhile (lead-board.css).
export const QuickCount = lazyPart(
  () => import('./lead-counts'),
  (counts) => withMessages(counts.QuickCount, counts.BOARD_FILTER_CATALOGUE),
);
