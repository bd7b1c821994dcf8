import { describe, expect, it } from 'vitest';
import { enUS } from '../i18n/en-US';
import { DEFAULT_SORT, SORT_OPTIONS, isSortOption, sortLabelKey } from './sort';

describe('sort options', () => {
  it('lists the four spec options', () => {
    expect(SORT_OPTIONS).toEqual(['NewestOldest', 'OldestNewest', 'ServiceProviderLeadStatusAsc', 'ServiceProviderLeadStatusDesc']);
  });

  it('defaults to NewestOldest', () => {
    expect(DEFAULT_SORT).toBe('NewestOldest');
  });

  it('guards unknown values', () => {
    for (const sort of SORT_OPTIONS) expect(isSortOption(sort)).toBe(true);
    expect(isSortOption('Newest')).toBe(false);
    expect(isSortOption('label')).toBe(false);
    expect(isSortOption(null)).toBe(false);
  });

  it('labels every option from the catalogue, distinct from each other', () => {
    const labels = SORT_OPTIONS.map((sort) => enUS[sortLabelKey(sort)]);
    expect(labels[0]).toBe('Newest to Oldest');
    expect(new Set(labels).size).toBe(SORT_OPTIONS.length);
  });
});
