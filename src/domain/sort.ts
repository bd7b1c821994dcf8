import type { MessageKey } from '../i18n/en-US';

/** Board sort options in dropdown order; the first is the default. */
export const SORT_OPTIONS = ['NewestOldest', 'OldestNewest', 'ServiceProviderLeadStatusAsc', 'ServiceProviderLeadStatusDesc'] as const;

export type SortOption = (typeof SORT_OPTIONS)[number];

export const DEFAULT_SORT: SortOption = 'NewestOldest';

export function sortLabelKey(sort: SortOption): MessageKey {
  return `sort.${sort}`;
}
