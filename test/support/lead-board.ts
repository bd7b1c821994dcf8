import { Arrivals, BoardList } from '../../src/widgets/lead-board/board-loaders';
import { LeadCardBody } from '../../src/widgets/lead-board/card/card-body-loader';
import { FeedbackPanel } from '../../src/widgets/lead-board/extras/card-extras-loader';
import { DateRangePicker } from '../../src/widgets/lead-board/filters/date-range-picker-loader';
import { FilterPanel, QuickCount } from '../../src/widgets/lead-board/filters/filter-loaders';

/**
 * For the board's component tests: the parts the board loads lazily (list, open card body and its extras, new leads,
 * filter panel, the counts, its date range picker) loaded up front through their loaders, so a test waits
 * for the state it needs, not for a chunk to arrive on a busy machine. They then render in their first render.
 */
export async function preloadBoardParts(): Promise<void> {
  await Promise.all([
    BoardList.preload(),
    Arrivals.preload(),
    LeadCardBody.preload(),
    FeedbackPanel.preload(),
    FilterPanel.preload(),
    QuickCount.preload(),
    DateRangePicker.preload(),
  ]);
}

/** How long a test waits for the board's first page (a state, not a timing: the bound only ends a hung test). */
export const FIRST_PAGE_TIMEOUT_MS = 10_000;

/** The `lk-lead-archive` events the board fires from `host` from now on, their details in order. */
export function archiveEvents(host: EventTarget): { leadId: number; archived: boolean }[] {
  const details: { leadId: number; archived: boolean }[] = [];
  host.addEventListener('lk-lead-archive', (event) => details.push((event as CustomEvent<{ leadId: number; archived: boolean }>).detail));
  return details;
}
