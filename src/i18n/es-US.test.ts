import { describe, expect, it } from 'vitest';
import { createTranslator } from './core/translate';
import { enUS } from './en-US';
import { esUSPack, ES_US_FORMATS } from './es-US';

// Local times, so the tests hold in any time zone.
const june1At3pm = new Date(2020, 5, 1, 15, 0);
const jan9At9am = new Date(2021, 0, 9, 9, 5);

describe('es-US formats (date-fns es, Intl)', () => {
  it('writes dates day first with Spanish names', () => {
    expect(ES_US_FORMATS.messageTimestamp(june1At3pm)).toBe('lunes, 1 de junio de 2020, 3:00 p.m.');
    expect(ES_US_FORMATS.messageTime(june1At3pm)).toBe('3:00 p.m.');
    expect(ES_US_FORMATS.messageTime(jan9At9am)).toBe('9:05 a.m.');
    expect(ES_US_FORMATS.messageDay(jan9At9am)).toBe('sábado, 9 de enero de 2021');
    expect(ES_US_FORMATS.boardDate(june1At3pm)).toBe('01/06/2020');
    expect(ES_US_FORMATS.pickerDate(june1At3pm)).toBe('1 jun 2020');
    expect(ES_US_FORMATS.leadCreated(jan9At9am)).toBe('09/01/2021 9:05 a.m.');
    expect(ES_US_FORMATS.messageTimestamp('2020-06-01T15:00:00')).toBe('lunes, 1 de junio de 2020, 3:00 p.m.');
    expect(ES_US_FORMATS.boardDate('not a date')).toBe('');
  });

  it('writes dollars as es-US does, cents only when there are some', () => {
    expect(ES_US_FORMATS.price(75)).toBe('$75');
    expect(ES_US_FORMATS.price(1250)).toBe('$1,250');
    expect(ES_US_FORMATS.price(7.5)).toBe('$7.50');
    expect(ES_US_FORMATS.price(74.999)).toBe('$75');
    expect(ES_US_FORMATS.price(Number.NaN)).toBe('');
  });

  it('chooses plural forms with Intl.PluralRules', () => {
    const t = createTranslator(enUS, null, esUSPack);
    expect(t('funnel.pro.reviewCount', { count: 1 })).toBe('1 reseña');
    expect(t('funnel.pro.reviewCount', { count: 0 })).toBe('0 reseñas');
    expect(t('board.showing', { first: 1, last: 1, total: 1 })).toBe('Mostrando 1 - 1 de 1 resultado');
    expect(t('board.showing', { first: 11, last: 20, total: 64 })).toBe('Mostrando 11 - 20 de 64 resultados');
    expect(t('filters.selectedCount', { count: 2 })).toBe('2 seleccionados');
  });
});
