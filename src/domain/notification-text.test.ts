import { afterEach, describe, expect, it, vi } from 'vitest';
import { capText, NOTICE_BODY_MAX, NOTICE_FIELD_MAX, NOTICE_TITLE_MAX, noticeBody, noticeField, noticeTitle } from './notification-text';

/*
 * What a notification may say of free text (a lead's category, the city a customer typed), on the
 * board's page and in the host's service worker alike: one clean line per field, capped.
 */

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('a field of a notification (a category, a city)', () => {
  it('drops control characters and keeps the letters around them', () => {
    expect(noticeField('Den\u0000ver\u0007\u001B[31m\u007F\u0085\u009B')).toBe('Denver[31m');
  });

  it('drops bidi overrides, embeddings, isolates and marks: a right-to-left override cannot turn the text around', () => {
    expect(noticeField('\u202Etnuoc ruoy no lla\u202C Denver')).toBe('tnuoc ruoy no lla Denver');
    expect(noticeField('\u2066\u2067\u2068Boulder\u2069\u200E\u200F\u202A\u202B\u202D\u061C')).toBe('Boulder');
  });

  it('drops zero-width spaces, the byte-order mark and lone surrogates; keeps joiners (emoji, Persian)', () => {
    expect(noticeField('\uFEFFDen\u200Bver\u2060\uD800')).toBe('Denver');
    expect(noticeField('می\u200Cخواهم 👩\u200D🔧')).toBe('می\u200Cخواهم 👩\u200D🔧');
  });

  it('makes one line: line and paragraph breaks, tabs and runs of spaces are one space, the ends trimmed', () => {
    expect(noticeField('  Denver\n\nNew lead: $5,000 prize\r\n\u2028Call now\u2029\tnow\u000B\u000C ')).toBe('Denver New lead: $5,000 prize Call now now');
  });

  it('caps a 5,000-character city at the field cap, ending in an ellipsis', () => {
    const city = noticeField('D'.repeat(5000));
    expect(city).toHaveLength(NOTICE_FIELD_MAX);
    expect(city).toBe(`${'D'.repeat(NOTICE_FIELD_MAX - 1)}…`);
    expect(noticeField('D'.repeat(NOTICE_FIELD_MAX))).toBe('D'.repeat(NOTICE_FIELD_MAX));
  });

  it('is empty for anything but a string (an object, a number, null)', () => {
    for (const value of [{ toString: () => 'Denver' }, ['Denver'], 42, null, undefined, true]) expect(noticeField(value)).toBe('');
  });
});

describe('the cap', () => {
  it('cuts between graphemes: never half an emoji, never a letter without its accent', () => {
    const family = '👨\u200D👩\u200D👧';
    expect(capText(`${'a'.repeat(45)}${family}`, 50)).toBe(`${'a'.repeat(45)}…`);
    expect(capText(`${'a'.repeat(41)}${family}bbbbbbbbbb`, 50)).toBe(`${'a'.repeat(41)}${family}…`);
    expect(capText(`${'e'.repeat(47)}e\u0301e\u0301`, 50)).toBe(`${'e'.repeat(47)}e\u0301…`);
    expect(capText(`${'e'.repeat(48)}e\u0301x`, 50)).toBe(`${'e'.repeat(48)}…`);
  });

  it('without Intl.Segmenter it still never splits a surrogate pair', async () => {
    vi.stubGlobal('Intl', { ...Intl, Segmenter: undefined });
    vi.resetModules();
    const { capText: capWithoutSegmenter } = await import('./notification-text');
    // Code points then: an accent may part from its letter (with a segmenter it would not: 'e' × 48 and '…').
    expect(capWithoutSegmenter(`${'e'.repeat(48)}e\u0301x`, 50)).toBe(`${'e'.repeat(49)}…`);
    expect(capWithoutSegmenter(`${'a'.repeat(48)}😀😀`, 50)).toBe(`${'a'.repeat(48)}…`);
  });

  it('caps the whole title and the whole body; the body keeps one line per line', () => {
    expect(noticeTitle(`New lead: ${'x'.repeat(200)}\nsecond line`)).toHaveLength(NOTICE_TITLE_MAX);
    expect(noticeBody(['Plumbing, Denver\u2028fake · 3 min ago', 'Roofing\r\nfake'])).toBe('Plumbing, Denver fake · 3 min ago\nRoofing fake');
    const long = noticeBody(Array.from({ length: 20 }, () => 'y'.repeat(100)));
    expect(long).toHaveLength(NOTICE_BODY_MAX);
    expect(long.endsWith('…')).toBe(true);
  });
});
