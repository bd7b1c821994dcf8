/**
 * Date and money formatters (en-US), on date-fns. Every function takes a Date or an ISO 8601
 * string and formats in the viewer's local time zone (the gateway sends instants; a provider
 * reads them on their own clock). An ISO string without an offset ('2020-06-01T15:00:00') or a
 * date-only string ('2020-06-01') is read as local time — date-fns `parseISO`, unlike
 * `new Date('2020-06-01')`, which would read UTC midnight and show the day before in the US.
 *
 * A missing or unparseable date formats as '' rather than throwing inside a render.
 */
import { isValid, parseISO } from 'date-fns';

export type DateInput = Date | string;

/** 'Monday, June 1, 2020 3:00 PM' (§2 message timestamp). */
export const MESSAGE_TIMESTAMP_FORMAT = 'EEEE, MMMM d, yyyy h:mm a';
/** '06/01/2020' (§9 board display MM/DD/YYYY). */
export const BOARD_DATE_FORMAT = 'MM/dd/yyyy';
/** 'Jun 1, 2020' (§9 date picker "MMM d, yyyy"). */
export const PICKER_DATE_FORMAT = 'MMM d, yyyy';
/** '06/01/2020 3:00 PM' (§2 lead card header: created date and time; our choice). */
export const LEAD_CREATED_FORMAT = 'MM/dd/yyyy h:mm a';

export function toDate(input: DateInput | null | undefined): Date | null {
  if (input == null || input === '') return null;
  const date = typeof input === 'string' ? parseISO(input) : input;
  return isValid(date) ? date : null;
}

/*
 * The widgets' eager formatters use Intl (built into the browser) rather than date-fns `format`
 * and its locale data, which would cost every widget's first load ~7 kB gzip. The parts are
 * reassembled by hand so the output is exactly the spec's, whatever the ICU version puts
 * between them (newer ones write "at" and narrow spaces). The date picker, loaded lazily,
 * formats its own patterns with date-fns.
 */
// Options, not formatters: a formatter fixes the time zone when it is made, and the viewer's
// zone (or a test's) is the one to use at format time.
const LONG: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
};
const NUMERIC: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
};
const SHORT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

function partsOf(options: Intl.DateTimeFormatOptions, input: DateInput | null | undefined): Parts | null {
  const date = toDate(input);
  if (!date) return null;
  const parts: Parts = {};
  for (const part of new Intl.DateTimeFormat('en-US', options).formatToParts(date)) parts[part.type] = part.value;
  // yyyy: years before 1000 keep four digits, as date-fns would print them.
  if (parts.year) parts.year = parts.year.padStart(4, '0');
  return parts;
}

const time = (p: Parts) => `${p.hour}:${p.minute} ${p.dayPeriod?.toUpperCase()}`;

/** §2 message bubble: 'Monday, June 1, 2020 3:00 PM'. */
export function formatMessageTimestamp(input: DateInput | null | undefined): string {
  const p = partsOf(LONG, input);
  return p ? `${p.weekday}, ${p.month} ${p.day}, ${p.year} ${time(p)}` : '';
}

/** §9 board dates (filter tags, quick ranges): '06/01/2020'. */
export function formatBoardDate(input: DateInput | null | undefined): string {
  const p = partsOf(NUMERIC, input);
  return p ? `${p.month}/${p.day}/${p.year}` : '';
}

/** §9 date-picker inputs: 'Jun 1, 2020'. */
export function formatPickerDate(input: DateInput | null | undefined): string {
  const p = partsOf(SHORT, input);
  return p ? `${p.month} ${p.day}, ${p.year}` : '';
}

/** §2 lead card header, created date and time: '06/01/2020 3:00 PM'. */
export function formatLeadCreated(input: DateInput | null | undefined): string {
  const p = partsOf(NUMERIC, input);
  return p ? `${p.month}/${p.day}/${p.year} ${time(p)}` : '';
}

/** §2 tooltip with the full date on the card header: 'Monday, June 1, 2020 3:00 PM'. */
export function formatFullDate(input: DateInput | null | undefined): string {
  return formatMessageTimestamp(input);
}

const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const DOLLARS_AND_CENTS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * A price in dollars (the §3 dealInfo.price and the §1 "$7-75" are dollar amounts):
 * whole amounts without cents ('$75', '$1,250'), others with two decimals ('$7.50').
 * A non-finite value formats as ''.
 */
export function formatPrice(dollars: number | null | undefined): string {
  if (dollars == null || !Number.isFinite(dollars)) return '';
  // Round to cents first so 74.999 shows '$75' rather than '$75.00'.
  const cents = Math.round(dollars * 100);
  return cents % 100 === 0 ? WHOLE_DOLLARS.format(cents / 100) : DOLLARS_AND_CENTS.format(cents / 100);
}
