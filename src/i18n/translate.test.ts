import { describe, expect, it } from 'vitest';
import { enUS, leadPageMessages } from './en-US';
import { createTranslator, interpolate } from './translate';

describe('createTranslator', () => {
  it('returns the exact spec text for a key', () => {
    const t = createTranslator(enUS);
    expect(t('board.loadError')).toBe('Sorry, something went wrong. Please try again later.');
    expect(t('error.reviewRequest')).toBe("We're sorry; an error has occurred.  Please try again.");
  });

  it('fills placeholders', () => {
    const t = createTranslator(enUS);
    expect(t('board.showing', { first: 1, last: 10, total: 64 })).toBe('Showing 1 - 10 of 64 results');
    expect(t('board.heading', { businessName: 'Acme Plumbing' })).toBe('Leads for Acme Plumbing');
  });

  it('lets a host override a known key, and ignores unknown keys and non-strings', () => {
    const t = createTranslator(enUS, { 'board.viewCallLog': 'Call history', 'nope.key': 'x', 'board.contact': 42 });
    expect(t('board.viewCallLog')).toBe('Call history');
    expect(t('board.contact')).toBe('Contact');
  });

  it('ignores an override of a key outside its catalogue part', () => {
    const t = createTranslator(leadPageMessages, { 'leadPage.tagline': 'Leads!', 'board.viewCallLog': 'x' });
    expect(t('leadPage.tagline')).toBe('Leads!');
    expect(t('board.viewCallLog')).toBe('board.viewCallLog');
  });

  it('has every key in exactly one catalogue part', async () => {
    const parts = await import('./en-US');
    const all = [
      parts.commonMessages,
      parts.validationMessages,
      parts.leadPageMessages,
      parts.boardMessages,
      parts.boardCardMessages,
      parts.boardFilterMessages,
      parts.threadMessages,
      parts.reviewMessages,
      parts.appMessages,
      parts.funnelMessages,
      parts.funnelStepMessages,
    ];
    const keys = all.flatMap((part) => Object.keys(part));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBe(Object.keys(enUS).length);
  });

  it('leaves an unknown placeholder visible instead of inventing text', () => {
    expect(interpolate('Hello {who} and {other}', { who: 'Ann' })).toBe('Hello Ann and {other}');
  });
});
