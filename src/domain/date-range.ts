import {
  addDays,
  addYears,
  differenceInCalendarDays,
  endOfDay,
  endOfMonth,
  endOfWeek,
  endOfYear,
  isAfter,
  isBefore,
  isSameDay,
  max as maxDate,
  min as minDate,
  startOfDay,
  startOfMonth,
  startOfWeek,
  startOfYear,
  subDays,
  subMonths,
  subWeeks,
  subYears,
} from 'date-fns';
import type { MessageKey } from '../i18n/en-US';
import { toDate } from '../i18n/format';

/**
 * A picker selection. Either end may be open: an empty start reads 'Early' and an empty end
 * 'Continuous'. Picker ranges are whole days: both ends sit at the start of their
 * day; only the board conversion widens the end to the end of its day.
 */
export interface DateRange {
  readonly start: Date | null;
  readonly end: Date | null;
}

export interface ClosedDateRange {
  readonly start: Date;
  readonly end: Date;
}

/** The board filter's wire shape: ISO-8601 instants (UTC), or null for an open end. */
export interface BoardDateRange {
  readonly startDate: string | null;
  readonly endDate: string | null;
}

/** en-US weeks start on Sunday. */
export const WEEK_OPTIONS = { weekStartsOn: 0 } as const;

/** Earliest selectable day: 100 years before today (docs/architecture.md#date-range-picker). */
export function PICKER_MIN_DATE(today: Date): Date {
  return subYears(startOfDay(today), 100);
}

/** Latest selectable day: 20 years after today. */
export function PICKER_MAX_DATE(today: Date): Date {
  return addYears(startOfDay(today), 20);
}

/**
 * The months the calendar's month/year lists and arrows offer: 10 years back to the end of next
 * year — where a lead board's data is — widened to the month shown and the selected ends, so a
 * date typed up to the 100-year limit (PICKER_MIN_DATE) still shows in the lists. A list from
 * 1926 to 2046 put today's year in the middle of 121 entries.
 */
const PICKER_LIST_YEARS_BACK = 10;

export function pickerListBounds(today: Date, shown: readonly (Date | null)[]): { readonly startMonth: Date; readonly endMonth: Date } {
  const days = shown.filter((day): day is Date => day !== null);
  const startMonth = startOfMonth(minDate([startOfYear(subYears(today, PICKER_LIST_YEARS_BACK)), ...days]));
  const endMonth = startOfMonth(maxDate([endOfYear(addYears(today, 1)), ...days]));
  return {
    startMonth: isBefore(startMonth, PICKER_MIN_DATE(today)) ? startOfMonth(PICKER_MIN_DATE(today)) : startMonth,
    endMonth: isBefore(PICKER_MAX_DATE(today), endMonth) ? startOfMonth(PICKER_MAX_DATE(today)) : endMonth,
  };
}

/**
 * The days a month shows in the picker's scroll mode: its whole weeks, and one week
 * more when those span 34 days or fewer ("a month spanning 34 days or less stretches by one
 * week"): a four-week month shows five, a five-week month six; a six-week month stays six.
 */
export function monthDisplayRange(month: Date): { readonly start: Date; readonly end: Date; readonly weeks: number } {
  const start = startOfWeek(startOfMonth(month), WEEK_OPTIONS);
  let end = startOfDay(endOfWeek(endOfMonth(month), WEEK_OPTIONS));
  if (differenceInCalendarDays(end, start) <= 34) end = addDays(end, 7);
  return { start, end, weeks: (differenceInCalendarDays(end, start) + 1) / 7 };
}

/**
 * The scroll mode's sizes: a month 220 px tall, a long month (six weeks) 260, 332 wide;
 * and ours: the list's viewport, a long month and a half (the next month always shows it is
 * there), under a 68 px header (arrows and selectors, weekday names).
 */
export const SCROLL_MONTH = { height: 220, longHeight: 260, width: 332, viewport: 390, header: 68 } as const;

/** A month's height in the scroll mode: long when it shows more than five weeks. */
export function scrollMonthHeight(month: Date): number {
  return monthDisplayRange(month).weeks > 5 ? SCROLL_MONTH.longHeight : SCROLL_MONTH.height;
}

/**
 * An end picked before the start swaps the two, rather than rejecting the pick.
 * @internal Exported for tests.
 */
export function normalizeRange<R extends DateRange>(range: R): R {
  const { start, end } = range;
  if (start && end && isBefore(end, start)) return { ...range, start: end, end: start };
  return range;
}

