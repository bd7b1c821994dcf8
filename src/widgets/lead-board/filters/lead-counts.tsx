import { useAtomValue } from 'jotai/react';
import { useRuntime } from '../../../runtime/runtime';
import { useStyles } from '../../../runtime/styles';
import leadCountsCss from './lead-counts.css?inline';
import { countsViewAtom, idleCountsViewAtom, type CountsView } from './count-atoms';
import { NOT_ANSWERED_STATUS } from '../../../domain/filters';
import type { LeadCounts } from '../../../gateway/office/lead-counts-schema';
import type { MessageKey } from '../../../i18n/en-US';

export { BOARD_FILTER_CATALOGUE } from './filter-panel-messages';

/**
 * The board's counts on screen: the quick filters' counts beside 'Show Unread Messages' and
 * 'Not answered yet' (`QuickCount`, loaded by filter-bar.tsx once the first page is shown) and
 * the counts of the status filter's options (filter-panel.tsx, `useCounts`).
 */

const STYLES = [leadCountsCss];

/** A count as its badge shows it: past 999, '999+' (the badge keeps one width; the description says the number). */
export function countBadgeText(count: number): string {
  return count > 999 ? '999+' : String(count);
}

/** The counts, once `on` (the first page is on screen); before, their places are kept and nothing is fetched. */
export function useCounts(on: boolean): CountsView {
  return useAtomValue(on ? countsViewAtom : idleCountsViewAtom);
}

/** The quick filters of the filter header (filter-bar.tsx) that show a count beside their switch. */
export type QuickCountOf = 'unread' | 'notAnswered';

const QUICK_COUNTS = {
  unread: { count: (counts: LeadCounts) => counts.unreadCount, description: 'filters.unreadCount' },
  notAnswered: { count: (counts: LeadCounts) => counts.statusCounts[NOT_ANSWERED_STATUS], description: 'filters.notAnsweredCount' },
} as const satisfies Record<QuickCountOf, { count(counts: LeadCounts): number; description: MessageKey }>;

/**
 * A quick filter's count, inside the slot filter-bar.tsx keeps beside its switch (the switch's
 * description: '3 unread', '2 not answered yet'). Both are facet counts: the unread count takes
 * every filter but the unread switch, the New count every filter but the status filter, so a
 * count says what its switch would list. The number is shown only; the words are for assistive
 * technology. Loading: an empty badge holds the place. Failed: nothing.
 */
export function QuickCount({ of }: { of: QuickCountOf }) {
  useStyles(STYLES);
  const { t } = useRuntime();
  const view = useCounts(true);
  if (view.state === 'none') return null;
  if (view.state === 'loading') return <span className="lk-count" part="count-badge" data-pending="" aria-hidden="true" />;
  const quick = QUICK_COUNTS[of];
  const count = quick.count(view.counts);
  return (
    <>
      <span className="lk-count" part="count-badge" aria-hidden="true">
        {countBadgeText(count)}
      </span>
      <span className="lk-visually-hidden">{t(quick.description, { count })}</span>
    </>
  );
}
