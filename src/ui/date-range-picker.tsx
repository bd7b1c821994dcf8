import { Suspense, useId, useMemo, useState, type ChangeEvent, type CSSProperties, type KeyboardEvent } from 'react';
import { lazyPart } from './lazy-part';
import {
  DayButton as RdpDayButton,
  DayFlag,
  DayPicker,
  SelectionState,
  UI,
  dateMatchModifiers,
  type ClassNames,
  type CustomComponents,
  type DayButtonProps,
  type Labels,
  type Matcher,
} from 'react-day-picker';
import { format, startOfDay, startOfMonth } from 'date-fns';
import {
  BOARD_QUICK_RANGES,
  MAX_DAY_COUNT,
  PICKER_MAX_DATE,
  PICKER_MIN_DATE,
  PICKER_STATIC_RANGES,
  SCROLL_MONTH,
  WEEK_OPTIONS,
  addDayToRange,
  clampRange,
  constrainRange,
  dayCountFor,
  dayCountRange,
  matchQuickRange,
  pickerListBounds,
  type DateRange,
  type DayCountKind,
  type PickerRules,
  type QuickRange,
  type QuickRangeId,
} from '../domain/date-range';
import { parseDayText } from '../domain/day-text';
import { BOARD_DATE_FORMAT, PICKER_DATE_FORMAT, formatBoardDate, formatPickerDate, type PickerDates } from '../i18n/format';
import type { BoardDateRangePickerLabels, GenericDateRangePickerLabels } from './date-range-picker-labels';

/** The three selection colors: the days inside the range, its first day and its last day. */
export interface DateRangeColors {
  readonly range: string;
  readonly start: string;
  readonly end: string;
}

/**
 * The defaults of the three colors. They are the fallbacks
 * of --lk-date-range-color / --lk-date-range-start-color / --lk-date-range-end-color in
 * date-range-picker.css (a test keeps the two in step); the text on them passes WCAG AA.
 */
export const DEFAULT_DATE_RANGE_COLORS: DateRangeColors = { range: '#d6e6f8', start: '#0b6bcb', end: '#0a4c8f' };

/** Where a change came from (for analytics or for naming a quick range in a filter tag). */
export interface DateRangeChange {
  readonly source: 'start-input' | 'end-input' | 'calendar' | 'quick-range' | 'day-count';
  /** The quick / static range button pressed, when source is 'quick-range'. */
  readonly quickRangeId?: QuickRangeId;
}

interface DateRangePickerBaseProps {
  /**
   * The selection (controlled). Either end may be null: an open start reads as the
   * `startPlaceholder` ('Early'), an open end as the `endPlaceholder` ('Continuous').
   */
  value: DateRange;
  /**
   * Every change the user makes, already normalized by the picker rules: ends swapped into
   * order, kept between 100 years back and 20 years ahead of `today`, trimmed to the allowed
   * run of days when it met a disabled day. Both ends are local Dates at the start of their
   * day; the board widens them with `toBoardDateRange` (start of day / end of day, ISO).
   */
  onChange: (range: DateRange, change: DateRangeChange) => void;
  /** Today, for quick ranges, day counts, the bounds and the calendar's today mark. Default: now. */
  today?: Date;
  /** Days that cannot be selected (react-day-picker matchers: dates, ranges, before/after, weekdays, functions). */
  disabled?: Matcher | Matcher[];
  /** The three selection colors; defaults to DEFAULT_DATE_RANGE_COLORS (or the --lk-date-range-* theme). */
  colors?: Partial<DateRangeColors>;
  /**
   * Another locale's date patterns and date-fns locale (es-US's from its catalogue chunk): the
   * fields show and read dates in them, the calendar names months and days in that language.
   * Absent: en-US ('MM/dd/yyyy', 'MMM d, yyyy'). Weeks start on Sunday either way (US).
   */
  dates?: PickerDates;
  /** CSS part of the root; inner parts are `<part>-ranges`, `<part>-range`, `<part>-day-counts`, `<part>-start`, `<part>-end`, `<part>-calendar`. */
  part?: string;
}

