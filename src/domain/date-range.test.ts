import { format } from 'date-fns';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  BOARD_QUICK_RANGES,
  MAX_DAY_COUNT,
  PICKER_MAX_DATE,
  PICKER_MIN_DATE,
  PICKER_STATIC_RANGES,
  type DateRange,
  type QuickRange,
  type QuickRangeId,
  addDayToRange,
  clampDayCount,
  clampRange,
  constrainRange,
  dayCountFor,
  dayCountRange,
  fromBoardDateRange,
  matchQuickRange,
  monthDisplayRange,
  normalizeRange,
  pickerListBounds,
  scrollMonthHeight,
  toBoardDateRange,
  trimToAllowed,
} from './date-range';
import { parseDayText } from './day-text';

// Local-time rules are only tested for real in a zone with DST; the precondition test below
// fails loudly if the zone did not take effect. Set at load time, before describe bodies
// build their dates.
vi.stubEnv('TZ', 'America/New_York');
afterAll(() => {
  vi.unstubAllEnvs();
});

const day = (year: number, month: number, date: number, hours = 0, minutes = 0): Date => new Date(year, month - 1, date, hours, minutes);
const show = (date: Date | null): string | null => (date ? format(date, 'yyyy-MM-dd HH:mm') : null);
const showRange = (range: DateRange | null) => (range ? { start: show(range.start), end: show(range.end) } : null);

function quick(ranges: readonly QuickRange[], id: QuickRangeId, today: Date) {
  const found = ranges.find((r) => r.id === id);
  if (!found) throw new Error(`no quick range ${id}`);
  return showRange(found.range(today));
}

describe('test zone', () => {
  it('runs in a zone that changes offset on 2026-03-08 and 2026-11-01', () => {
    expect(day(2026, 3, 7, 12).getTimezoneOffset()).toBe(300);
    expect(day(2026, 3, 9, 12).getTimezoneOffset()).toBe(240);
    expect(day(2026, 11, 2, 12).getTimezoneOffset()).toBe(300);
  });
});

describe('normalizeRange', () => {
  it('swaps an end picked before the start', () => {
    expect(showRange(normalizeRange({ start: day(2026, 5, 10), end: day(2026, 5, 3) }))).toEqual({
      start: '2026-05-03 00:00',
      end: '2026-05-10 00:00',
    });
  });

  it('keeps an ordered or single-day range as it is', () => {
    const ordered = { start: day(2026, 5, 3), end: day(2026, 5, 10) };
    expect(normalizeRange(ordered)).toBe(ordered);
    const single = { start: day(2026, 5, 3), end: day(2026, 5, 3) };
    expect(normalizeRange(single)).toBe(single);
  });

  it('leaves open ranges alone', () => {
    expect(showRange(normalizeRange({ start: null, end: day(2026, 1, 1) }))).toEqual({
      start: null,
      end: '2026-01-01 00:00',
    });
  });
});

describe('clampRange', () => {
  const maxDate = day(2030, 12, 31);
  const minDate = day(2000, 1, 1);

  it('pulls an end past the maximum back to the maximum', () => {
    expect(showRange(clampRange({ start: day(2030, 1, 1), end: day(2031, 1, 1) }, { maxDate }))).toEqual({
      start: '2030-01-01 00:00',
      end: '2030-12-31 00:00',
    });
  });

  it('keeps the maximum itself', () => {
    const range = { start: day(2030, 1, 1), end: day(2030, 12, 31) };
    expect(clampRange(range, { minDate, maxDate })).toBe(range);
  });

  it('keeps a start past the maximum from ending up after the end', () => {
    expect(showRange(clampRange({ start: day(2032, 1, 1), end: day(2033, 1, 1) }, { maxDate }))).toEqual({
      start: '2030-12-31 00:00',
      end: '2030-12-31 00:00',
    });
  });

  it('raises a start before the minimum', () => {
    expect(show(clampRange({ start: day(1999, 12, 31), end: null }, { minDate }).start)).toBe('2000-01-01 00:00');
  });
});

