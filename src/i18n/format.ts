/**
 * Date and money formatters (en-US), on date-fns. Every function takes a Date or an ISO 8601
 * string and formats in the viewer's local time zone (the gateway sends instants; a provider
 * reads them on their own clock). An ISO string without an offset ('2020-06-01T15:00:00') or a
 * date-only string ('2020-06-01') is read as local time — date-fns `parseISO`, unlike
 * `new Date('2020-06-01')`, which would read UTC midnight and show the day before in the US.
 *
 * A missing or unparseable date formats as '' rather than throwing inside a render.
 */
import { format, isValid, parseISO } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';

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

function formatWith(input: DateInput | null | undefined, pattern: string): string {
  const date = toDate(input);
  return date ? format(date, pattern, { locale: enUS }) : '';
}

/** §2 message bubble: 'Monday, June 1, 2020 3:00 PM'. */
export function formatMessageTimestamp(input: DateInput | null | undefined): string {
  return formatWith(input, MESSAGE_TIMESTAMP_FORMAT);
}

/** §9 board dates (filter tags, quick ranges): '06/01/2020'. */
export function formatBoardDate(input: DateInput | null | undefined): string {
  return formatWith(input, BOARD_DATE_FORMAT);
}

/** §9 date-picker inputs: 'Jun 1, 2020'. */
export function formatPickerDate(input: DateInput | null | undefined): string {
  return formatWith(input, PICKER_DATE_FORMAT);
}

/** §2 lead card header, created date and time: '06/01/2020 3:00 PM'. */
export function formatLeadCreated(input: DateInput | null | undefined): string {
  return formatWith(input, LEAD_CREATED_FORMAT);
}

/** §2 tooltip with the full date on the card header: 'Monday, June 1, 2020 3:00 PM'. */
export function formatFullDate(input: DateInput | null | undefined): string {
  return formatWith(input, MESSAGE_TIMESTAMP_FORMAT);
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
