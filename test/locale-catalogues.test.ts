import { describe, expect, it } from 'vitest';
import { enUS } from '../src/i18n/en-US';
import { esUSMessages } from '../src/i18n/es-US';
import { placeholdersOf } from '../src/i18n/plural';

/**
 * Every locale's catalogue against en-US: the same keys (a missing one is named), the same
 * placeholders in each text, every plural with an `other` branch. A key added to en-US fails
 * here until it is translated (the compiler lets it through: es-US/translation.ts).
 */
const LOCALES = { 'es-US': esUSMessages as Readonly<Record<string, string>> };
const english = enUS as Readonly<Record<string, string>>;

describe.each(Object.entries(LOCALES))('the %s catalogue', (_locale, messages) => {
  it('has every key of en-US', () => {
    const missing = Object.keys(english).filter((key) => typeof messages[key] !== 'string' || messages[key].trim() === '');
    expect(missing, `missing translations: ${missing.join(', ')}`).toEqual([]);
  });

  it('has no key en-US lacks', () => {
    const extra = Object.keys(messages).filter((key) => !Object.hasOwn(english, key));
    expect(extra, `keys not in en-US: ${extra.join(', ')}`).toEqual([]);
  });

  it('takes the same placeholders as en-US in every text', () => {
    const mismatched = Object.keys(english)
      .filter((key) => typeof messages[key] === 'string')
      .filter((key) => placeholdersOf(messages[key]!).join() !== placeholdersOf(english[key]!).join())
      .map((key) => `${key}: en-US {${placeholdersOf(english[key]!).join('} {')}} vs {${placeholdersOf(messages[key]!).join('} {')}}`);
    expect(mismatched, `placeholder mismatches:\n${mismatched.join('\n')}`).toEqual([]);
  });

  it('writes every plural with an `other` branch, and no brace outside a placeholder', () => {
    const broken = Object.entries(messages).filter(([, text]) => {
      if (text.includes(', plural,') && !/\bother\s*\{/.test(text)) return true;
      // What is left after the placeholders and plurals are taken out must hold no brace (a typo).
      const rest = text.replace(/\{\w+, plural,.*\}\s*$/s, '').replace(/\{\w+\}/g, '');
      return /[{}]/.test(rest);
    });
    expect(broken.map(([key]) => key)).toEqual([]);
  });
});

describe('the en-US catalogue', () => {
  it('has no plural argument: en-US fills texts without the plural code (i18n/plural.ts loads with a locale that needs it)', () => {
    expect(Object.keys(english).filter((key) => english[key]!.includes(', plural,'))).toEqual([]);
  });
});
