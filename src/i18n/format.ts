/**
 * Date and money formatters (en-US), on Intl. Every function takes a Date or an ISO 8601
 * string and formats in the viewer's local time zone (the gateway sends instants; a provider
 * reads them on their own clock). An ISO string without an offset ('2020-06-01T15:00:00') or a
 * date-only string ('2020-06-01') is read as local time — as date-fns `parseISO` does, unlike
 * `new Date('2020-06-01')`, which would read UTC midnight and show the day before in the US.
 *
 * A missing or unparseable date formats as '' rather than throwing inside a render.
 */

export type DateInput = Date | string;

/** 'Monday, June 1, 2020 3:00 PM' (§2 message timestamp). */
export const MESSAGE_TIMESTAMP_FORMAT = 'EEEE, MMMM d, yyyy h:mm a';
/** '06/01/2020' (§9 board display MM/DD/YYYY). */
export const BOARD_DATE_FORMAT = 'MM/dd/yyyy';
/** 'Jun 1, 2020' (§9 date picker "MMM d, yyyy"). */
export const PICKER_DATE_FORMAT = 'MMM d, yyyy';
/** '06/01/2020 3:00 PM' (§2 lead card header: created date and time; our choice). */
export const LEAD_CREATED_FORMAT = 'MM/dd/yyyy h:mm a';

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

/**
 * Making an Intl.DateTimeFormat costs far more than using one (a board render formats every
 * card's date): one per options object, made again only when the time zone changed (the
 * offsets of January and July tell; a page cannot change its zone, a test can).
 */
const formatters = new Map<Intl.DateTimeFormatOptions, { zone: string; format: Intl.DateTimeFormat }>();
function formatterFor(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const zone = `${new Date(2020, 0, 1).getTimezoneOffset()}/${new Date(2020, 6, 1).getTimezoneOffset()}`;
  const cached = formatters.get(options);
  if (cached?.zone === zone) return cached.format;
  const format = new Intl.DateTimeFormat('en-US', options);
  formatters.set(options, { zone, format });
  return format;
}

function partsOf(options: Intl.DateTimeFormatOptions, input: DateInput | null | undefined): Parts | null {
  const date = toDate(input);
  if (!date) return null;
  const parts: Parts = {};
  for (const part of formatterFor(options).formatToParts(date)) parts[part.type] = part.value;
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
