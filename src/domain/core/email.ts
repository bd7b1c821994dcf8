/**
 * E-mail rule: at most 254 characters, valid (docs/architecture.md#text-limits).
 *
 * Pragmatic, not RFC 5322: the checks catch what a person mistypes and what a mail server
 * would refuse. Like the browser's own `<input type="email">` check it is ASCII only, so a
 * native email field and this rule do not contradict each other.
 * The caller trims; a value with any whitespace is invalid.
 */

/** The whole address is at most 254 characters (RFC 5321 path limit minus brackets). */
export const EMAIL_MAX_LENGTH = 254;
/**
 * RFC 5321: the local part (before the @) is at most 64 characters.
 * @internal Exported for tests.
 */
export const EMAIL_LOCAL_MAX_LENGTH = 64;
/** RFC 1035: one domain label is at most 63 characters. */
const LABEL_MAX_LENGTH = 63;

// Dot-atom: printable ASCII "atext" characters, dots only between them (no leading, trailing
// or doubled dot: those bounce).
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// A host label: letters, digits, inner hyphens.
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
// A top-level domain: letters (2 or more), or an IDN in punycode (xn--…). No numeric TLD,
// which also refuses bare IP addresses.
const TOP_LEVEL = /^(?:[A-Za-z]{2,}|xn--[A-Za-z0-9-]+)$/;

/**
 * True for a usable address: at most 254 characters, exactly one @, a local part of 1–64
 * dot-atom characters, and a domain of at least two valid labels (each 1–63 characters)
 * ending in an alphabetic top-level domain.
 */
export function isValidEmail(value: string | null | undefined): boolean {
  if (!value || value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.indexOf('@');
  if (at < 0 || value.indexOf('@', at + 1) >= 0) return false;

  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length === 0 || local.length > EMAIL_LOCAL_MAX_LENGTH || !LOCAL_PART.test(local)) return false;

  const labels = domain.split('.');
  if (labels.length < 2) return false;
  for (const label of labels) {
    if (label.length > LABEL_MAX_LENGTH || !LABEL.test(label)) return false;
  }
  return TOP_LEVEL.test(labels[labels.length - 1] ?? '');
}