describe('trimToAllowed', () => {
  const disabledDays = new Set(['2026-05-06', '2026-05-07']);
  const isDisabled = (date: Date) => disabledDays.has(format(date, 'yyyy-MM-dd'));

  it('stops the day before the first disabled day', () => {
    expect(showRange(trimToAllowed({ start: day(2026, 5, 3), end: day(2026, 5, 10) }, isDisabled))).toEqual({
      start: '2026-05-03 00:00',
      end: '2026-05-05 00:00',
    });
  });

  it('moves a disabled start forward to the nearest allowed day', () => {
    expect(showRange(trimToAllowed({ start: day(2026, 5, 6), end: day(2026, 5, 10) }, isDisabled))).toEqual({
      start: '2026-05-08 00:00',
      end: '2026-05-10 00:00',
    });
  });

  it('returns null when every day is disabled', () => {
    expect(trimToAllowed({ start: day(2026, 5, 6), end: day(2026, 5, 7) }, isDisabled)).toBeNull();
  });

  it('keeps an allowed range with its original instants', () => {
    const range = { start: day(2026, 5, 1, 9, 30), end: day(2026, 5, 5, 18) };
    expect(showRange(trimToAllowed(range, isDisabled))).toEqual({
      start: '2026-05-01 09:30',
      end: '2026-05-05 18:00',
    });
  });

  it('orders a reversed range before trimming', () => {
    expect(showRange(trimToAllowed({ start: day(2026, 5, 10), end: day(2026, 5, 1) }, isDisabled))).toEqual({
      start: '2026-05-01 00:00',
      end: '2026-05-05 00:00',
    });
  });

  it('walks calendar days across the spring DST change', () => {
    const isMarch9 = (date: Date) => format(date, 'yyyy-MM-dd') === '2026-03-09';
    expect(showRange(trimToAllowed({ start: day(2026, 3, 6), end: day(2026, 3, 12) }, isMarch9))).toEqual({
      start: '2026-03-06 00:00',
      end: '2026-03-08 00:00',
    });
  });

  it('returns an open range unchanged', () => {
    const range = { start: day(2026, 5, 6), end: null };
    expect(trimToAllowed(range, isDisabled)).toBe(range);
  });
});

describe('toBoardDateRange', () => {
  it('spans from the start of the first day to the end of the last, in local time', () => {
    expect(toBoardDateRange({ start: day(2026, 6, 1, 15), end: day(2026, 6, 3, 8) })).toEqual({
      startDate: '2026-06-01T04:00:00.000Z',
      endDate: '2026-06-04T03:59:59.999Z',
    });
  });

  it('uses each day’s own offset on a DST change day', () => {
    // 2026-03-08 starts in EST (UTC-5) and ends in EDT (UTC-4).
    expect(toBoardDateRange({ start: day(2026, 3, 8), end: day(2026, 3, 8) })).toEqual({
      startDate: '2026-03-08T05:00:00.000Z',
      endDate: '2026-03-09T03:59:59.999Z',
    });
  });

  it('swaps a reversed range and keeps open ends open', () => {
    expect(toBoardDateRange({ start: day(2026, 6, 3), end: day(2026, 6, 1) })).toEqual({
      startDate: '2026-06-01T04:00:00.000Z',
      endDate: '2026-06-04T03:59:59.999Z',
    });
    expect(toBoardDateRange({ start: null, end: null })).toEqual({ startDate: null, endDate: null });
  });
});

describe('fromBoardDateRange', () => {
  it('reads a board range back into the picked days', () => {
    const board = toBoardDateRange({ start: day(2026, 11, 1), end: day(2026, 11, 7) });
    expect(showRange(fromBoardDateRange(board))).toEqual({ start: '2026-11-01 00:00', end: '2026-11-07 00:00' });
  });

  it('treats missing or unreadable ends as open', () => {
    expect(fromBoardDateRange({ startDate: 'not a date', endDate: null })).toEqual({ start: null, end: null });
  });
});

