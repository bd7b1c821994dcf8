import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  formatBoardDate,
  formatFullDate,
  formatLeadCreated,
  formatMessageDay,
  formatMessageTime,
  formatMessageTimestamp,
  formatPickerDate,
  formatPrice,
  toDate,
} from './format';

// Local times, so the tests hold in any time zone.
const june1At3pm = new Date(2020, 5, 1, 15, 0);
const jan9At9am = new Date(2021, 0, 9, 9, 5);
const midnight = new Date(2020, 11, 31, 0, 0);

describe('formatMessageTimestamp', () => {
  it('formats like the spec example', () => {
    expect(formatMessageTimestamp(june1At3pm)).toBe('Monday, June 1, 2020 3:00 PM');
  });
  it('uses AM, no leading zero on the hour, padded minutes', () => {
    expect(formatMessageTimestamp(jan9At9am)).toBe('Saturday, January 9, 2021 9:05 AM');
    expect(formatMessageTimestamp(midnight)).toBe('Thursday, December 31, 2020 12:00 AM');
  });
  it('accepts an ISO string without offset as local time', () => {
    expect(formatMessageTimestamp('2020-06-01T15:00:00')).toBe('Monday, June 1, 2020 3:00 PM');
  });
  it('accepts an ISO instant', () => {
    const iso = june1At3pm.toISOString(); // UTC form of the same instant
    expect(iso.endsWith('Z')).toBe(true);
    expect(formatMessageTimestamp(iso)).toBe('Monday, June 1, 2020 3:00 PM');
  });
});

describe('formatMessageTime (each message’s time beside its bubble)', () => {
  it('is the message timestamp’s time without its day', () => {
    expect(formatMessageTime(june1At3pm)).toBe('3:00 PM');
    expect(formatMessageTime(jan9At9am)).toBe('9:05 AM');
    expect(formatMessageTime(midnight)).toBe('12:00 AM');
    expect(formatMessageTimestamp(jan9At9am).endsWith(` ${formatMessageTime(jan9At9am)}`)).toBe(true);
    expect(formatMessageTime('not a date')).toBe('');
  });
});

describe('formatMessageDay (the thread’s day separators)', () => {
  it('is the message timestamp’s date without its time', () => {
    expect(formatMessageDay(june1At3pm)).toBe('Monday, June 1, 2020');
    expect(formatMessageDay(midnight)).toBe('Thursday, December 31, 2020');
    expect(formatMessageTimestamp(june1At3pm).startsWith(formatMessageDay(june1At3pm))).toBe(true);
  });
  it('formats nothing for a missing or unreadable date', () => {
    expect(formatMessageDay(null)).toBe('');
    expect(formatMessageDay('not a date')).toBe('');
  });
});

describe('formatBoardDate (MM/DD/YYYY)', () => {
  it('pads month and day', () => {
    expect(formatBoardDate(june1At3pm)).toBe('06/01/2020');
    expect(formatBoardDate(midnight)).toBe('12/31/2020');
  });
  it('reads a date-only string as a local day, not UTC midnight', () => {
    expect(formatBoardDate('2020-06-01')).toBe('06/01/2020');
  });
});

describe('west of UTC (America/New_York)', () => {
  // Node re-reads process.env.TZ on assignment; the difference between local and UTC parsing
  // only shows in a zone with an offset.
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env.TZ;
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });

  it('runs in that zone', () => {
    expect(new Date(Date.UTC(2020, 5, 1, 19, 0)).getHours()).toBe(15);
  });
  it('reads a date-only string as that local day', () => {
    expect(formatBoardDate('2020-06-01')).toBe('06/01/2020');
    expect(formatPickerDate('2020-06-01')).toBe('Jun 1, 2020');
  });
  it('shows an ISO instant in local time', () => {
    expect(formatMessageTimestamp('2020-06-01T19:00:00Z')).toBe('Monday, June 1, 2020 3:00 PM');
  });
});

describe('formatPickerDate (MMM d, yyyy)', () => {
  it('formats like Jun 1, 2020', () => {
    expect(formatPickerDate(june1At3pm)).toBe('Jun 1, 2020');
    expect(formatPickerDate(midnight)).toBe('Dec 31, 2020');
  });
});

describe('lead card header', () => {
  it('shows created date and time', () => {
    expect(formatLeadCreated(june1At3pm)).toBe('06/01/2020 3:00 PM');
    expect(formatLeadCreated(jan9At9am)).toBe('01/09/2021 9:05 AM');
  });
  it('has the full date for the tooltip', () => {
    expect(formatFullDate(june1At3pm)).toBe('Monday, June 1, 2020 3:00 PM');
  });
});

