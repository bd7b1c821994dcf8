import { beforeAll, describe, expect, it } from 'vitest';
import { EN_US_PACK, loadedLocalePack, loadLocalePack, matchLocale, resolveLocale } from './locale';

describe('matchLocale', () => {
  it('reads any Spanish as es-US and any English as en-US', () => {
    for (const tag of ['es', 'es-US', 'es-MX', 'es-419', 'ES_us', ' es ']) expect(matchLocale(tag), tag).toBe('es-US');
    for (const tag of ['en', 'en-US', 'en-GB']) expect(matchLocale(tag), tag).toBe('en-US');
  });
  it('knows no other language', () => {
    for (const tag of ['fr', 'ar', 'esp', '', null, undefined]) expect(matchLocale(tag)).toBeNull();
  });
});

describe('resolveLocale without a DOM', () => {
  it('takes the requested locale, en-US for one leadkit does not speak, and en-US when none is asked', () => {
    expect(resolveLocale('es-MX', null)).toBe('es-US');
    expect(resolveLocale('fr-FR', null)).toBe('en-US');
    expect(resolveLocale(null, null)).toBe('en-US');
    expect(resolveLocale('  ', null)).toBe('en-US');
  });
});

describe('loadLocalePack', () => {
  // The es-US chunk's module transformed before the test (on a busy machine that alone outlasted the
  // test's timeout): what is tested is the pack's loading and sharing, not the transform's speed.
  beforeAll(() => import('./es-US'), 120_000);
  it('has en-US at once, and loads es-US once', async () => {
    expect(loadedLocalePack('en-US')).toBe(EN_US_PACK);
    const [first, second] = await Promise.all([loadLocalePack('es-US'), loadLocalePack('es-US')]);
    expect(first).toBe(second);
    expect(first.id).toBe('es-US');
    expect(loadedLocalePack('es-US')).toBe(first);
    expect(first.messages['board.viewCallLog']).toBe('Ver registro de llamadas');
  });
});
