import { describe, expect, it } from 'vitest';
import { GROUPED_CATEGORIES, iconGroupFor } from './category-icons';
import { CATEGORY_NAMES, TAXONOMY } from './category-taxonomy';
import { GENERIC_CATEGORY_ID, ROOT_CATEGORY_ID } from './category-icons';

describe('category taxonomy', () => {
  it('chooses the icon group by category id, with the generic icon as fallback', () => {
    expect(iconGroupFor(100)).toBe('home');
    expect(iconGroupFor(GENERIC_CATEGORY_ID)).toBe('generic');
    expect(iconGroupFor(987654)).toBe('generic');
    expect(iconGroupFor(null)).toBe('generic');
  });

  it('keeps the icon map in step with the taxonomy: every row has its group, and no other id has one', () => {
    for (const row of TAXONOMY) expect(iconGroupFor(row.id)).toBe(row.iconGroup);
    const grouped = new Map(TAXONOMY.filter((row) => row.iconGroup !== 'generic').map((row) => [row.id, row.iconGroup]));
    const beyond: number[] = [];
    for (let id = -1; id < 100_000; id++) if (!grouped.has(id) && iconGroupFor(id) !== 'generic') beyond.push(id);
    expect(beyond).toEqual([]);
    expect(grouped.size).toBeGreaterThan(90);
  });

  it('names every known id (category-icons.ts, the one source of the ids) and nothing else', () => {
    expect(
      Object.keys(CATEGORY_NAMES)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(GROUPED_CATEGORIES.map((category) => category.id).sort((a, b) => a - b));
    expect(TAXONOMY.filter((row) => row.name !== CATEGORY_NAMES[row.id] && row.id !== ROOT_CATEGORY_ID && row.id !== GENERIC_CATEGORY_ID)).toEqual([]);
  });

  it('has unique ids, and every parent exists', () => {
    const ids = TAXONOMY.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const row of TAXONOMY) if (row.parentId !== null) expect(ids).toContain(row.parentId);
  });

  it('has top-level categories under the root group and task categories under them', () => {
    const top = TAXONOMY.filter((row) => row.parentId === ROOT_CATEGORY_ID);
    expect(top.length).toBeGreaterThan(5);
    expect(TAXONOMY.some((row) => top.some((t) => t.id === row.parentId))).toBe(true);
  });
});