describe('dayCountRange', () => {
  const today = day(2026, 6, 15, 14, 45);

  it('takes at least one day', () => {
    for (const count of [1, 0, -3, Number.NaN]) {
      expect(showRange(dayCountRange('upToToday', count, today))).toEqual({
        start: '2026-06-15 00:00',
        end: '2026-06-15 00:00',
      });
    }
    expect(clampDayCount(2.9)).toBe(2);
    expect(clampDayCount(Number.POSITIVE_INFINITY)).toBe(1);
  });

  it('caps a huge count so the range stays a real date range', () => {
    expect(clampDayCount(1e12)).toBe(MAX_DAY_COUNT);
    const { start } = dayCountRange('upToToday', 1e12, today);
    expect(Number.isNaN(start.getTime())).toBe(false);
  });

  it('counts today as one of the days in both directions', () => {
    expect(showRange(dayCountRange('upToToday', 3, today))).toEqual({
      start: '2026-06-13 00:00',
      end: '2026-06-15 00:00',
    });
    expect(showRange(dayCountRange('startingToday', 3, today))).toEqual({
      start: '2026-06-15 00:00',
      end: '2026-06-17 00:00',
    });
  });

  it('includes Feb 29 in a leap year', () => {
    expect(showRange(dayCountRange('upToToday', 7, day(2028, 3, 3)))).toEqual({
      start: '2028-02-26 00:00',
      end: '2028-03-03 00:00',
    });
    expect(showRange(dayCountRange('startingToday', 2, day(2028, 2, 28)))).toEqual({
      start: '2028-02-28 00:00',
      end: '2028-02-29 00:00',
    });
  });

  it('counts calendar days, at midnight, across both DST changes', () => {
    expect(showRange(dayCountRange('upToToday', 3, day(2026, 3, 9, 1)))).toEqual({
      start: '2026-03-07 00:00',
      end: '2026-03-09 00:00',
    });
    expect(showRange(dayCountRange('startingToday', 3, day(2026, 10, 31, 23)))).toEqual({
      start: '2026-10-31 00:00',
      end: '2026-11-02 00:00',
    });
  });
});

describe('dayCountFor', () => {
  const today = day(2026, 6, 15, 9);

  it('reads back the count of a day-count range', () => {
    expect(dayCountFor(dayCountRange('upToToday', 10, today), 'upToToday', today)).toBe(10);
    expect(dayCountFor(dayCountRange('startingToday', 4, today), 'startingToday', today)).toBe(4);
  });

  it('returns null for ranges not anchored on today', () => {
    expect(dayCountFor(dayCountRange('startingToday', 4, today), 'upToToday', today)).toBeNull();
    expect(dayCountFor({ start: day(2026, 6, 1), end: null }, 'startingToday', today)).toBeNull();
  });
});

describe('picker bounds', () => {
  it('spans 100 years back and 20 years ahead, from the start of today', () => {
    const today = day(2026, 11, 22, 16, 5);
    expect(show(PICKER_MIN_DATE(today))).toBe('1926-11-22 00:00');
    expect(show(PICKER_MAX_DATE(today))).toBe('2046-11-22 00:00');
  });

  it('keeps Feb 29 where the target year is a leap year and falls back to Feb 28 otherwise', () => {
    expect(show(PICKER_MIN_DATE(day(2028, 2, 29)))).toBe('1928-02-29 00:00');
    expect(show(PICKER_MAX_DATE(day(2028, 2, 29)))).toBe('2048-02-29 00:00');
    expect(show(PICKER_MIN_DATE(day(2000, 2, 29)))).toBe('1900-02-28 00:00');
  });
});

