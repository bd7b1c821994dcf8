/**
 * Phone rules (docs/architecture.md#phone-numbers).
 *
 * Canonical form everywhere in leadkit: a string of exactly 10 digits (North American number
 * without the country code). Display, tel links and input masks are derived from it.
 */
/** A phone number has 10 digits. */
export const PHONE_DIGITS = 10;

/** Every character that is not an ASCII digit removed. */
export function digitsOnly(raw: string | null | undefined): string {
  return (raw ?? '').replace(/\D/g, '');
}

/**
 * Phone normalisation: 10 digits are kept; 11 digits with a leading 1 (country code)
 * give the last 10; anything else gives ''. Punctuation and spaces are ignored.
 */
export function normalizePhone(raw: string | null | undefined): string {
  const digits = digitsOnly(raw);
  if (digits.length === PHONE_DIGITS) return digits;
  if (digits.length === PHONE_DIGITS + 1 && digits.startsWith('1')) return digits.slice(1);
  return '';
}

/**
 * A phone typed by a person is valid when it normalises to 10 digits and holds nothing but
 * digits and phone punctuation (spaces, parentheses, dots, dashes, a plus). Letters are
 * refused rather than dropped, so "555-555-5555 x12" or a vanity number is never silently
 * turned into a different number.
 */
export function isValidPhone(raw: string | null | undefined): boolean {
  const value = (raw ?? '').trim();
  if (!/^[\d\s().+-]*$/.test(value)) return false;
  return normalizePhone(value) !== '';
}

/** A masked (temporary) phone never prefills a form; otherwise the normalised number. */
export function prefillPhone(phone: string | null | undefined, isMaskedPhone: boolean | null | undefined): string {
  if (isMaskedPhone) return '';
  return normalizePhone(phone);
}

/** (555) 555-5555 progressively, from at most 10 digits; no trailing separators. */
function formatDigits(digits: string): string {
  if (digits.length === 0) return '';
  const area = digits.slice(0, 3);
  const prefix = digits.slice(3, 6);
  const line = digits.slice(6, 10);
  if (digits.length <= 3) return `(${area}`;
  if (digits.length <= 6) return `(${area}) ${prefix}`;
  return `(${area}) ${prefix}-${line}`;
}

/**
 * The connect-number phone field ("formatted (555) 555-5555, digits only, at most 10").
 * Call with the input's raw value on every change and write the result back.
 *
 * Decisions:
 * - Progressive: '5' → '(5', '555' → '(555', '5555' → '(555) 5', '555555' → '(555) 555',
 *   '5555555' → '(555) 555-5', ten digits → '(555) 555-5555'.
 * - A separator is only written once a digit follows it, so Backspace always removes a digit
 *   (a mask that appends ') ' or '-' eagerly re-adds what the user just deleted).
 * - Digits beyond the tenth are dropped.
 * - A pasted number that starts with the country code '+1' loses the country code first, so
 *   pasting '+1 555 555 5555' gives '(555) 555-5555' rather than '(155) 555-5555'.
 */
export function formatPhoneInput(raw: string): string {
  const trimmed = raw.trimStart();
  const withoutCountry = trimmed.startsWith('+1') ? trimmed.slice(2) : trimmed;
  return formatDigits(digitsOnly(withoutCountry).slice(0, PHONE_DIGITS));
}

/**
 * A stored phone for reading: '(555) 555-5555' when it normalises to 10 digits; otherwise the
 * value as given (trimmed), so an unusual number is still shown rather than hidden.
 */
export function formatPhoneDisplay(phone: string | null | undefined): string {
  const digits = normalizePhone(phone);
  return digits ? formatDigits(digits) : (phone ?? '').trim();
}

/**
 * Lead card: the phone as a tel link with the +1 prefix: 'tel:+15555555555'. Returns null
 * when the value does not normalise to 10 digits, so no broken link is ever rendered.
 */
export function telHref(phone: string | null | undefined): string | null {
  const digits = normalizePhone(phone);
  return digits ? `tel:+1${digits}` : null;
}