describe('the 12-hour clock and short years', () => {
  it('writes noon as 12 PM and keeps four year digits', () => {
    expect(formatLeadCreated(new Date(2020, 5, 1, 12, 30))).toBe('06/01/2020 12:30 PM');
    expect(formatLeadCreated(new Date(2020, 5, 1, 23, 59))).toBe('06/01/2020 11:59 PM');
    const early = new Date(2020, 0, 2);
    early.setFullYear(999);
    expect(formatBoardDate(early)).toBe('01/02/0999');
  });
});

describe('without Intl', () => {
  // A page's first Intl formatter loads ICU locale data (~140 ms at 4x CPU) on the way to the
  // first lead card: the en-US formatters never make one.
  afterEach(() => vi.restoreAllMocks());
  it('formats dates and prices without making an Intl formatter', () => {
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    const locale = vi.spyOn(Date.prototype, 'toLocaleString');
    formatMessageTimestamp(june1At3pm);
    formatLeadCreated(june1At3pm);
    formatPickerDate(june1At3pm);
    formatPrice(1250.5);
    expect([dates.mock.calls.length, numbers.mock.calls.length, locale.mock.calls.length]).toEqual([0, 0, 0]);
  });
});

describe('invalid dates', () => {
  it('format as empty instead of throwing', () => {
    for (const input of ['', 'not a date', new Date(Number.NaN), null, undefined]) {
      expect(formatMessageTimestamp(input)).toBe('');
      expect(formatBoardDate(input)).toBe('');
      expect(formatPickerDate(input)).toBe('');
      expect(formatLeadCreated(input)).toBe('');
      expect(formatFullDate(input)).toBe('');
    }
    expect(toDate('2020-13-45')).toBeNull();
  });
});

describe('formatPrice (dollars)', () => {
  it('shows whole dollars without cents', () => {
    expect(formatPrice(75)).toBe('$75');
    expect(formatPrice(7)).toBe('$7');
    expect(formatPrice(0)).toBe('$0');
    expect(formatPrice(1250)).toBe('$1,250');
  });
  it('shows cents when there are any', () => {
    expect(formatPrice(7.5)).toBe('$7.50');
    expect(formatPrice(19.99)).toBe('$19.99');
  });
  it('rounds to cents first', () => {
    expect(formatPrice(74.999)).toBe('$75');
    expect(formatPrice(7.499)).toBe('$7.50');
  });
  it('groups thousands and keeps the sign before the dollar sign', () => {
    expect(formatPrice(1234567.89)).toBe('$1,234,567.89');
    expect(formatPrice(100000)).toBe('$100,000');
    expect(formatPrice(-7.5)).toBe('-$7.50');
    expect(formatPrice(-0.001)).toBe('$0');
  });
  it('formats missing or non-finite values as empty', () => {
    expect(formatPrice(Number.NaN)).toBe('');
    expect(formatPrice(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatPrice(null)).toBe('');
    expect(formatPrice(undefined)).toBe('');
  });
});

describe('toDate (ISO 8601 like date-fns parseISO)', () => {
  it('reads an instant with Z or an offset as that instant', () => {
    expect(toDate('2020-06-01T19:00:00Z')?.toISOString()).toBe('2020-06-01T19:00:00.000Z');
    expect(toDate('2020-06-01T15:00:00-04:00')?.toISOString()).toBe('2020-06-01T19:00:00.000Z');
    expect(toDate('2020-06-01T19:00:00.123+0000')?.toISOString()).toBe('2020-06-01T19:00:00.123Z');
  });

  it('reads a date or date-time without an offset as local time', () => {
    const day = toDate('2020-06-01');
    expect([day?.getFullYear(), day?.getMonth(), day?.getDate(), day?.getHours()]).toEqual([2020, 5, 1, 0]);
    expect(toDate('2020-06-01T15:30')?.getHours()).toBe(15);
  });

  it('refuses days that do not exist and text that is not ISO', () => {
    expect(toDate('2021-02-29')).toBeNull();
    expect(toDate('2021-13-01')).toBeNull();
    expect(toDate('06/01/2020')).toBeNull();
    expect(toDate('2020-06-01T25:00:00Z')).toBeNull();
    expect(toDate(new Date(Number.NaN))).toBeNull();
  });
});
