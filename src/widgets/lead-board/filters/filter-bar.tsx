import { memo, Suspense, useId, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { useRuntime } from '../../../runtime/runtime';
import { Switch } from '../../../ui/switch';
import { boardQueryAtom, changeFiltersAtom } from '../board-atoms';
import { FilterPanel, UnreadCount } from './filter-loaders';

/**
 * The panel's controls in order (filter-panel.tsx: status, date range, category, location,
 * customer name, archived): its placeholder holds a slot of each one's size in the same grid, so it
 * wraps into the same rows at any width and nothing moves when they arrive.
 */
const PANEL_SLOTS = ['field', 'field', 'field', 'field', 'field', 'switch'] as const;

/**
 * The filter header: 'Show Unread Messages' and, on narrow widths, the
 * 'Show All Filters' / 'Hide All Filters' toggle; then the panel. Memoised: opening a card or
 * marking a lead read re-renders the board, not its filters.
 */
export const FilterBar = memo(function FilterBar({
  categoryNames,
  rememberCategory,
  firstPageShown,
}: {
  categoryNames: ReadonlyMap<number, string>;
  rememberCategory(id: number, name: string): void;
  firstPageShown: boolean;
}) {
  const { t } = useRuntime();
  const { filters } = useAtomValue(boardQueryAtom);
  const changeFilters = useSetAtom(changeFiltersAtom);
  const [panelOpen, setPanelOpen] = useState(false);
  const panelId = useId();
  const unreadCountId = useId();
  // Latched: once wanted the panel stays (a refetch does not hide it).
  const [wanted, setWanted] = useState(false);
  if (!wanted && (firstPageShown || panelOpen)) setWanted(true);
  const reachFor = () => {
    if (!wanted) setWanted(true);
  };
  const placeholder = (
    <div id={panelId} className="lk-filters__panel lk-filters__panel--loading" data-open={panelOpen} aria-busy="true">
      {PANEL_SLOTS.map((kind, index) => (
        <span key={index} className="lk-filters__slot" data-kind={kind} aria-hidden="true">
          {/* A line of label text's height (its own line box), a bar in it. */}
          {kind === 'field' ? (
            <span className="lk-filters__slot-label">
              <span className="lk-skeleton" />
            </span>
          ) : null}
          <span className="lk-skeleton lk-filters__slot-control" />
        </span>
      ))}
    </div>
  );
  return (
    <section className="lk-filters" part="filters" aria-label={t('board.filtersRegion')} onPointerEnter={reachFor} onFocus={reachFor}>
      <div className="lk-filters__header">
        <span className="lk-filters__unread">
          <Switch
            label={t('filters.showUnread')}
            checked={filters.hasUnreadMessages === true}
            onChange={(on) => changeFilters({ hasUnreadMessages: on ? true : null })}
            describedBy={unreadCountId}
          />
          <span id={unreadCountId} className="lk-filters__count">
            {firstPageShown ? (
              <Suspense fallback={null}>
                <UnreadCount />
              </Suspense>
            ) : null}
          </span>
        </span>
        <button
          type="button"
          className="lk-link-button lk-filters__toggle"
          aria-expanded={panelOpen}
          aria-controls={panelId}
          onClick={() => setPanelOpen((open) => !open)}
        >
          {t(panelOpen ? 'filters.hideAll' : 'filters.showAll')}
        </button>
      </div>
      {wanted ? (
        <Suspense fallback={placeholder}>
          <FilterPanel panelId={panelId} panelOpen={panelOpen} categoryNames={categoryNames} rememberCategory={rememberCategory} countsOn={firstPageShown} />
        </Suspense>
      ) : (
        placeholder
      )}
    </section>
  );
});
