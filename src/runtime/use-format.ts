import { EN_US_FORMATS, type LocaleFormats } from '../i18n/format';
import { useRuntime } from './runtime';

/**
 * The date and money formatters of the widget's locale. Its own module: en-US's formatters load
 * with the widget code that formats (a card header, the thread), not in every first load.
 */
export function useFormat(): LocaleFormats {
  return useRuntime().localeFormats ?? EN_US_FORMATS;
}
