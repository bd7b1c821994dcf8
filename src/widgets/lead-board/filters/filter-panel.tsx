import { Suspense, useCallback, useId, useMemo, useRef, useState } from 'react';
import { DateRangePicker } from './date-range-picker-loader';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { fromBoardDateRange, toBoardDateRange, type DateRange } from '../../../domain/date-range';
import { filterTags, removeFilterTag, type FilterTag, type FilterTagText } from '../../../domain/filter-tags';
import { addCategory, locationPatch, memberPatch, nameSearchPatch } from '../../../domain/filter-patches';
import type { LeadFilters } from '../../../domain/filters';
import { LEAD_STATUSES, leadStatusLabelKey, type LeadStatus } from '../../../domain/lead-status';
import { autocompleteCategoryName, autocompleteLocation, autocompleteMemberName } from '../../../gateway/lead/calls';
import type { CategorySuggestion, LocationSuggestion, MemberSuggestion } from '../../../gateway/lead/schemas';
import type { DateInput, LocaleFormats } from '../../../i18n/format';
import type { Translate } from '../../../i18n/core/translate';
import { useRuntime } from '../../../runtime/runtime';
import { useFormat } from '../../../runtime/use-format';
import { useStyles } from '../../../runtime/styles';
import comboboxCss from '../../../ui/combobox.css?inline';
import dateRangePickerCss from '../../../ui/date-range-picker.css?inline';
import multiSelectCss from '../../../ui/multi-select.css?inline';
import tagCss from '../../../ui/tag.css?inline';
import filterPanelCss from './filter-panel.css?inline';
import { Combobox } from '../../../ui/combobox';
import { dateRangePickerLabels } from '../../../ui/date-range-picker-labels';
import { MultiSelect } from '../../../ui/multi-select';
import { Switch } from '../../../ui/switch';
import { Tag } from '../../../ui/tag';
import { focusFirstControl } from '../../../ui/focus-first';
import { boardInputsAtom, boardQueryAtom, boardViewAtom } from '../view/view-atoms';
import type { CountsView } from './count-atoms';
import { countBadgeText, useCounts } from './lead-counts';
import { useSuggestions } from '../../../ui/use-suggestions';
import { usePressOutside } from '../../../ui/use-press-outside';

export { BOARD_FILTER_CATALOGUE } from './filter-panel-messages';

interface Option<T> {
  id: string;
  label: string;
  description?: string;
  value: T;
}

export interface FilterPanelProps {
  panelId: string;
  /** On narrow widths the panel shows only when opened ('Show All Filters'). */
  panelOpen: boolean;
  categoryNames: ReadonlyMap<number, string>;
  rememberCategory(id: number, name: string): void;
  /** The first page is on screen: the status counts may be fetched. */
  countsOn?: boolean;
}

// The date picker's CSS is small; adopting it with the panel keeps the calendar from flashing unstyled.
const STYLES = [comboboxCss, multiSelectCss, tagCss, dateRangePickerCss, filterPanelCss];

