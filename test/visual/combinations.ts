/**
 * The toolbar settings stories are captured under (test/e2e/visual.test.ts): a phone's and a
 * desktop's width, in the light and the dark theme — the dark pair in the other locales, the
 * phone's dark one on a right-to-left page, so that every value of every toolbar control is in
 * the set. `npm test` captures each story under ONE of them, the same one on every run (chosen
 * by its id), so each setting guards about a quarter of the stories; LEADKIT_VISUAL=all captures
 * each story under all four (docs/contributing.md#visual-snapshots says why not in every run). A
 * story's own pins win (its `globals`, its `parameters.locale`): a story pinned to the phone is
 * captured at 390 px.
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

/** A story's one setting in `npm test`: FNV-1a of its id picks it, so adding a story moves no other story's. */
export function settingOf(storyId: string): Combination {
  let hash = 0x811c9dc5;
  for (const char of storyId) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return COMBINATIONS[hash % COMBINATIONS.length]!;
}

/**
 * The combinations a story is captured under, its pins applied, each once: its own setting
 * (`settingOf`), or with `all` each of COMBINATIONS.
 */
export function captureCombinations(storyId: string, pins: StoryPins, all = false): Combination[] {
  const seen = new Map<string, Combination>();
  for (const combination of all ? COMBINATIONS : [settingOf(storyId)]) {
    const effective = pinned(combination, pins);
    seen.set(combinationName(effective), effective);
  }
  return [...seen.values()];
}

/** Storybook's `globals` URL parameter for a combination (the addon-a11y's checks off: the storybook project runs them). */
export function globalsParameter(combination: Combination): string {
  return [
    `theme:${combination.theme}`,
    `locale:${combination.locale}`,
    `direction:${combination.direction}`,
    `viewport:${VIEWPORTS[combination.width].name}`,
    'a11y.manual:!true',
  ].join(';');
}