describe('BOARD_QUICK_RANGES', () => {
  it('offers Today, Last 7 Days and Last 30 Days with catalogue labels', () => {
    expect(BOARD_QUICK_RANGES.map((r) => [r.id, r.labelKey])).toEqual([
      ['today', 'filters.today'],
      ['last7Days', 'filters.last7Days'],
      ['last30Days', 'filters.last30Days'],
    ]);
  });

  it('counts today as the last of the N days', () => {
    const today = day(2026, 6, 15, 18);
    expect(quick(BOARD_QUICK_RANGES, 'today', today)).toEqual({ start: '2026-06-15 00:00', end: '2026-06-15 00:00' });
    expect(quick(BOARD_QUICK_RANGES, 'last7Days', today)).toEqual({
      start: '2026-06-09 00:00',
      end: '2026-06-15 00:00',
    });
    expect(quick(BOARD_QUICK_RANGES, 'last30Days', today)).toEqual({
      start: '2026-05-17 00:00',
      end: '2026-06-15 00:00',
    });
  });

  it('counts Feb 29 as one of the last 30 days in a leap year only', () => {
    expect(quick(BOARD_QUICK_RANGES, 'last30Days', day(2028, 3, 1))?.start).toBe('2028-02-01 00:00');
    expect(quick(BOARD_QUICK_RANGES, 'last30Days', day(2027, 3, 1))?.start).toBe('2027-01-31 00:00');
  });
});

