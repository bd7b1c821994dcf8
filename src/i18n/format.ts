/**
 * Date and money formatters (en-US), without Intl (see below why). Every function takes a
 * Date or an ISO 8601 string and formats in the viewer's local time zone (the gateway sends instants; a provider
 * reads them on their own clock). An ISO string without an offset ('2020-06-01T15:00:00') or a
 * date-only string ('2020-06-01') is read as local time — as date-fns `parseISO` does, unlike
 * `new Date('2020-06-01')`, which would read UTC midnight and show the day before in the US.
 *
 * A missing or unparseable date formats as '' rather than throwing inside a render.
 */

import type { Locale } from 'date-fns';

export type DateInput = Date | string;

/** '06/01/2020' (board dates, docs/architecture.md#dates). */
export const BOARD_DATE_FORMAT = 'MM/dd/yyyy';
/** 'Jun 1, 2020' (date-picker inputs, docs/architecture.md#dates). */
export const PICKER_DATE_FORMAT = 'MMM d, yyyy';

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Reads an ISO 8601 date or date-time like date-fns `parseISO` (without its weight in every
 * first load): with an offset or Z it is that instant; without one, local time; a date alone
 * is the local day. Anything else, or a day that does not exist (2021-02-29), is null.
 */
function parseIso(text: string): Date | null {
  const match = ISO.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', ms = '0', zone] = match;
  const parts = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(ms.padEnd(3, '0'))] as const;
  let date: Date;
  if (zone) {
    const offset = zone.toUpperCase() === 'Z' ? 0 : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
    date = new Date(Date.UTC(...parts) - offset * 60_000);
    const check = new Date(Date.UTC(...parts));
    if (check.getUTCMonth() !== parts[1] || check.getUTCDate() !== parts[2]) return null;
  } else {
    date = new Date(...parts);
    if (date.getMonth() !== parts[1] || date.getDate() !== parts[2]) return null;
  }
  return Number.isNaN(date.getTime()) || parts[3] > 24 || parts[4] > 59 || parts[5] > 59 ? null : date;
}

export function toDate(input: DateInput | null | undefined): Date | null {
  if (input == null || input === '') return null;
  if (typeof input === 'string') return parseIso(input);
  return Number.isNaN(input.getTime()) ? null : input;
}

/*
 * en-US names, written out: the widgets format with the Date's own getters rather than Intl or
 * date-fns. The first Intl formatter a page makes loads the locale's ICU data — about 140 ms of
 * main thread on a phone (Chromium at 4x CPU), on the way to the first lead card — and date-fns
 * `format` with its locale data would add ~7 kB gzip to every first load. The getters read the
 * viewer's zone at format time (a test may change it). The date picker, loaded lazily, formats
 * its own patterns with date-fns; another locale would bring its own names (Intl or date-fns).
 */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

const two = (n: number) => String(n).padStart(2, '0');
// yyyy: years before 1000 keep four digits, as date-fns prints them.
const year = (date: Date) => String(date.getFullYear()).padStart(4, '0');
/** 'h:mm a': '3:00 PM', '12:05 AM'. */
const time = (date: Date) => `${date.getHours() % 12 || 12}:${two(date.getMinutes())} ${date.getHours() < 12 ? 'AM' : 'PM'}`;
/** 'MM/dd/yyyy'. */
const numericDay = (date: Date) => `${two(date.getMonth() + 1)}/${two(date.getDate())}/${year(date)}`;

/**
 * Message bubble: 'Monday, June 1, 2020 3:00 PM'.
 * @internal Exported for tests.
 */
export function formatMessageTimestamp(input: DateInput | null | undefined): string {
  const date = toDate(input);
  return date ? `${WEEKDAYS[date.getDay()]}, ${MONTHS[date.getMonth()]} ${date.getDate()}, ${year(date)} ${time(date)}` : '';
}

/**
 * Each message's own time beside its bubble: '3:00 PM' — the message timestamp
 * without its day, which the day separator above says (the full timestamp stays with the bubble
 * for screen readers and under each group).
 * @internal Exported for tests.
 */
export function formatMessageTime(input: DateInput | null | undefined): string {
  const date = toDate(input);
  return date ? time(date) : '';
}

/**
 * The thread's day separators, a day older than yesterday: 'Monday, June 1, 2020' —
 * the message timestamp without its time. (Today and Yesterday are catalogue texts.)
 * @internal Exported for tests.
 */
