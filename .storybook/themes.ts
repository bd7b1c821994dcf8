/**
 * The toolbar's themes (global `theme`): each is a set of public `--lk-*` custom properties, set
 * on an element around the story exactly as a host page sets them (an ancestor of the tag; they
 * inherit into the shadow roots). `light` sets nothing: the widgets' own defaults. Every name
 * here must be a property of the contract (custom-elements.json): test/storybook-themes.test.ts.
 */
export interface StoryTheme {
  readonly title: string;
  readonly properties: Readonly<Record<`--lk-${string}`, string>>;
  /** The page around the widgets (a dark theme on a white page would not show what a host sees). */
  readonly page?: { readonly background: string; readonly color: string };
}

export const STORY_THEMES = {
  light: { title: 'Light (defaults)', properties: {} },
  dark: {
    title: 'Dark',
    properties: {
      '--lk-color-text': '#e6e9ee',
      '--lk-color-muted': '#a9b3c1',
      '--lk-color-surface': '#1b2129',
      '--lk-color-surface-alt': '#252d37',
      '--lk-color-border': '#3a4552',
      '--lk-color-primary': '#79b8ff',
      '--lk-color-primary-text': '#0b1520',
      '--lk-color-success': '#6fd08c',
      '--lk-color-danger': '#ff8a80',
      '--lk-color-danger-surface': '#3b1d1b',
      '--lk-color-notice-surface': '#16283d',
      '--lk-shadow': '0 1px 3px rgb(0 0 0 / 0.6)',
      '--lk-dialog-backdrop': 'rgb(0 0 0 / 0.7)',
      '--lk-color-scheme': 'dark',
      '--lk-thread-own-surface': '#1d3a5c',
    },
    page: { background: '#11161c', color: '#e6e9ee' },
  },
  brand: {
    title: 'Brand (Acme)',
    properties: {
      '--lk-font-family': 'Georgia, "Times New Roman", serif',
      '--lk-color-primary': '#7a2e8e',
      '--lk-color-surface-alt': '#f7f0f9',
      '--lk-color-notice-surface': '#f3e8f7',
      '--lk-radius': '0',
      '--lk-star-color': '#7a2e8e',
    },
  },
} as const satisfies Record<string, StoryTheme>;

export type StoryThemeName = keyof typeof STORY_THEMES;

export const isStoryTheme = (value: unknown): value is StoryThemeName => typeof value === 'string' && Object.hasOwn(STORY_THEMES, value);
