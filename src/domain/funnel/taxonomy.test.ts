import { describe, expect, it } from 'vitest';
import { isTopLevel, offeredBy, providerFirst, selectTaxonomyResult } from './taxonomy';

const plumbing = { categoryId: 100, name: 'Plumbing', parentCategory: { categoryId: 1 } };
const drainCleaning = { categoryId: 10003, name: 'Drain Cleaning', parentCategory: { categoryId: 100 } };

describe('taxonomy rule: what choosing an autocomplete result sets', () => {
  it('a top-level result (parent 1) becomes the category and clears the task category', () => {
    expect(selectTaxonomyResult(plumbing)).toEqual({
      ok: true,
      selection: { categoryId: 100, categoryName: 'Plumbing', taskCategoryId: null, taskCategoryName: null },
    });
  });

  it('…only if the provider offers it; otherwise nothing changes and the outcome says why', () => {
    expect(selectTaxonomyResult(plumbing, { providerCategoryIds: [100, 10003] })).toMatchObject({ ok: true, selection: { categoryId: 100 } });
    expect(selectTaxonomyResult(plumbing, { providerCategoryIds: [102, 10201] })).toEqual({ ok: false, reason: 'not-offered' });
    // An empty provider list offers nothing.
    expect(selectTaxonomyResult(plumbing, { providerCategoryIds: [] })).toEqual({ ok: false, reason: 'not-offered' });
  });

  it('any other result: its parent becomes the category and the result the task category', () => {
    const names: Record<number, string> = { 100: 'Plumbing' };
    expect(selectTaxonomyResult(drainCleaning, { nameOf: (id) => names[id] })).toEqual({
      ok: true,
      selection: { categoryId: 100, categoryName: 'Plumbing', taskCategoryId: 10003, taskCategoryName: 'Drain Cleaning' },
    });
    // The parent's name may be unknown to the caller (looked up later).
    expect(selectTaxonomyResult(drainCleaning)).toMatchObject({ ok: true, selection: { categoryId: 100, categoryName: null, taskCategoryId: 10003 } });
    // A task is split the same way whatever the provider offers (the provider category choice decides after).
    expect(selectTaxonomyResult(drainCleaning, { providerCategoryIds: [102] })).toMatchObject({
      ok: true,
      selection: { categoryId: 100, taskCategoryId: 10003 },
    });
  });

  it('treats a result without a parent as top level and never selects the root group', () => {
    const generic = { categoryId: -1, name: 'Generic', parentCategory: null };
    expect(isTopLevel(generic)).toBe(true);
    expect(isTopLevel(drainCleaning)).toBe(false);
    expect(selectTaxonomyResult(generic)).toMatchObject({ ok: true, selection: { categoryId: -1, taskCategoryId: null } });
    expect(selectTaxonomyResult({ categoryId: 1, name: 'All Categories', parentCategory: null })).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('providerFirst', () => {
  const task = (categoryId: number, parentId: number) => ({ categoryId, name: `c${categoryId}`, parentCategory: { categoryId: parentId } });
  const top = (categoryId: number) => ({ categoryId, name: `c${categoryId}`, parentCategory: { categoryId: 1 } });

  it('puts what the provider does first — a listed task, a task of a listed category, a listed top category — keeping the order of each part', () => {
    const results = [task(10102, 101), task(10201, 102), top(100), task(10301, 103), top(102), task(10001, 100)];
    const ids = providerFirst(results, [102, 10001]).map((r) => r.categoryId);
    expect(ids).toEqual([10201, 102, 10001, 10102, 100, 10301]);
  });

  it('without a provider keeps the order; offeredBy is true for everything then', () => {
    const results = [task(10102, 101), top(100)];
    expect(providerFirst(results, null)).toEqual(results);
    expect(offeredBy(top(100), undefined)).toBe(true);
    expect(offeredBy(top(100), [101])).toBe(false);
  });
});