export function formatMessageDay(input: DateInput | null | undefined): string {
  const date = toDate(input);
  return date ? `${WEEKDAYS[date.getDay()]}, ${MONTHS[date.getMonth()]} ${date.getDate()}, ${year(date)}` : '';
}

/** Board dates (filter tags, quick ranges): '06/01/2020'. */
export function formatBoardDate(input: DateInput | null | undefined): string {
  const date = toDate(input);
  return date ? numericDay(date) : '';
}

/** Date-picker inputs: 'Jun 1, 2020'. */
export function formatPickerDate(input: DateInput | null | undefined): string {
  const date = toDate(input);
  return date ? `${MONTHS[date.getMonth()]!.slice(0, 3)} ${date.getDate()}, ${year(date)}` : '';
}

/**
 * Lead card header, created date and time: '06/01/2020 3:00 PM'.
 * @internal Exported for tests.
 */
export function formatLeadCreated(input: DateInput | null | undefined): string {
  const date = toDate(input);
  return date ? `${numericDay(date)} ${time(date)}` : '';
}

/**
 * Tooltip with the full date on the card header: 'Monday, June 1, 2020 3:00 PM'.
 * @internal Exported for tests.
 */
export function formatFullDate(input: DateInput | null | undefined): string {
  return formatMessageTimestamp(input);
}

/** '1,250' (en-US digit groups). */
const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * A price in dollars (a lead's dealInfo.price and the spec's "$7-75" are dollar amounts):
 * whole amounts without cents ('$75', '$1,250'), others with two decimals ('$7.50').
 * A non-finite value formats as ''.
 * @internal Exported for tests.
 */
export function formatPrice(dollars: number | null | undefined): string {
  if (dollars == null || !Number.isFinite(dollars)) return '';
  // Round to cents first so 74.999 shows '$75' rather than '$75.00'.
  const cents = Math.round(dollars * 100);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = `${sign}$${grouped(Math.floor(abs / 100))}`;
  return abs % 100 === 0 ? whole : `${whole}.${two(abs % 100)}`;
}

/**
 * A locale's formatters: what the widgets show dates and money with (`useRuntime().format`).
 * en-US is the functions above (no Intl, no date-fns in a first load); another locale's come
 * with its catalogue chunk (i18n/es-US.ts: date-fns with its locale, Intl for money).
 */
/**
 * How the date-range picker (lazy) shows and reads dates in a locale other than en-US: date-fns
 * patterns and its locale (the calendar's month and weekday names, typed month names).
 */
export interface PickerDates {
  readonly locale: Locale;
  /** The board variant's display pattern ('dd/MM/yyyy'). */
  readonly boardPattern: string;
  /** The generic variant's display pattern ('d MMM yyyy'). */
  readonly pickerPattern: string;
  /** Each day button's name, the visible day as a word of it ("lunes, 15 de junio de 2026"). */
  readonly dayLabelPattern: string;
}

export interface LocaleFormats {
  /** Message bubble: 'Monday, June 1, 2020 3:00 PM'. */
  readonly messageTimestamp: (input: DateInput | null | undefined) => string;
  /** Each message's time beside its bubble: '3:00 PM'. */
  readonly messageTime: (input: DateInput | null | undefined) => string;
  /** The thread's day separators: 'Monday, June 1, 2020'. */
  readonly messageDay: (input: DateInput | null | undefined) => string;
  /** Board dates: '06/01/2020'. */
  readonly boardDate: (input: DateInput | null | undefined) => string;
  /** Date-picker inputs: 'Jun 1, 2020'. */
  readonly pickerDate: (input: DateInput | null | undefined) => string;
  /** Lead card header: '06/01/2020 3:00 PM'. */
  readonly leadCreated: (input: DateInput | null | undefined) => string;
  /** The card header's tooltip: 'Monday, June 1, 2020 3:00 PM'. */
  readonly fullDate: (input: DateInput | null | undefined) => string;
  /** A dollar amount: '$75', '$7.50'. */
  readonly price: (dollars: number | null | undefined) => string;
  /** The date picker's patterns and date-fns locale; absent for en-US (the picker's own). */
  readonly pickerDates?: PickerDates;
}

export const EN_US_FORMATS: LocaleFormats = {
  messageTimestamp: formatMessageTimestamp,
  messageTime: formatMessageTime,
  messageDay: formatMessageDay,
  boardDate: formatBoardDate,
  pickerDate: formatPickerDate,
  leadCreated: formatLeadCreated,
  fullDate: formatFullDate,
  price: formatPrice,
};
