/**
 * The toolbar settings every story is captured under (test/visual/suite.ts): a phone's and a
 * desktop's width, each in the light and the dark theme — the dark pair in the other locales, the
 * phone's dark one on a right-to-left page, so that every value of every toolbar control is in the
 * set. A story's own pins win (its `globals`, its `parameters.locale`): a story pinned to the
 * phone is captured at 390 px only, each distinct setting once.
 */
export interface Combination {
  readonly width: 390 | 1280;
  readonly theme: 'light' | 'dark';
  readonly locale: 'en-US' | 'es-US' | 'pseudo-rtl';
  readonly direction: 'ltr' | 'rtl';
}

export const COMBINATIONS: readonly Combination[] = [
  { width: 390, theme: 'light', locale: 'en-US', direction: 'ltr' },
  { width: 1280, theme: 'light', locale: 'en-US', direction: 'ltr' },
  { width: 390, theme: 'dark', locale: 'es-US', direction: 'rtl' },
  { width: 1280, theme: 'dark', locale: 'pseudo-rtl', direction: 'ltr' },
];

/** The viewport each width stands for (the toolbar's Phone 390 × 844 and Desktop 1280 × 900). */
export const VIEWPORTS = { 390: { width: 390, height: 844, name: 'phone' }, 1280: { width: 1280, height: 900, name: 'desktop' } } as const;

/** A story's pins, as the preview reports them: its globals and its `parameters.locale`. */
export interface StoryPins {
  readonly globals: Readonly<Record<string, unknown>>;
  readonly locale?: unknown;
}

/** The combination a story is rendered under once its pins are applied. */
export function pinned(combination: Combination, pins: StoryPins): Combination {
  const viewport = pins.globals.viewport;
  const viewportName = typeof viewport === 'object' && viewport !== null ? (viewport as { value?: unknown }).value : viewport;
  const width = viewportName === 'phone' ? 390 : viewportName === 'desktop' ? 1280 : combination.width;
  const theme = pins.globals.theme === 'light' || pins.globals.theme === 'dark' ? pins.globals.theme : combination.theme;
  const wantedLocale = pins.locale ?? pins.globals.locale;
  const locale = wantedLocale === 'en-US' || wantedLocale === 'es-US' || wantedLocale === 'pseudo-rtl' ? wantedLocale : combination.locale;
  const direction = pins.globals.direction === 'ltr' || pins.globals.direction === 'rtl' ? pins.globals.direction : combination.direction;
  return { width, theme, locale, direction };
}

/** A capture's name: its width, theme, locale and direction (`390-light-en-US-ltr`). */
export const combinationName = (combination: Combination): string => `${combination.width}-${combination.theme}-${combination.locale}-${combination.direction}`;

/** The combinations a story is captured under, its pins applied, each once, in COMBINATIONS' order. */
export function captureCombinations(pins: StoryPins): Combination[] {
  const seen = new Map<string, Combination>();
  for (const combination of COMBINATIONS) {
    const effective = pinned(combination, pins);
    seen.set(combinationName(effective), effective);
  }
  return [...seen.values()];
}

/**
 * Storybook's `globals` URL parameter for a combination. `a11y`: the accessibility addon's checks
 * run after the story's play function (axe; a violation fails the story, .storybook/preview.tsx),
 * asked for under one setting per story (the suite's `a11ySetting`); otherwise they are off.
 */
export function globalsParameter(combination: Combination, { a11y = false } = {}): string {
  return [
    `theme:${combination.theme}`,
    `locale:${combination.locale}`,
    `direction:${combination.direction}`,
    `viewport:${VIEWPORTS[combination.width].name}`,
    ...(a11y ? [] : ['a11y.manual:!true']),
  ].join(';');
}