describe('PICKER_STATIC_RANGES', () => {
  it('offers the six generic ranges in order', () => {
    expect(PICKER_STATIC_RANGES.map((r) => r.id)).toEqual(['today', 'yesterday', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth']);
  });

  it('starts weeks on Sunday', () => {
    const wednesday = day(2026, 11, 18, 12);
    expect(quick(PICKER_STATIC_RANGES, 'thisWeek', wednesday)).toEqual({
      start: '2026-11-15 00:00',
      end: '2026-11-21 00:00',
    });
    expect(quick(PICKER_STATIC_RANGES, 'lastWeek', wednesday)).toEqual({
      start: '2026-11-08 00:00',
      end: '2026-11-14 00:00',
    });
    const sunday = day(2026, 11, 22, 0, 30);
    expect(quick(PICKER_STATIC_RANGES, 'thisWeek', sunday)?.start).toBe('2026-11-22 00:00');
    expect(quick(PICKER_STATIC_RANGES, 'lastWeek', sunday)?.start).toBe('2026-11-15 00:00');
  });

  it('keeps weeks at midnight across DST changes', () => {
    expect(quick(PICKER_STATIC_RANGES, 'thisWeek', day(2026, 3, 10))).toEqual({
      start: '2026-03-08 00:00',
      end: '2026-03-14 00:00',
    });
    expect(quick(PICKER_STATIC_RANGES, 'lastWeek', day(2026, 11, 3))).toEqual({
      start: '2026-10-25 00:00',
      end: '2026-10-31 00:00',
    });
  });

  it('handles leap-year months and yesterday across a month end', () => {
    expect(quick(PICKER_STATIC_RANGES, 'thisMonth', day(2028, 2, 10))).toEqual({
      start: '2028-02-01 00:00',
      end: '2028-02-29 00:00',
    });
    expect(quick(PICKER_STATIC_RANGES, 'lastMonth', day(2028, 3, 31))).toEqual({
      start: '2028-02-01 00:00',
      end: '2028-02-29 00:00',
    });
    expect(quick(PICKER_STATIC_RANGES, 'yesterday', day(2028, 3, 1))).toEqual({
      start: '2028-02-29 00:00',
      end: '2028-02-29 00:00',
    });
  });
});

describe('matchQuickRange', () => {
  const today = day(2026, 6, 15, 10);

  it('names a selection that equals a quick range day for day', () => {
    const selection = { start: day(2026, 6, 9, 13), end: day(2026, 6, 15, 23, 59) };
    expect(matchQuickRange(selection, BOARD_QUICK_RANGES, today)?.id).toBe('last7Days');
  });

  it('returns null for other or open selections', () => {
    expect(matchQuickRange({ start: day(2026, 6, 8), end: day(2026, 6, 15) }, BOARD_QUICK_RANGES, today)).toBeNull();
    expect(matchQuickRange({ start: day(2026, 6, 15), end: null }, BOARD_QUICK_RANGES, today)).toBeNull();
  });
});

describe('constrainRange', () => {
  const rules = { minDate: day(2000, 1, 1), maxDate: day(2030, 12, 31) };
  const disabledDays = new Set(['2026-05-06', '2026-05-07']);
  const isDisabled = (date: Date) => disabledDays.has(format(date, 'yyyy-MM-dd'));

  it('swaps, then clamps the end to the maximum', () => {
    expect(showRange(constrainRange({ start: day(2031, 6, 1), end: day(2030, 6, 1) }, rules))).toEqual({
      start: '2030-06-01 00:00',
      end: '2030-12-31 00:00',
    });
  });

  it('trims a range running into disabled days after swapping it', () => {
    expect(showRange(constrainRange({ start: day(2026, 5, 10), end: day(2026, 5, 4) }, { ...rules, isDisabled }))).toEqual({
      start: '2026-05-04 00:00',
      end: '2026-05-05 00:00',
    });
  });

  it('clamps before trimming, so a disabled maximum still leaves the allowed days before it', () => {
    const isLastDay = (date: Date) => format(date, 'yyyy-MM-dd') === '2030-12-31';
    expect(showRange(constrainRange({ start: day(2030, 12, 29), end: day(2035, 1, 1) }, { ...rules, isDisabled: isLastDay }))).toEqual({
      start: '2030-12-29 00:00',
      end: '2030-12-30 00:00',
    });
  });

  it('refuses a range with no allowed day and keeps open or empty ranges', () => {
    expect(constrainRange({ start: day(2026, 5, 6), end: day(2026, 5, 7) }, { ...rules, isDisabled })).toBeNull();
    expect(constrainRange({ start: null, end: null }, { ...rules, isDisabled })).toEqual({ start: null, end: null });
    expect(showRange(constrainRange({ start: null, end: day(2040, 1, 1) }, rules))).toEqual({ start: null, end: '2030-12-31 00:00' });
  });
});

describe('addDayToRange', () => {
  it('starts a new, open-ended range from an empty or complete selection', () => {
    expect(showRange(addDayToRange({ start: null, end: null }, day(2026, 5, 3)))).toEqual({ start: '2026-05-03 00:00', end: null });
    expect(showRange(addDayToRange({ start: day(2026, 5, 1), end: day(2026, 5, 9) }, day(2026, 5, 20)))).toEqual({
      start: '2026-05-20 00:00',
      end: null,
    });
  });

  it('completes a half-open selection, swapping a day picked before the start', () => {
    expect(showRange(addDayToRange({ start: day(2026, 5, 3), end: null }, day(2026, 5, 8)))).toEqual({
      start: '2026-05-03 00:00',
      end: '2026-05-08 00:00',
    });
    expect(showRange(addDayToRange({ start: day(2026, 5, 3), end: null }, day(2026, 4, 28)))).toEqual({
      start: '2026-04-28 00:00',
      end: '2026-05-03 00:00',
    });
    expect(showRange(addDayToRange({ start: null, end: day(2026, 5, 3) }, day(2026, 5, 1)))).toEqual({
      start: '2026-05-01 00:00',
      end: '2026-05-03 00:00',
    });
  });

  it('makes a single-day range when the start is picked again', () => {
    expect(showRange(addDayToRange({ start: day(2026, 5, 3), end: null }, day(2026, 5, 3)))).toEqual({
      start: '2026-05-03 00:00',
      end: '2026-05-03 00:00',
    });
  });
});

describe('parseDayText', () => {
  const patterns = ['MM/dd/yyyy', 'MMM d, yyyy', 'MMMM d, yyyy'];

  it('reads the board and picker display formats, with or without leading zeros', () => {
    expect(show(parseDayText('06/01/2020', patterns))).toBe('2020-06-01 00:00');
    expect(show(parseDayText('6/1/2020', patterns))).toBe('2020-06-01 00:00');
    expect(show(parseDayText('Jun 1, 2020', patterns))).toBe('2020-06-01 00:00');
    expect(show(parseDayText('  june   1,  2020 ', patterns))).toBe('2020-06-01 00:00');
  });

  it('refuses impossible days, two-digit years, trailing text and empty text', () => {
    for (const text of ['02/30/2020', '13/01/2020', '06/01/20', '06/01/2020 x', 'soon', '', '   ']) {
      expect(parseDayText(text, patterns)).toBeNull();
    }
  });

  it('only tries the patterns it is given', () => {
    expect(parseDayText('Jun 1, 2020', ['MM/dd/yyyy'])).toBeNull();
  });

  it('reads a day on a DST change as its midnight', () => {
    expect(show(parseDayText('03/08/2026', patterns))).toBe('2026-03-08 00:00');
  });
});

describe('pickerListBounds', () => {
  const today = new Date(2026, 5, 15);
  const month = (date: Date) => format(date, 'yyyy-MM');
  const bounds = (...shown: (Date | null)[]) => {
    const { startMonth, endMonth } = pickerListBounds(today, shown);
    return [month(startMonth), month(endMonth)];
  };

  it('lists ten years back to the end of next year', () => {
    expect(bounds(null, null)).toEqual(['2016-01', '2027-12']);
  });

  it('widens to a shown or selected day outside that, within the 100 / 20-year limits', () => {
    expect(bounds(new Date(1950, 2, 10))).toEqual(['1950-03', '2027-12']);
    expect(bounds(new Date(2040, 7, 1))).toEqual(['2016-01', '2040-08']);
    expect(bounds(new Date(1900, 0, 1), new Date(2099, 0, 1))).toEqual(['1926-06', '2046-06']);
  });
});

describe('scroll mode months', () => {
  it('shows whole weeks, one more when they span 34 days or fewer', () => {
    // February 2026 starts on a Sunday and has 28 days: four weeks (27 days apart), shown as five.
    expect(monthDisplayRange(day(2026, 2, 10))).toMatchObject({ weeks: 5 });
    expect(show(monthDisplayRange(day(2026, 2, 10)).start)).toBe('2026-02-01 00:00');
    expect(show(monthDisplayRange(day(2026, 2, 10)).end)).toBe('2026-03-07 00:00');
    // June 2026: Monday 1st to Tuesday 30th, five weeks (34 days apart), shown as six.
    expect(monthDisplayRange(day(2026, 6, 1))).toMatchObject({ weeks: 6 });
    expect(show(monthDisplayRange(day(2026, 6, 1)).end)).toBe('2026-07-11 00:00');
    // August 2026: Saturday 1st to Monday 31st spans six weeks (41 days apart): stays six.
    expect(monthDisplayRange(day(2026, 8, 1))).toMatchObject({ weeks: 6 });
    expect(show(monthDisplayRange(day(2026, 8, 31)).start)).toBe('2026-07-26 00:00');
    // Across the DST change (March 2026, New York): still whole days.
    expect(monthDisplayRange(day(2026, 3, 1)).weeks).toBe(6);
  });

  it('is 220 px tall, 260 for a long (six-week) month', () => {
    expect(scrollMonthHeight(day(2026, 2, 1))).toBe(220);
    expect(scrollMonthHeight(day(2026, 6, 1))).toBe(260);
    expect(scrollMonthHeight(day(2026, 8, 1))).toBe(260);
  });
});