export interface BoardDateRangePickerProps extends DateRangePickerBaseProps {
  /** Board filter: quick ranges Today / Last 7 Days / Last 30 Days, dates shown MM/DD/YYYY. */
  variant: 'board';
  labels: BoardDateRangePickerLabels;
}

export interface GenericDateRangePickerProps extends DateRangePickerBaseProps {
  /** Generic picker: six static ranges, the two day-count fields, dates shown 'MMM d, yyyy'. */
  variant: 'generic';
  labels: GenericDateRangePickerLabels;
  /**
   * `month` (default): one month with arrows and selectors. `scroll`
   * (docs/architecture.md#date-range-picker): the
   * months one under another in a scrolling list, 332 px wide, each 220 px tall (260 for a
   * six-week month), a month's weeks stretched by one when they span 34 days or fewer.
   */
  layout?: 'month' | 'scroll';
}

export type DateRangePickerProps = BoardDateRangePickerProps | GenericDateRangePickerProps;

type RangeEnd = 'start' | 'end';

/** Text being edited in a date field, tied to the value it was typed over. */
interface Draft {
  readonly text: string;
  /** The field's value when editing began: a change from elsewhere makes the draft stale. */
  readonly base: number | null;
  readonly invalid: boolean;
}

/** What a date field reads besides its display format: the other variant's format, full month names, ISO. */
const EXTRA_INPUT_PATTERNS = [BOARD_DATE_FORMAT, PICKER_DATE_FORMAT, 'MMMM d, yyyy', 'yyyy-MM-dd'];

const VARIANT_FORMAT = {
  board: { show: formatBoardDate, patterns: [...new Set([BOARD_DATE_FORMAT, ...EXTRA_INPUT_PATTERNS])] },
  generic: { show: formatPickerDate, patterns: [...new Set([PICKER_DATE_FORMAT, ...EXTRA_INPUT_PATTERNS])] },
} as const;

/** The display function and readable patterns of a variant in another locale. */
function localeFormat(variant: 'board' | 'generic', dates: PickerDates) {
  const own = variant === 'board' ? dates.boardPattern : dates.pickerPattern;
  const patterns = [...new Set([own, dates.boardPattern, dates.pickerPattern, "d 'de' MMMM 'de' yyyy", 'd MMMM yyyy', 'yyyy-MM-dd'])];
  return { show: (date: Date | null) => (date ? format(date, own, { locale: dates.locale }) : ''), patterns };
}

const kebab = (key: string) => key.replace(/_/g, '-');

/**
 * react-day-picker's class names, renamed into our scope: elements become `lk-drp__<element>`,
 * day states `lk-drp__day--<state>` (its own stylesheet is not used; ours is plain CSS that
 * can be adopted into a shadow root).
 */
const CLASS_NAMES: Partial<ClassNames> = Object.fromEntries([
  ...Object.values(UI).map((key) => [key, `lk-drp__${kebab(key)}`]),
  ...[...Object.values(DayFlag), ...Object.values(SelectionState)].map((key) => [key, `lk-drp__day--${kebab(key)}`]),
]);

/** react-day-picker's day button, plus aria-current="date" on today (its own label says "Today" in English). */
function DayButton(props: DayButtonProps) {
  return <RdpDayButton {...props} aria-current={props.modifiers.today ? 'date' : undefined} />;
}

const COMPONENTS: Partial<CustomComponents> = { DayButton };

/** The scroll mode loads only where a picker uses it (the board's picker never does). */
const ScrollCalendar = lazyPart(
  () => import('./date-range-scroll'),
  (scroll) => scroll.ScrollCalendar,
);

/**
 * The full date names each day button: 'Monday, June 15, 2026'. Not date-fns 'PPPP' ('June
 * 15th'): the visible '15' must appear as a word of the name (WCAG 2.5.3, axe
 * label-content-name-mismatch).
 */
