import { memo, Suspense, useId, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { useRuntime } from '../../../runtime/runtime';
import { Switch } from '../../../ui/switch';
import { boardQueryAtom, boardViewAtom } from '../view/view-atoms';
import { notAnsweredOnly, setNotAnsweredOnly, type LeadFilters } from '../../../domain/filters';
import { FilterPanel, QuickCount } from './filter-loaders';
import type { QuickCountOf } from './lead-counts';

/**
 * The panel's controls in order (filter-panel.tsx: status, date range, category, location,
 * customer name, archived): its placeholder holds a slot of each one's size in the same grid, so it
 * wraps into the same rows at any width and nothing moves when they arrive.
 */
const PANEL_SLOTS = ['field', 'field', 'field', 'field', 'field', 'switch'] as const;

/**
 * The filter header: the quick filters ('Show Unread Messages', 'Not answered yet') and, on narrow widths, the
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
  const view = useSetAtom(boardViewAtom);
  const changeFilters = (patch: Partial<LeadFilters>) => view({ type: 'filters', patch });
  const [panelOpen, setPanelOpen] = useState(false);
  const panelId = useId();
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
        <span className="lk-filters__quick">
          <QuickFilter
            label={t('filters.showUnread')}
            checked={filters.hasUnreadMessages === true}
            onChange={(on) => changeFilters({ hasUnreadMessages: on ? true : null })}
            count="unread"
            countsOn={firstPageShown}
          />
          <QuickFilter
            label={t('filters.notAnswered')}
            checked={notAnsweredOnly(filters)}
            onChange={(on) => changeFilters(setNotAnsweredOnly(on))}
            count="notAnswered"
            countsOn={firstPageShown}
          />
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

/**
 * A switch of the filter header with its count beside it (the switch's description). The count's
 * slot is kept from the first render, as wide as a three-digit badge, so nothing moves when the
 * count arrives (after the first card: lead-counts.tsx).
 */
function QuickFilter({
  label,
  checked,
  onChange,
  count,
  countsOn,
}: {
  label: string;
  checked: boolean;
  onChange(on: boolean): void;
  count: QuickCountOf;
  countsOn: boolean;
}) {
  const countId = useId();
  return (
    <span className="lk-filters__switch">
      <Switch label={label} checked={checked} onChange={onChange} describedBy={countId} />
      <span id={countId} className="lk-filters__count">
        {countsOn ? (
          <Suspense fallback={null}>
            <QuickCount of={count} />
          </Suspense>
        ) : null}
      </span>
    </span>
  );
}