/** Keeps both ends inside the picker's bounds; the end never passes the maximum. */
export function clampRange(range: DateRange, bounds: { readonly minDate?: Date; readonly maxDate?: Date }): DateRange {
  const clamp = (date: Date | null): Date | null => {
    if (!date) return date;
    if (bounds.maxDate && isAfter(date, bounds.maxDate)) return bounds.maxDate;
    if (bounds.minDate && isBefore(date, bounds.minDate)) return bounds.minDate;
    return date;
  };
  const start = clamp(range.start);
  const end = clamp(range.end);
  return start === range.start && end === range.end ? range : { start, end };
}

/**
 * A selection that runs into disabled days is cut to the allowed run it starts in: a
 * disabled start moves forward to the first allowed day, and the end stops the day before
 * the next disabled day. Returns null when every day in the range is disabled.
 * Open ranges are returned as they are: there is no run to walk, and the picker's min/max
 * bound them instead.
 * @internal Exported for tests.
 */
export function trimToAllowed(range: DateRange, isDisabled: (day: Date) => boolean): DateRange | null {
  const { start, end } = normalizeRange(range);
  if (!start || !end) return range;
  const lastDay = startOfDay(end);
  let first = startOfDay(start);
  while (!isAfter(first, lastDay) && isDisabled(first)) first = addDays(first, 1);
  if (isAfter(first, lastDay)) return null;
  let last = first;
  for (let next = addDays(first, 1); !isAfter(next, lastDay) && !isDisabled(next); next = addDays(next, 1)) {
    last = next;
  }
  // Untouched ends keep their original instant; moved ends are whole days.
  return {
    start: isSameDay(first, start) ? start : first,
    end: isSameDay(last, end) ? end : last,
  };
}

/** The board filters whole days: from the start of the first day to the end of the last. */
export function toBoardDateRange(range: DateRange): BoardDateRange {
  const { start, end } = normalizeRange(range);
  return {
    startDate: start ? startOfDay(start).toISOString() : null,
    endDate: end ? endOfDay(end).toISOString() : null,
  };
}

/** Reads a board filter back into picker days; an unparsable end is treated as open. */
export function fromBoardDateRange(range: BoardDateRange): DateRange {
  const read = (iso: string | null): Date | null => {
    if (!iso) return null;
    const date = toDate(iso);
    return date ? startOfDay(date) : null;
  };
  return { start: read(range.startDate), end: read(range.endDate) };
}

export type DayCountKind = 'upToToday' | 'startingToday';

/**
 * The largest day count a field takes (274 years, past either picker bound, so the bounds
 * still decide): it keeps date arithmetic away from dates JavaScript cannot hold.
 */
export const MAX_DAY_COUNT = 99_999;

/**
 * Day-count inputs take at least 1 day; fractions round down, junk reads as 1.
 * @internal Exported for tests.
 */
export function clampDayCount(count: number): number {
  return Number.isFinite(count) ? Math.min(MAX_DAY_COUNT, Math.max(1, Math.floor(count))) : 1;
}

/** 'N days up to today' ends today; 'N days starting today' starts today. Both include today. */
export function dayCountRange(kind: DayCountKind, count: number, today: Date): ClosedDateRange {
  const span = clampDayCount(count) - 1;
  const day = startOfDay(today);
  return kind === 'upToToday' ? { start: subDays(day, span), end: day } : { start: day, end: addDays(day, span) };
}

/** The number a day-count input shows for a selection, or null when it is not such a range. */
export function dayCountFor(range: DateRange, kind: DayCountKind, today: Date): number | null {
  const { start, end } = range;
  if (!start || !end) return null;
  const anchor = kind === 'upToToday' ? end : start;
  if (!isSameDay(anchor, today)) return null;
  const count = differenceInCalendarDays(end, start) + 1;
  return count >= 1 ? count : null;
}

export type QuickRangeId = 'today' | 'last7Days' | 'last30Days' | 'yesterday' | 'thisWeek' | 'lastWeek' | 'thisMonth' | 'lastMonth';

export type BoardQuickRangeId = 'today' | 'last7Days' | 'last30Days';
export type PickerStaticRangeId = 'today' | 'yesterday' | 'thisWeek' | 'lastWeek' | 'thisMonth' | 'lastMonth';

