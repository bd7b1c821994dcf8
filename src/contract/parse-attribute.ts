import type { AttributeType } from './tags';

/**
 * THE rule for a `number` attribute, and for every id read from a page (a route's `:leadId`, a
 * query's `?spId`): a whole number of 0 to 15 digits, spaces around it allowed (`' 0012 '` is
 * 12). Every number attribute is an id or a count, and ids go into URL paths: a sign, a decimal
 * point, an exponent, hex, an empty value or a 16th digit (beyond what a double keeps exact) make
 * it invalid — absent, and reported as `lk-error` kind `invalid-attribute`.
 *
 * One pattern for the elements, a server render and the CDN loader (which gets it with its call
 * recipes, cdn/first-call-recipes.ts: the loader imports no code the widgets share).
 */
export const WHOLE_NUMBER = /^\s*(\d{1,15})\s*$/;

/** A `number` attribute's (or an id's) value, or null when it breaks the rule above. */
export function parseWholeNumber(raw: string): number | null {
  const match = WHOLE_NUMBER.exec(raw);
  return match ? Number(match[1]) : null;
}

/** An empty value or the attribute's own name means true, as for any HTML boolean attribute ("false" is false). */
const isHtmlTrue = (attribute: string, value: string) => value === '' || value.toLowerCase() === attribute || /^[ty1-9]/i.test(value);

/**
 * An attribute's value as a prop, or `invalid` (treated as absent and reported): one parser per
 * attribute type. `string` takes any text; `number` follows `WHOLE_NUMBER`; `boolean` is an HTML
 * boolean (present means true, but a value that does not start with t, y or 1–9 — `false`, `no`,
 * `0` — is false); a list takes only its own values.
 */
export function parseAttribute(type: AttributeType, attribute: string, raw: string): { value: unknown } | 'invalid' {
  if (type === 'string') return { value: raw };
  if (type === 'boolean') return { value: isHtmlTrue(attribute, raw) };
  if (type === 'number') {
    const value = parseWholeNumber(raw);
    return value === null ? 'invalid' : { value };
  }
  return type.includes(raw) ? { value: raw } : 'invalid';
}

/**
 * THE rule for "no attribute", for a value a host gives in place of one — an element's
 * property, a `leadkit/react` prop, a server render's attributes: undefined, null and false
 * (as in React and HTML: a false boolean is no attribute). The element reads `getAttribute`,
 * whose null is the same thing.
 */
export function isAbsent(value: unknown): value is undefined | null | false {
  return value === undefined || value === null || value === false;
}

/** The text an attribute holds for a value a host gave: null when absent, '' for true (a present boolean). */
export function attributeText(value: unknown): string | null {
  return isAbsent(value) ? null : value === true ? '' : String(value);
}
