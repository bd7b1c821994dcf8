import { describe, expect, it } from 'vitest';
import { readId } from '../src/cdn/first-calls-start';
import { attributeText, isAbsent, parseAttribute, parseWholeNumber, WHOLE_NUMBER } from '../src/contract/parse-attribute';

/** Number attribute values and what every reader makes of them (null: absent and reported). */
const NUMBER_CASES: readonly [raw: string, value: number | null][] = [
  ['1001', 1001],
  ['0', 0],
  [' 0012 ', 12],
  ['\t7\n', 7],
  ['999999999999999', 999_999_999_999_999],
  ['1000000000000000', null], // a 16th digit: beyond what a double keeps exact
  ['', null],
  ['   ', null],
  ['abc', null],
  ['12abc', null],
  ['-1', null],
  ['+1', null],
  ['1.5', null],
  ['1.', null],
  ['1e3', null],
  ['0x10', null],
  ['1 2', null],
  ['Infinity', null],
  ['NaN', null],
];

describe('the number rule (one for elements, server renders and the CDN loader)', () => {
  it.each(NUMBER_CASES)('%j → %j', (raw, value) => {
    expect(parseWholeNumber(raw)).toBe(value);
    expect(parseAttribute('number', 'sp-id', raw)).toEqual(value === null ? 'invalid' : { value });
    // The loader reads ids with the pattern its recipes carry (WHOLE_NUMBER.source), as text.
    expect(readId(WHOLE_NUMBER.source, raw)).toBe(value === null ? null : String(value));
  });

  it('gives the loader nothing for a missing attribute', () => {
    expect(readId(WHOLE_NUMBER.source, null)).toBeNull();
    expect(readId(WHOLE_NUMBER.source, undefined)).toBeNull();
  });
});

describe('the other attribute types', () => {
  it('takes any text for a string', () => {
    expect(parseAttribute('string', 'referrer', '')).toEqual({ value: '' });
    expect(parseAttribute('string', 'referrer', ' a b ')).toEqual({ value: ' a b ' });
  });

  it('reads a boolean as HTML does, with the usual words for false', () => {
    for (const raw of ['', 'archived', 'ARCHIVED', 'true', 'yes', '1', '2']) expect(parseAttribute('boolean', 'archived', raw), raw).toEqual({ value: true });
    for (const raw of ['false', 'no', '0', 'off']) expect(parseAttribute('boolean', 'archived', raw), raw).toEqual({ value: false });
  });

  it("takes only a list's own values, exactly", () => {
    expect(parseAttribute(['v2', 'v1'], 'api-version', 'v1')).toEqual({ value: 'v1' });
    for (const raw of ['v3', 'V1', ' v1', '']) expect(parseAttribute(['v2', 'v1'], 'api-version', raw), raw).toBe('invalid');
  });
});

describe('a value a host gives for an attribute (a property, a React prop, a server render): one isAbsent', () => {
  it('takes undefined, null and false as no attribute, anything else as present', () => {
    for (const value of [undefined, null, false]) {
      expect(isAbsent(value)).toBe(true);
      expect(attributeText(value)).toBeNull();
    }
    for (const value of ['', '0', 0, 'false', true, 1001]) expect(isAbsent(value)).toBe(false);
  });

  it('gives the text the attribute holds: true is a present boolean, a number its digits', () => {
    expect(attributeText(true)).toBe('');
    expect(attributeText(1001)).toBe('1001');
    expect(attributeText(' 7 ')).toBe(' 7 ');
    expect(parseAttribute('boolean', 'archived', attributeText(true)!)).toEqual({ value: true });
    expect(parseAttribute('number', 'sp-id', attributeText(1001)!)).toEqual({ value: 1001 });
  });
});
