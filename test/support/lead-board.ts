/**
 * For the board's component tests: the parts the board loads lazily (list, open card body and its extras,
 * filter panel, the counts, its date range picker) imported up front, so a test waits for the state it needs, not for a chunk to
 * arrive on a busy machine. React.lazy still suspends once; the module is already there.
 */
export async function preloadBoardParts(): Promise<void> {
  await Promise.all([
    import('../../src/widgets/lead-board/list/board-list'),
    import('../../src/widgets/lead-board/card/lead-card-body-part'),
    import('../../src/widgets/lead-board/extras/card-extras-part'),
    import('../../src/widgets/lead-board/filters/filter-panel'),
    import('../../src/widgets/lead-board/filters/lead-counts'),
    import('../../src/ui/date-range-picker'),
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
