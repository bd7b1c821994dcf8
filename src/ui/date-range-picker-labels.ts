import {
  BOARD_QUICK_RANGES,
  PICKER_STATIC_RANGES,
  type BoardQuickRangeId,
  type PickerStaticRangeId,
  type QuickRange,
  type QuickRangeId,
} from '../domain/date-range';
import type { Translate } from '../i18n/core/translate';

/** Texts both variants show or announce. Every one comes from the caller (the i18n catalogue). */
interface DateRangePickerCommonLabels {
  /** Label of the start field ('Start date'). */
  readonly start: string;
  /** Label of the end field ('End date'). */
  readonly end: string;
  /** Placeholder of an empty start: the range is open at the start ('Early'). */
  readonly startPlaceholder: string;
  /** Placeholder of an empty end: the range is open at the end ('Continuous'). */
  readonly endPlaceholder: string;
  /** Accessible name of the previous-month arrow. */
  readonly previousMonth: string;
  /** Accessible name of the next-month arrow. */
  readonly nextMonth: string;
  /** Accessible name of the month selector. */
  readonly month: string;
  /** Accessible name of the year selector. */
  readonly year: string;
  /**
   * Optional message under a field whose text could not be read as a date. Without it the
   * field only gets its error state (aria-invalid and the error style).
   */
  readonly invalidDate?: string;
  /** Optional accessible name of the group of quick / static range buttons. */
  readonly quickRangesGroup?: string;
}

export interface BoardDateRangePickerLabels extends DateRangePickerCommonLabels {
  /** Today, Last 7 Days, Last 30 Days. */
  readonly quickRanges: Readonly<Record<BoardQuickRangeId, string>>;
}

export interface GenericDateRangePickerLabels extends DateRangePickerCommonLabels {
  /** Today, Yesterday, This Week, Last Week, This Month, Last Month. */
  readonly quickRanges: Readonly<Record<PickerStaticRangeId, string>>;
  /** Text after the first day-count field ('days up to today'); also its accessible name. */
  readonly daysUpToToday: string;
  /** Text after the second day-count field ('days starting today'); also its accessible name. */
  readonly daysStartingToday: string;
}

function rangeLabels<Id extends QuickRangeId>(ranges: readonly QuickRange<Id>[], t: Translate): Record<Id, string> {
  return Object.fromEntries(ranges.map((range) => [range.id, t(range.labelKey)])) as Record<Id, string>;
}

function commonLabels(t: Translate, example: string): DateRangePickerCommonLabels {
  return {
    invalidDate: t('datePicker.invalidDate', { example }),
    quickRangesGroup: t('datePicker.quickRanges'),
    start: t('datePicker.start'),
    end: t('datePicker.end'),
    startPlaceholder: t('datePicker.startPlaceholder'),
    endPlaceholder: t('datePicker.endPlaceholder'),
    previousMonth: t('datePicker.previousMonth'),
    nextMonth: t('datePicker.nextMonth'),
    month: t('datePicker.month'),
    year: t('datePicker.year'),
  };
}

/**
 * Every label of the picker from the i18n catalogue, through the caller's translator (so a
 * host's `messages` overrides apply). The quick ranges use the label keys the domain gives
 * them (the board's are the filter texts).
 */
/** `example`: a date as the fields show it, for the invalid-date hint (default en-US's June 1, 2025). */
export function dateRangePickerLabels(t: Translate, variant: 'board', example?: string): BoardDateRangePickerLabels;
export function dateRangePickerLabels(t: Translate, variant: 'generic', example?: string): GenericDateRangePickerLabels;
export function dateRangePickerLabels(t: Translate, variant: 'board' | 'generic', example?: string): BoardDateRangePickerLabels | GenericDateRangePickerLabels {
  if (variant === 'board') return { ...commonLabels(t, example ?? '06/01/2025'), quickRanges: rangeLabels(BOARD_QUICK_RANGES, t) };
  return {
    ...commonLabels(t, example ?? 'Jun 1, 2025'),
    quickRanges: rangeLabels(PICKER_STATIC_RANGES, t),
    daysUpToToday: t('datePicker.daysUpToToday'),
    daysStartingToday: t('datePicker.daysStartingToday'),
  };
}
