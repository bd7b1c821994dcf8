/** What the list header ('Showing X - Y of Z results') and the pager need. */
export interface PaginationInfo {
  /** Zero-based page the offset falls on. */
  readonly pageIndex: number;
  /** One-based number of the first item shown; 0 when nothing is shown. */
  readonly firstItemNumber: number;
  /** One-based number of the last item shown; 0 when nothing is shown. */
  readonly lastItemNumber: number;
  readonly totalCount: number;
  readonly totalPageCount: number;
}

export interface PaginationInput {
  readonly offset: number;
  readonly limit: number;
  readonly totalCount: number;
}

export function paginationInfo({ offset, limit, totalCount }: PaginationInput): PaginationInfo {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`);
  const total = Math.max(0, Math.floor(totalCount));
  const start = Math.max(0, Math.floor(offset));
  const totalPageCount = Math.ceil(total / limit);
  const pageIndex = Math.floor(start / limit);
  // An offset at or past the end (e.g. the last lead of the last page was just archived)
  // shows nothing; "0 - 0" is honest where "11 - 10" would not be.
  if (start >= total) {
    return { pageIndex, firstItemNumber: 0, lastItemNumber: 0, totalCount: total, totalPageCount };
  }
  return {
    pageIndex,
    firstItemNumber: start + 1,
    lastItemNumber: Math.min(start + limit, total),
    totalCount: total,
    totalPageCount,
  };
}

/** The pager is shown only when there is somewhere to go. */
export function hasMultiplePages(info: Pick<PaginationInfo, 'totalPageCount'>): boolean {
  return info.totalPageCount > 1;
}
