import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { enUS } from '../../src/i18n/en-US';

/**
 * The language a story shows (toolbar "Locale", or a story's `parameters.locale`):
 * - `en-US` — the default;
 * - `es-US` — the widget's `locale` input (its Spanish chunk loads as on a page);
 * - `pseudo-rtl` — an Arabic host page (`dir="rtl" lang="ar"` around the widget) with every text
 *   replaced through the host's `messages` by a pseudo-locale generated from en-US: accented
 *   and 40 % longer, to catch truncation, clipping and what does not mirror.
 */
export const STORY_LOCALES = ['en-US', 'es-US', 'pseudo-rtl'] as const;
export type StoryLocale = (typeof STORY_LOCALES)[number];

const ACCENTS: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ď',
  e: 'é',
  f: 'ƒ',
  g: 'ğ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ʠ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ŧ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/**
 * A pseudo-translation of one en-US text: letters accented, placeholders kept, and filler added
 * so it is 40 % longer (at least two characters), e.g. 'Send' → 'Šéñď ·ẋẋ'.
 */
export function pseudoLocalize(text: string): string {
  const accented = text
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? part : [...part].map((char) => ACCENTS[char] ?? char).join('')))
    .join('');
  const visible = text.replace(/\{\w+\}/g, '').length;
  const extra = Math.max(2, Math.ceil(visible * 0.4));
  return `${accented} ·${'ẋ'.repeat(extra - 1)}`;
}

/** The whole en-US catalogue, pseudo-localized (what `pseudo-rtl` gives a widget as `messages`). */
export const PSEUDO_MESSAGES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(enUS as Readonly<Record<string, string>>).map(([key, text]) => [key, pseudoLocalize(text)]),
);

const StoryLocaleContext = createContext<StoryLocale>('en-US');

/** Provides the story's locale; for `pseudo-rtl` the story renders inside an Arabic, right-to-left host page. */
export function StoryLocaleProvider({ locale, children }: { locale: StoryLocale; children: ReactNode }) {
  return (
    <StoryLocaleContext.Provider value={locale}>
      {locale === 'pseudo-rtl' ? (
        <div dir="rtl" lang="ar">
          {children}
        </div>
      ) : (
        children
      )}
    </StoryLocaleContext.Provider>
  );
}

export const isStoryLocale = (value: unknown): value is StoryLocale => STORY_LOCALES.includes(value as StoryLocale);

/** The host inputs of the story's locale, to spread under a widget's own (its own `messages` win). */
export function useStoryLocaleInputs(own?: Readonly<Record<string, string>> | null): { locale?: string; messages?: Readonly<Record<string, string>> } {
  const locale = useContext(StoryLocaleContext);
  return useMemo(() => {
    if (locale === 'es-US') return { locale: 'es-US', ...(own ? { messages: own } : {}) };
    if (locale === 'pseudo-rtl') return { messages: { ...PSEUDO_MESSAGES, ...own } };
    return own ? { messages: own } : {};
  }, [locale, own]);
}
