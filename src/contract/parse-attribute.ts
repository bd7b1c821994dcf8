import type { AttributeValues } from './first-screen-data';
import { HOST_ATTRIBUTES, kebab, TAGS, type AttributeType, type LeadkitTag } from './tags';

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
 * @internal Exported for tests.
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

/**
 * THE attribute reader of a tag, for the element and a server render alike: which attributes it
 * understands (its own and those every tag does, contract/tags.ts) and what each one's text is as
 * a prop (`sp-id="1001"` → `spId: 1001`), by the rules above.
 */
interface AttributeReader {
  /** Every attribute the tag understands, camelCase prop → type. */
  readonly types: Readonly<Record<string, AttributeType>>;
  /** `sp-id` → `spId`; undefined for an attribute that is not the tag's (`id`, `class`, `aria-*`…). */
  propOf(attribute: string): string | undefined;
  /** An attribute's text as its prop: null for an attribute that is not the tag's; `value: undefined` when invalid (absent, and reported). */
  read(attribute: string, raw: string): { readonly name: string; readonly value?: unknown; readonly invalid?: true } | null;
  /** Attribute values as a host writes them (`{ 'sp-id': 1001 }`, false/null/undefined: absent) as the props an element would read from them. */
  props(values: AttributeValues | undefined): Record<string, unknown>;
}

const readers = new Map<LeadkitTag, AttributeReader>();

export function attributeReader(tag: LeadkitTag): AttributeReader {
  const known = readers.get(tag);
  if (known) return known;
  const types: Readonly<Record<string, AttributeType>> = { ...HOST_ATTRIBUTES, ...(TAGS[tag].attributes as Readonly<Record<string, AttributeType>>) };
  const propOf = new Map(Object.keys(types).map((name) => [kebab(name), name]));
  const reader: AttributeReader = {
    types,
    propOf: (attribute) => propOf.get(attribute.toLowerCase()),
    read(attribute, raw) {
      const name = reader.propOf(attribute);
      if (!name) return null;
      const parsed = parseAttribute(types[name] as AttributeType, attribute, raw);
      return parsed === 'invalid' ? { name, invalid: true } : { name, value: parsed.value };
    },
    props(values) {
      const props: Record<string, unknown> = {};
      for (const [attribute, value] of Object.entries(values ?? {})) {
        const raw = attributeText(value);
        const read = raw === null ? null : reader.read(attribute, raw);
        if (read && !read.invalid) props[read.name] = read.value;
      }
      return props;
    },
  };
  readers.set(tag, reader);
  return reader;
}
