import { useAtomValue } from 'jotai/react';
import { useRuntime } from '../../../runtime/runtime';
import { useStyles } from '../../../runtime/styles';
import leadCountsCss from './lead-counts.css?inline';
import { countsViewAtom, idleCountsViewAtom, type CountsView } from './count-atoms';

export { BOARD_FILTER_CATALOGUE } from './filter-panel-messages';

/**
 * The board's counts on screen: the unread count beside 'Show Unread Messages'
 * (this module's default export, loaded by filter-bar.tsx once the first page is shown) and
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

/**
 * The unread count, inside the slot filter-bar.tsx keeps beside the switch (the switch's
 * description: '3 unread'). The number is shown only; the words are for assistive technology.
 * Loading: an empty badge holds the place. Failed: nothing.
 */
export function UnreadCount() {
  useStyles(STYLES);
  const { t } = useRuntime();
  const view = useCounts(true);
  if (view.state === 'none') return null;
  if (view.state === 'loading') return <span className="lk-count" part="count-badge" data-pending="" aria-hidden="true" />;
  const count = view.counts.unreadCount;
  return (
    <>
      <span className="lk-count" part="count-badge" aria-hidden="true">
        {countBadgeText(count)}
      </span>
      <span className="lk-visually-hidden">{t('filters.unreadCount', { count })}</span>
    </>
  );
}