export interface QuickRange<Id extends QuickRangeId = QuickRangeId> {
  readonly id: Id;
  readonly labelKey: MessageKey;
  readonly range: (today: Date) => ClosedDateRange;
}

const todayRange = (today: Date): ClosedDateRange => ({ start: startOfDay(today), end: startOfDay(today) });

/**
 * The board's quick ranges. "Last N days" counts today as the Nth day: a lead that
 * arrived this morning belongs in "Last 7 Days", so the range is today and the 6 days before.
 */
export const BOARD_QUICK_RANGES: readonly QuickRange<BoardQuickRangeId>[] = [
  { id: 'today', labelKey: 'filters.today', range: todayRange },
  { id: 'last7Days', labelKey: 'filters.last7Days', range: (today) => dayCountRange('upToToday', 7, today) },
  { id: 'last30Days', labelKey: 'filters.last30Days', range: (today) => dayCountRange('upToToday', 30, today) },
];

/**
 * The generic picker's static ranges. Weeks and months are whole calendar periods,
 * including days still ahead, as date pickers conventionally offer them.
 */
export const PICKER_STATIC_RANGES: readonly QuickRange<PickerStaticRangeId>[] = [
  { id: 'today', labelKey: 'datePicker.today', range: todayRange },
  {
    id: 'yesterday',
    labelKey: 'datePicker.yesterday',
    range: (today) => todayRange(subDays(today, 1)),
  },
  {
    id: 'thisWeek',
    labelKey: 'datePicker.thisWeek',
    range: (today) => ({
      start: startOfWeek(today, WEEK_OPTIONS),
      end: startOfDay(endOfWeek(today, WEEK_OPTIONS)),
    }),
  },
  {
    id: 'lastWeek',
    labelKey: 'datePicker.lastWeek',
    range: (today) => {
      const dayInLastWeek = subWeeks(today, 1);
      return {
        start: startOfWeek(dayInLastWeek, WEEK_OPTIONS),
        end: startOfDay(endOfWeek(dayInLastWeek, WEEK_OPTIONS)),
      };
    },
  },
  {
    id: 'thisMonth',
    labelKey: 'datePicker.thisMonth',
    range: (today) => ({ start: startOfMonth(today), end: startOfDay(endOfMonth(today)) }),
  },
  {
    id: 'lastMonth',
    labelKey: 'datePicker.lastMonth',
    range: (today) => {
      const dayInLastMonth = subMonths(today, 1);
      return { start: startOfMonth(dayInLastMonth), end: startOfDay(endOfMonth(dayInLastMonth)) };
    },
  },
];

/** The quick range a selection equals day for day, so the picker and tags can name it. */
export function matchQuickRange<R extends QuickRange>(range: DateRange, ranges: readonly R[], today: Date): R | null {
  const { start, end } = range;
  if (!start || !end) return null;
  return (
    ranges.find((quick) => {
      const candidate = quick.range(today);
      return isSameDay(candidate.start, start) && isSameDay(candidate.end, end);
    }) ?? null
  );
}

/** What a picker enforces on every selection before it emits one. */
export interface PickerRules {
  /** PICKER_MIN_DATE(today) in the picker. */
  readonly minDate: Date;
  /** PICKER_MAX_DATE(today) in the picker: the end never passes it. */
  readonly maxDate: Date;
  /** Days that cannot be selected (the caller's disabled dates). */
  readonly isDisabled?: (day: Date) => boolean;
}

/**
 * The picker rules (docs/architecture.md#date-range-picker) in their order: a reversed range swaps,
 * both ends are held inside
 * min/max, and a range running into disabled days is trimmed to the allowed run it starts in.
 * Returns null when no allowed day is left (the picker then refuses the selection).
 */
export function constrainRange(range: DateRange, rules: PickerRules): DateRange | null {
  const clamped = clampRange(normalizeRange(range), rules);
  return rules.isDisabled ? trimToAllowed(clamped, rules.isDisabled) : clamped;
}

/**
 * A day picked on the calendar. A half-open selection (only a start, or only an end) is
 * completed by the pick, swapping if the day comes first; an empty or complete selection
 * starts over from the picked day, open-ended until the next pick. So two picks make a
 * range in either order, and one pick alone reads "from that day on".
 */
export function addDayToRange(range: DateRange, day: Date): DateRange {
  const { start, end } = range;
  if (start && !end) return normalizeRange({ start, end: day });
  if (!start && end) return normalizeRange({ start: day, end });
  return { start: day, end: null };
}
