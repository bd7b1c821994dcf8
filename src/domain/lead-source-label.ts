import type { MessageKey } from '../i18n/en-US';
import type { LeadSource } from './lead-source';

/**
 * A source's label key. Apart from lead-source.ts so code that only names the sources (the
 * board's leads call sends all six) does not bring their labels into its first load.
 */
export function leadSourceLabelKey(source: LeadSource): MessageKey {
  return `leadSource.${source}`;
}
