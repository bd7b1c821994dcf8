import { describe, expect, it } from 'vitest';
import { hasMultiplePages, paginationInfo } from './pagination';

describe('paginationInfo', () => {
  it('shows 0 - 0 of 0 with no results and no pages', () => {
    expect(paginationInfo({ offset: 0, limit: 10, totalCount: 0 })).toEqual({
      pageIndex: 0,
      firstItemNumber: 0,
      lastItemNumber: 0,
      totalCount: 0,
      totalPageCount: 0,
    });
  });

  it('shows a single result as 1 - 1 of 1', () => {
    expect(paginationInfo({ offset: 0, limit: 10, totalCount: 1 })).toMatchObject({
      firstItemNumber: 1,
      lastItemNumber: 1,
      totalPageCount: 1,
    });
  });

  it('fills exactly one page without a second page', () => {
    const info = paginationInfo({ offset: 0, limit: 10, totalCount: 10 });
    expect(info).toMatchObject({ firstItemNumber: 1, lastItemNumber: 10, totalPageCount: 1 });
    expect(hasMultiplePages(info)).toBe(false);
  });

  it('starts a second page at eleven results', () => {
    const info = paginationInfo({ offset: 0, limit: 10, totalCount: 11 });
    expect(info.totalPageCount).toBe(2);
    expect(hasMultiplePages(info)).toBe(true);
  });

  it('counts 64 results in pages of 10 as 7 pages', () => {
    expect(paginationInfo({ offset: 0, limit: 10, totalCount: 64 })).toEqual({
      pageIndex: 0,
      firstItemNumber: 1,
      lastItemNumber: 10,
      totalCount: 64,
      totalPageCount: 7,
    });
    expect(paginationInfo({ offset: 30, limit: 10, totalCount: 64 })).toMatchObject({
      pageIndex: 3,
      firstItemNumber: 31,
      lastItemNumber: 40,
    });
  });

  it('shows a partial last page up to the total', () => {
    expect(paginationInfo({ offset: 60, limit: 10, totalCount: 64 })).toEqual({
      pageIndex: 6,
      firstItemNumber: 61,
      lastItemNumber: 64,
      totalCount: 64,
      totalPageCount: 7,
    });
  });

  it('uses the gateway page size of 5 as well', () => {
    expect(paginationInfo({ offset: 5, limit: 5, totalCount: 12 })).toMatchObject({
      pageIndex: 1,
      firstItemNumber: 6,
      lastItemNumber: 10,
      totalPageCount: 3,
    });
  });

  it('shows nothing for an offset past the end instead of an inverted range', () => {
    expect(paginationInfo({ offset: 10, limit: 10, totalCount: 10 })).toMatchObject({
      pageIndex: 1,
      firstItemNumber: 0,
      lastItemNumber: 0,
      totalPageCount: 1,
    });
  });

  it('rejects a limit that cannot page', () => {
    expect(() => paginationInfo({ offset: 0, limit: 0, totalCount: 5 })).toThrow(RangeError);
    expect(() => paginationInfo({ offset: 0, limit: 2.5, totalCount: 5 })).toThrow(RangeError);
  });
});