const DAY_LABEL_FORMAT = 'EEEE, MMMM d, yyyy';

const toMatchers = (disabled: Matcher | Matcher[] | undefined): Matcher[] => (disabled === undefined ? [] : Array.isArray(disabled) ? disabled : [disabled]);

/**
 * A date-range picker (docs/architecture.md#date-range-picker) on react-day-picker: start and end
 * fields, quick ranges, one month with month/year selectors and arrows, range selection by
 * mouse or keyboard; the generic variant adds static ranges and the day-count fields.
 *
 * It renders inline: the caller places it (popover, dialog, panel). All texts come in through
 * `labels` (see `dateRangePickerLabels`). It is controlled: it shows `value` and reports each
 * change through `onChange`; the rules applied before reporting live in domain/date-range.ts.
 *
 * Fields: typing a date and leaving the field (or pressing Enter) applies it; an empty field
 * opens that end; text that is not a date keeps what was typed and marks the field invalid
 * (Escape drops it). Calendar: a pick completes a half-open range, otherwise starts a new one
 * open-ended (see `addDayToRange`). Keyboard in the grid (react-day-picker): arrows move by
 * day/week, PageUp/PageDown by month (+Shift: year), Home/End to the week's ends, Enter/Space picks.
 */
export function DateRangePicker(props: DateRangePickerProps) {
  const { value, onChange, disabled, colors, part = 'date-range-picker', labels, variant, dates } = props;
  const baseId = useId();
  const [mountedAt] = useState(() => new Date());
  const today = startOfDay(props.today ?? mountedAt);
  const rules: PickerRules = {
    minDate: PICKER_MIN_DATE(today),
    maxDate: PICKER_MAX_DATE(today),
    isDisabled: disabled === undefined ? undefined : (day: Date) => dateMatchModifiers(day, disabled),
  };
  const inBounds = (day: Date): Date => clampRange({ start: day, end: null }, rules).start ?? day;

  const [month, setMonth] = useState(() => startOfMonth(inBounds(value.start ?? value.end ?? today)));
  const [drafts, setDrafts] = useState<Partial<Record<RangeEnd, Draft>>>({});
  const [countDraft, setCountDraft] = useState<{ kind: DayCountKind; text: string } | null>(null);

  const { show, patterns } = useMemo(() => (dates ? localeFormat(variant, dates) : VARIANT_FORMAT[variant]), [dates, variant]);

  /** Applies the domain rules and reports; false when nothing allowed is left to report. */
  const commit = (range: DateRange, change: DateRangeChange): DateRange | null => {
    const next = constrainRange(range, rules);
    if (next) onChange(next, change);
    return next;
  };

  // ---- start / end fields -------------------------------------------------------------
  const baseOf = (end: RangeEnd) => value[end]?.getTime() ?? null;
  const liveDraft = (end: RangeEnd): Draft | undefined => {
    const draft = drafts[end];
    return draft && draft.base === baseOf(end) ? draft : undefined;
  };
  const setDraft = (end: RangeEnd, draft: Draft | undefined) => setDrafts((current) => ({ ...current, [end]: draft }));

  const applyText = (end: RangeEnd) => {
    const draft = liveDraft(end);
    if (!draft) return;
    const typed = draft.text.trim() === '' ? null : parseDayText(draft.text, patterns, dates?.locale);
    const markInvalid = () => setDraft(end, { ...draft, invalid: true });
    if (typed === null && draft.text.trim() !== '') return markInvalid();
    const range = end === 'start' ? { start: typed, end: value.end } : { start: value.start, end: typed };
    if (!commit(range, { source: end === 'start' ? 'start-input' : 'end-input' })) return markInvalid();
    setDraft(end, undefined);
    if (typed) setMonth(startOfMonth(inBounds(typed)));
  };

  const field = (end: RangeEnd) => {
    const draft = liveDraft(end);
    const id = `${baseId}-${end}`;
    const errorId = `${id}-error`;
    const showError = Boolean(draft?.invalid && labels.invalidDate);
    return (
      <div className="lk-drp__field" data-invalid={draft?.invalid || undefined}>
        <label className="lk-drp__field-label" htmlFor={id}>
          {end === 'start' ? labels.start : labels.end}
        </label>
        <input
          id={id}
          className="lk-drp__input"
          part={`${part}-${end}`}
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder={end === 'start' ? labels.startPlaceholder : labels.endPlaceholder}
          value={draft ? draft.text : show(value[end])}
          aria-invalid={draft?.invalid || undefined}
          aria-describedby={showError ? errorId : undefined}
          onChange={(event: ChangeEvent<HTMLInputElement>) => setDraft(end, { text: event.target.value, base: baseOf(end), invalid: false })}
          onBlur={() => applyText(end)}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              applyText(end);
            } else if (event.key === 'Escape' && draft) {
              setDraft(end, undefined);
            }
          }}
        />
        {showError ? (
          <p id={errorId} className="lk-drp__field-error">
            {labels.invalidDate}
          </p>
        ) : null}
      </div>
    );
  };

  // ---- quick ranges ---------------------------------------------------------------------
  const quickRanges: { range: QuickRange; label: string }[] =
    props.variant === 'board'
      ? BOARD_QUICK_RANGES.map((range) => ({ range, label: props.labels.quickRanges[range.id] }))
      : PICKER_STATIC_RANGES.map((range) => ({ range, label: props.labels.quickRanges[range.id] }));
  const activeQuickRange = matchQuickRange(
    value,
    quickRanges.map(({ range }) => range),
    today,
  );

  const applyQuickRange = (quick: QuickRange) => {
    const next = commit(quick.range(today), { source: 'quick-range', quickRangeId: quick.id });
    if (!next) return;
    setDrafts({});
    if (next.start) setMonth(startOfMonth(next.start));
  };

  // ---- day counts (generic) -------------------------------------------------------------
  const dayCounts: { kind: DayCountKind; label: string }[] =
    props.variant === 'generic'
      ? [
          { kind: 'upToToday', label: props.labels.daysUpToToday },
          { kind: 'startingToday', label: props.labels.daysStartingToday },
        ]
      : [];

  const onCountChange = (kind: DayCountKind, text: string) => {
    setCountDraft({ kind, text });
    const count = Number(text);
    if (text.trim() === '' || !Number.isFinite(count)) return;
    // dayCountRange holds the count to at least 1; the field shows the real count on blur.
    const next = commit(dayCountRange(kind, count, today), { source: 'day-count' });
    if (!next) return;
    setDrafts({});
    const anchor = kind === 'upToToday' ? next.end : next.start;
    if (anchor) setMonth(startOfMonth(anchor));
  };

  // ---- calendar -------------------------------------------------------------------------
  const { previousMonth, nextMonth, month: monthLabel, year: yearLabel } = labels;
  const dayPickerLabels = useMemo<Partial<Labels>>(
    () => ({
      labelPrevious: () => previousMonth,
      labelNext: () => nextMonth,
      labelMonthDropdown: () => monthLabel,
      labelYearDropdown: () => yearLabel,
      labelDayButton: (date, _modifiers, _options, dateLib) => {
        const pattern = dates?.dayLabelPattern ?? DAY_LABEL_FORMAT;
        return dateLib ? dateLib.format(date, pattern) : format(date, pattern, dates ? { locale: dates.locale } : undefined);
      },
    }),
    [previousMonth, nextMonth, monthLabel, yearLabel, dates],
  );

  const listBounds = pickerListBounds(today, [month, value.start, value.end]);

  const pickDay = (day: Date) => {
    if (commit(addDayToRange(value, day), { source: 'calendar' })) setDrafts({});
  };

  const colorStyle: Record<string, string> = {};
  if (colors?.range) colorStyle['--lk-date-range-color'] = colors.range;
  if (colors?.start) colorStyle['--lk-date-range-start-color'] = colors.start;
  if (colors?.end) colorStyle['--lk-date-range-end-color'] = colors.end;

  const scroll = props.variant === 'generic' && props.layout === 'scroll';
  const allDisabled = [{ before: rules.minDate }, { after: rules.maxDate }, ...toMatchers(disabled)];

  return (
    <div className="lk-drp" data-variant={variant} data-layout={scroll ? 'scroll' : 'month'} part={part} style={colorStyle as CSSProperties}>
      <div className="lk-drp__presets">
        <div className="lk-drp__ranges" role="group" aria-label={labels.quickRangesGroup} part={`${part}-ranges`}>
          {quickRanges.map(({ range, label }) => {
            const allowed = constrainRange(range.range(today), rules) !== null;
            return (
              <button
                key={range.id}
                type="button"
                className="lk-drp__range"
                part={`${part}-range`}
                data-range={range.id}
                aria-pressed={activeQuickRange?.id === range.id}
                disabled={!allowed}
                onClick={() => applyQuickRange(range)}
              >
                {label}
              </button>
            );
          })}
        </div>
        {dayCounts.length > 0 ? (
          <div className="lk-drp__day-counts" part={`${part}-day-counts`}>
            {dayCounts.map(({ kind, label }) => {
              const id = `${baseId}-${kind}`;
              const shown = countDraft?.kind === kind ? countDraft.text : String(dayCountFor(value, kind, today) ?? '');
              return (
                <div key={kind} className="lk-drp__day-count">
                  <input
                    id={id}
                    className="lk-drp__day-count-input"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={MAX_DAY_COUNT}
                    step={1}
                    value={shown}
                    onChange={(event: ChangeEvent<HTMLInputElement>) => onCountChange(kind, event.target.value)}
                    onBlur={() => setCountDraft(null)}
                  />
                  <label htmlFor={id} className="lk-drp__day-count-label">
                    {label}
                  </label>
                </div>
              );
            })}
          </div>
        ) : null}
      </div>
      <div className="lk-drp__main">
        <div className="lk-drp__fields">
          {field('start')}
          {field('end')}
        </div>
        <div className="lk-drp__calendar" part={`${part}-calendar`}>
          {scroll ? (
            <Suspense fallback={<div className="lk-drs__loading" style={{ width: SCROLL_MONTH.width, height: SCROLL_MONTH.header + SCROLL_MONTH.viewport }} />}>
              <ScrollCalendar
                value={value}
                month={month}
                startMonth={listBounds.startMonth}
                endMonth={listBounds.endMonth}
                today={today}
                isDisabled={(day) => dateMatchModifiers(day, allDisabled)}
                onPick={pickDay}
                labels={{ previousMonth, nextMonth, month: monthLabel, year: yearLabel }}
                dayLabel={(day) => format(day, DAY_LABEL_FORMAT)}
                part={part}
              />
            </Suspense>
          ) : (
            <DayPicker
              mode="range"
              selected={{ from: value.start ?? undefined, to: value.end ?? undefined }}
              onSelect={(_range, day) => pickDay(day)}
              month={month}
              onMonthChange={setMonth}
              numberOfMonths={1}
              startMonth={listBounds.startMonth}
              endMonth={listBounds.endMonth}
              captionLayout="dropdown"
              navLayout="around"
              // Six weeks in every month (a short month stretches by a week), the days of
              // the months around it filling them, muted: the popover keeps one height, no empty row.
              fixedWeeks
              showOutsideDays
              weekStartsOn={WEEK_OPTIONS.weekStartsOn}
              {...(dates ? { locale: dates.locale } : {})}
              today={today}
              disabled={allDisabled}
              labels={dayPickerLabels}
              classNames={CLASS_NAMES}
              components={COMPONENTS}
            />
          )}
        </div>
      </div>
    </div>
  );
}
