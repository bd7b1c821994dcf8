import type { LocaleFormats } from './format';
import type { LocaleTexts } from './core/translate';

/**
 * The locales leadkit speaks. en-US is built in (its catalogue parts load with each widget);
 * every other one is a chunk of its own, loaded only on a page that asks for it (locale.ts).
 */
export type LocaleId = 'en-US' | 'es-US';
export const DEFAULT_LOCALE: LocaleId = 'en-US';

/** A locale's texts (by catalogue key), how it fills them, and its formatters. */
export interface LocalePack extends LocaleTexts {
  readonly id: LocaleId;
  /**
   * Its date and money formatters; null for en-US, whose formatters (i18n/format.ts) load with
   * the widget code that formats (runtime/use-format.ts), not in every first load.
   */
  readonly format: LocaleFormats | null;
}
