import { lazy, Suspense, useId, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { useRuntime, withMessages } from '../../runtime/runtime';
import { Switch } from '../../ui/switch';
import { boardQueryAtom, changeFiltersAtom } from './board-atoms';

// The panel's controls (comboboxes, multi-select, date picker, tags) load right after the
// board's first render, in parallel with the first page: they are not in its first load.
// Their texts come with them.
const FilterPanel = lazy(() => import('./filter-panel').then((panel) => ({ default: withMessages(panel.default, panel.BOARD_FILTER_CATALOGUE) })));

/**
 * The filter header (spec §2): 'Show Unread Messages' and, on narrow widths, the
 * 'Show All Filters' / 'Hide All Filters' toggle; then the panel.
 */
export function FilterBar({ categoryNames, rememberCategory }: { categoryNames: ReadonlyMap<number, string>; rememberCategory(id: number, name: string): void }) {
  const { t } = useRuntime();
  const { filters } = useAtomValue(boardQueryAtom);
  const changeFilters = useSetAtom(changeFiltersAtom);
  const [panelOpen, setPanelOpen] = useState(false);
  const panelId = useId();
  return (
    <section className="lk-filters" part="filters" aria-label={t('board.filtersRegion')}>
      <div className="lk-filters__header">
        <Switch label={t('filters.showUnread')} checked={filters.hasUnreadMessages === true} onChange={(on) => changeFilters({ hasUnreadMessages: on ? true : null })} />
        <button type="button" className="lk-link-button lk-filters__toggle" aria-expanded={panelOpen} aria-controls={panelId} onClick={() => setPanelOpen((open) => !open)}>
          {t(panelOpen ? 'filters.hideAll' : 'filters.showAll')}
        </button>
      </div>
      <Suspense fallback={<div id={panelId} className="lk-filters__panel lk-filters__panel--loading" data-open={panelOpen} aria-busy="true" />}>
        <FilterPanel panelId={panelId} panelOpen={panelOpen} categoryNames={categoryNames} rememberCategory={rememberCategory} />
      </Suspense>
    </section>
  );
}
