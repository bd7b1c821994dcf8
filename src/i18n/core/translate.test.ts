import { describe, expect, it } from 'vitest';
import { enUS, threadMessages } from '../en-US';
import { appMessages } from '../en-US/app';
import { boardMessages } from '../en-US/board';
import { boardBulkMessages } from '../en-US/board-bulk';
import { boardCardMessages } from '../en-US/board-card';
import { boardCardExtrasMessages } from '../en-US/board-card-extras';
import { boardFilterMessages } from '../en-US/board-filters';
import { boardQuickReplyMessages } from '../en-US/board-quick-reply';
import { commonMessages } from './en-US-common';
import { funnelMessages, funnelStepMessages } from '../en-US/funnel';
import { leadNotificationMessages } from '../en-US/lead-notifications';
import { leadPageMessages } from '../en-US/lead-page';
import { leadSourceMessages } from '../en-US/lead-source';
import { reviewMessages } from '../en-US/review';
import { validationMessages } from '../en-US/validation';
import { createTranslator, interpolate } from './translate';
import { interpolatePlural, placeholdersOf } from '../plural';

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

  it('has every key in exactly one catalogue part', () => {
    const all = [
      commonMessages,
      validationMessages,
      leadPageMessages,
      leadSourceMessages,
      boardMessages,
      boardCardMessages,
      boardCardExtrasMessages,
      boardQuickReplyMessages,
      boardFilterMessages,
      boardBulkMessages,
      threadMessages,
      reviewMessages,
      appMessages,
      funnelMessages,
      funnelStepMessages,
      leadNotificationMessages,
    ];
    const keys = all.flatMap((part) => Object.keys(part));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBe(Object.keys(enUS).length);
  });

  it('leaves an unknown placeholder visible instead of inventing text', () => {
    expect(interpolate('Hello {who} and {other}', { who: 'Ann' })).toBe('Hello Ann and {other}');
  });
});

describe('plurals', () => {
  const spanishPlural = (count: number) => new Intl.PluralRules('es').select(count);
  const reviews = '{count, plural, =0 {Sin reseñas} one {# reseña} other {# reseñas}}';

  it('picks the branch of the count’s category, `#` being the count', () => {
    expect(interpolatePlural(reviews, { count: 1 }, spanishPlural)).toBe('1 reseña');
    expect(interpolatePlural(reviews, { count: 2 }, spanishPlural)).toBe('2 reseñas');
    expect(interpolatePlural(reviews, { count: 1.5 }, spanishPlural)).toBe('1.5 reseñas');
  });

  it('prefers an exact `=n` branch, and falls back to `other`', () => {
    expect(interpolatePlural(reviews, { count: 0 }, spanishPlural)).toBe('Sin reseñas');
    expect(interpolatePlural('{n, plural, other {# cosas}}', { n: 1 }, spanishPlural)).toBe('1 cosas');
  });

  it('fills placeholders inside a branch and beside the plural', () => {
    const text = '{total, plural, one {Mostrando {first} - {last} de # resultado} other {Mostrando {first} - {last} de # resultados}}';
    expect(interpolatePlural(text, { first: 1, last: 1, total: 1 }, spanishPlural)).toBe('Mostrando 1 - 1 de 1 resultado');
    expect(interpolatePlural(text, { first: 1, last: 10, total: 64 }, spanishPlural)).toBe('Mostrando 1 - 10 de 64 resultados');
  });

  it('uses English rules without Intl by default, and leaves a plural without its count visible', () => {
    expect(interpolatePlural('{count, plural, one {# review} other {# reviews}}', { count: 1 })).toBe('1 review');
    expect(interpolatePlural('{count, plural, one {# review} other {# reviews}}', { count: 0 })).toBe('0 reviews');
    expect(interpolatePlural('{count, plural, one {# review} other {# reviews}}', { other: 1 })).toBe('{count, plural, one {# review} other {# reviews}}');
  });

  it('names the placeholders of a text, plural branches included', () => {
    expect(placeholdersOf('{total, plural, one {{first} de #} other {{first}-{last} de #}}')).toEqual(['first', 'last', 'total']);
    expect(placeholdersOf('Showing {first} - {last} of {total} results')).toEqual(['first', 'last', 'total']);
  });
});

describe('a translator in another locale', () => {
  const texts = { messages: { 'board.viewCallLog': 'Ver registro de llamadas', 'leadPage.tagline': 'x' } };

  it('shows the locale’s text for a key of its parts, en-US for a key the locale lacks', () => {
    const t = createTranslator({ 'board.viewCallLog': 'View Call Log', 'board.message': 'Message' }, null, texts);
    expect(t('board.viewCallLog')).toBe('Ver registro de llamadas');
    expect(t('board.message')).toBe('Message');
    // Outside the widget's parts the locale adds nothing (a widget shows only its own texts).
    expect(t('leadPage.tagline')).toBe('leadPage.tagline');
  });

  it('fills texts with the locale’s own interpolate (its plurals)', () => {
    const t = createTranslator({ 'funnel.pro.reviewCount': '{count} reviews' }, null, {
      messages: { 'funnel.pro.reviewCount': '{count, plural, one {# reseña} other {# reseñas}}' },
      interpolate: (template, params) => interpolatePlural(template, params, (count) => new Intl.PluralRules('es').select(count)),
    });
    expect(t('funnel.pro.reviewCount', { count: 1 })).toBe('1 reseña');
  });

  it('still lets a host override win', () => {
    const t = createTranslator({ 'board.viewCallLog': 'View Call Log' }, { 'board.viewCallLog': 'Llamadas' }, texts);
    expect(t('board.viewCallLog')).toBe('Llamadas');
  });
});
