import { describe, expect, it } from 'vitest';
import { enUS } from '../i18n/en-US';
import { DEFAULT_SORT, SORT_OPTIONS, sortLabelKey } from './sort';

describe('sort options', () => {
  it('lists the four spec options', () => {
    expect(SORT_OPTIONS).toEqual(['NewestOldest', 'OldestNewest', 'ServiceProviderLeadStatusAsc', 'ServiceProviderLeadStatusDesc']);
  });

  it('defaults to NewestOldest', () => {
    expect(DEFAULT_SORT).toBe('NewestOldest');
  });

  it('labels every option from the catalogue, distinct from each other', () => {
    const labels = SORT_OPTIONS.map((sort) => enUS[sortLabelKey(sort)]);
    expect(labels[0]).toBe('Newest to Oldest');
    expect(new Set(labels).size).toBe(SORT_OPTIONS.length);
  });
});