/** The runtime's clock's today, the same Date object for the whole day (so what is memoised on it holds). */
function useToday(now: () => Date): Date {
  const current = now();
  const day = `${current.getFullYear()}-${current.getMonth()}-${current.getDate()}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new Date only when the day changes
  return useMemo(() => current, [day]);
}

/**
 * One autocomplete filter: its text, the suggestions for it (debounced, superseded requests
 * aborted, each text asked once) and the combobox. Choosing (or submitting, where allowed)
 * applies the filter and clears the text.
 */
function SuggestFilter<T>({
  label,
  placeholder,
  suggest,
  onChoose,
  onSubmitText,
}: {
  label: string;
  placeholder: string;
  suggest: (text: string, signal: AbortSignal) => Promise<Option<T>[]>;
  onChoose(value: T): void;
  /** Enter without a chosen suggestion; return true when the text was applied. */
  onSubmitText?(text: string): boolean;
}) {
  const { t } = useRuntime();
  const [text, setText] = useState('');
  const suggestions = useSuggestions<Option<T>>(text, suggest);
  return (
    <Combobox<Option<T>>
      label={label}
      placeholder={placeholder}
      value={text}
      onInputChange={setText}
      options={suggestions.items}
      loading={suggestions.loading}
      loadingText={t('filters.loading')}
      noResultsText={t('filters.noResults')}
      statusText={text.trim() ? t('filters.resultCount', { count: suggestions.items.length }) : ''}
      onSelect={(option) => {
        onChoose(option.value);
        setText('');
      }}
      onSubmitText={onSubmitText ? (typed) => onSubmitText(typed) && setText('') : undefined}
    />
  );
}

/**
 * The filter panel: status, date range, category, location, customer name and
 * archived filters, and the tags of the active filters with 'Clear All Filters'. Loaded just
 * after the board's first render (see filter-bar.tsx).
 */
export function FilterPanel({ panelId, panelOpen, categoryNames, rememberCategory, countsOn = false }: FilterPanelProps) {
  useStyles(STYLES);
  const { t, client, now } = useRuntime();
  const format = useFormat();
  const today = useToday(now);
  const query = useAtomValue(boardQueryAtom);
  const { spId } = useAtomValue(boardInputsAtom);
  const view = useSetAtom(boardViewAtom);
  // Every filter replaced (a tag removed) is a patch of all of them.
  const changeFilters = useCallback((patch: Partial<LeadFilters>) => view({ type: 'filters', patch }), [view]);
  const clearFilters = () => view({ type: 'clear-filters' });
  const { filters } = query;
  const counts = useCounts(countsOn);
  const tagsRef = useRef<HTMLUListElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const providerId = spId ?? 0;
  const suggestCategories = useCallback(
    async (text: string, signal: AbortSignal) =>
      (await autocompleteCategoryName(client, { serviceProviderId: providerId, query: text }, { signal })).suggestions.map((s) => ({
        id: String(s.categoryId),
        label: s.categoryName,
        value: s,
      })),
    [client, providerId],
  );
  const suggestLocations = useCallback(
    async (text: string, signal: AbortSignal) =>
      (await autocompleteLocation(client, { serviceProviderId: providerId, query: text }, { signal })).suggestions.map((s, index) => ({
        id: `${index}-${s.locationName}`,
        label: s.locationName,
        value: s,
      })),
    [client, providerId],
  );
  const suggestMembers = useCallback(
    async (text: string, signal: AbortSignal) =>
      (await autocompleteMemberName(client, { serviceProviderId: providerId, query: text }, { signal })).suggestions.map((s) => ({
        id: s.contactInformationIds.join('-') || s.memberName,
        label: s.memberName,
        value: s,
      })),
    [client, providerId],
  );

  const tags = useMemo(() => filterTags(filters, { categoryName: (id) => categoryNames.get(id), today }), [filters, categoryNames, today]);
  const tagText = useCallback(
    (text: FilterTagText): string => {
      if (text.kind === 'message') return t(text.key);
      if (text.kind === 'text') return text.text;
      return dateRangeText(t, format, text.startDate, text.endDate);
    },
    [t, format],
  );
  const removeTag = (tag: FilterTag, index: number) => {
    changeFilters(removeFilterTag(filters, tag));
    // The tag disappears: focus the next tag's remove button, or, after the last one, the first
    // control of the panel (so the keyboard user stays in the filters).
    requestAnimationFrame(() => {
      const buttons = tagsRef.current?.querySelectorAll<HTMLButtonElement>('button');
      const next = buttons?.[Math.min(index, buttons.length - 1)];
      (next ?? panelRef.current?.querySelector<HTMLElement>('button, input'))?.focus();
    });
  };
  const dateValue: DateRange = useMemo(() => fromBoardDateRange(filters.dateRange), [filters.dateRange]);
  const dateTag = tags.find((tag) => tag.tagType === 'dateRange');

  // The controls do not change when the panel is shown or hidden ('Show All Filters' on a
  // phone): the same elements, so React leaves them be and the toggle only flips the panel.
  const controls = useMemo(
    () => (
      <>
        <MultiSelect<LeadStatus>
          label={t('filters.status')}
          options={LEAD_STATUSES.map((status) => ({ value: status, label: t(leadStatusLabelKey(status)), ...statusCount(t, counts, status) }))}
          selected={filters.serviceProviderLeadStatuses}
          onChange={(selected) => changeFilters({ serviceProviderLeadStatuses: selected })}
          summary={
            filters.serviceProviderLeadStatuses.length ? t('filters.selectedCount', { count: filters.serviceProviderLeadStatuses.length }) : t('filters.any')
          }
        />
        <DateFilter
          label={t('filters.dateRange')}
          summary={dateTag ? tagText(dateTag.displayText) : t('filters.any')}
          value={dateValue}
          today={today}
          onApply={(range) => changeFilters({ dateRange: toBoardDateRange(range) })}
        />
        <SuggestFilter<CategorySuggestion>
          label={t('filters.category')}
          placeholder={t('filters.categoryPlaceholder')}
          suggest={suggestCategories}
          onChoose={(category) => {
            rememberCategory(category.categoryId, category.categoryName);
            changeFilters(addCategory(filters, category.categoryId));
          }}
        />
        <SuggestFilter<LocationSuggestion>
          label={t('filters.location')}
          placeholder={t('filters.locationPlaceholder')}
          suggest={suggestLocations}
          onChoose={(location) => changeFilters(locationPatch(location))}
        />
        <SuggestFilter<MemberSuggestion>
          label={t('filters.customerName')}
          placeholder={t('filters.namePlaceholder')}
          suggest={suggestMembers}
          onChoose={(member) => changeFilters(memberPatch(member))}
          onSubmitText={(text) => {
            const patch = nameSearchPatch(text);
            if (patch) changeFilters(patch);
            return patch !== null;
          }}
        />
        <Switch label={t('filters.archived')} checked={filters.archived} onChange={(archived) => changeFilters({ archived })} />
      </>
    ),
    [t, counts, filters, changeFilters, dateTag, tagText, dateValue, today, suggestCategories, suggestLocations, suggestMembers, rememberCategory],
  );

  return (
    <>
      <div ref={panelRef} id={panelId} className="lk-filters__panel" data-open={panelOpen}>
        {controls}
      </div>
      {tags.length ? (
        <div className="lk-filters__tags">
          <ul ref={tagsRef} className="lk-filters__tag-list" aria-label={t('filters.activeTags')}>
            {tags.map((tag, index) => {
              const label = tagText(tag.displayText);
              return (
                <li key={`${tag.tagType}:${tag.tagValue}`}>
                  <Tag label={label} removeLabel={t('filters.removeTag', { label })} onRemove={() => removeTag(tag, index)} />
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className="lk-link-button"
            onClick={(event) => {
              const filters = event.currentTarget.closest('.lk-filters');
              clearFilters();
              // The button goes with the tags: focus stays in the filters (their first control).
              requestAnimationFrame(() => focusFirstControl(filters));
            }}
          >
            {t('filters.clearAll')}
          </button>
        </div>
      ) : null}
    </>
  );
}

/**
 * A status option's count: the number on its badge, '4 leads' as its description;
 * an empty badge while the counts load; nothing when they failed.
 */
function statusCount(t: Translate, counts: CountsView, status: LeadStatus): { badge?: string | null; description?: string } {
  if (counts.state === 'none') return {};
  if (counts.state === 'loading') return { badge: null };
  const count = counts.counts.statusCounts[status];
  return { badge: countBadgeText(count), description: t(count === 1 ? 'filters.leadCountOne' : 'filters.leadCount', { count }) };
}

/**
 * A chosen range as people say it: 'From 11/15/2026', 'Until 11/22/2026' or
 * '11/15/2026 – 11/22/2026' (the fields keep the spec's 'Early' / 'Continuous' for open ends).
 */
function dateRangeText(t: Translate, format: LocaleFormats, start: DateInput | null, end: DateInput | null): string {
  if (start && end) return t('filters.dateRangeTag', { start: format.boardDate(start), end: format.boardDate(end) });
  if (start) return t('filters.dateFrom', { start: format.boardDate(start) });
  return end ? t('filters.dateUntil', { end: format.boardDate(end) }) : t('filters.any');
}

/**
 * The date filter: a button showing the applied range and, under it, the picker. A range is
 * applied when it is complete — a quick range, or the second day picked in the calendar — and
 * the picker closes with focus back on the button; until then (a first day picked, a date typed)
 * it is a draft the board does not load, shown under the picker with 'Apply' (a range open at
 * one end: 'From 11/15/2026') and 'Clear'. Escape, a click or focus outside closes it and drops
 * the draft; Escape puts focus back on the button.
 */
function DateFilter({
  label,
  summary,
  value,
  today,
  onApply,
}: {
  label: string;
  summary: string;
  value: DateRange;
  today: Date;
  onApply(range: DateRange): void;
}) {
  const { t } = useRuntime();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DateRange | null>(null);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = (refocus: boolean) => {
    setOpen(false);
    setDraft(null);
    if (refocus) buttonRef.current?.focus();
  };
  const apply = (range: DateRange) => {
    onApply(range);
    close(true);
  };
  usePressOutside(rootRef, open, () => close(false));
  const applied = value.start !== null || value.end !== null;
  return (
    <div
      ref={rootRef}
      className="lk-filters__date"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close(true);
        }
      }}
      onBlur={(event) => {
        if (open && event.relatedTarget && !rootRef.current?.contains(event.relatedTarget as Node)) close(false);
      }}
    >
      <span className="lk-filters__label" id={`${id}-label`}>
        {label}
      </span>
      <button
        ref={buttonRef}
        type="button"
        className="lk-filters__date-button"
        aria-expanded={open}
        aria-controls={id}
        aria-labelledby={`${id}-label ${id}-value`}
        onClick={() => (open ? close(false) : setOpen(true))}
        // Start downloading the calendar as soon as the user heads for it.
        onPointerEnter={() => void DateRangePicker.preload()}
        onFocus={() => void DateRangePicker.preload()}
      >
        <span id={`${id}-value`}>{summary}</span>
      </button>
      {open ? (
        <div id={id} className="lk-filters__date-popover" role="group" aria-labelledby={`${id}-label`}>
          <Suspense fallback={<div className="lk-filters__date-loading" aria-busy="true" />}>
            <DateRangePicker
              variant="board"
              today={today}
              value={draft ?? value}
              labels={dateRangePickerLabels(t, 'board', format.boardDate(new Date(2025, 5, 1)))}
              {...(format.pickerDates ? { dates: format.pickerDates } : {})}
              onChange={(range, change) => {
                const complete = range.start !== null && range.end !== null;
                if (change.source === 'quick-range' || (change.source === 'calendar' && complete)) apply(range);
                else setDraft(range);
              }}
            />
          </Suspense>
          <div className="lk-filters__date-actions">
            <p className="lk-filters__date-draft" aria-live="polite">
              {draft ? dateRangeText(t, format, draft.start, draft.end) : null}
            </p>
            <button
              type="button"
              className="lk-button"
              data-variant="secondary"
              disabled={!applied && !draft}
              onClick={() => apply({ start: null, end: null })}
            >
              {t('filters.dateClear')}
            </button>
            <button type="button" className="lk-button" disabled={!draft} onClick={() => draft && apply(draft)}>
              {t('filters.dateApply')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
