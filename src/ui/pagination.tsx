export interface PaginationProps {
  /** The current page, 0-based. Out-of-range values are clamped. */
  pageIndex: number;
  /** Number of pages. With 0 or 1 page nothing is rendered. */
  pageCount: number;
  /** A page was asked for (0-based index); never called for the current page or out of range. */
  onPageChange: (index: number) => void;
  /** Text of the previous-page button, e.g. "Previous". */
  previous: string;
  /** Text of the next-page button, e.g. "Next". */
  next: string;
  /** Accessible name of a page button from its 1-based number, e.g. (n) => `Page ${n}`. */
  page: (n: number) => string;
  /** Accessible name of the navigation landmark, e.g. "Lead pages". */
  navLabel: string;
  /** Pages shown on each side of the current one when pages are elided (default 1). */
  siblingCount?: number;
  /** CSS part of the nav; buttons are `<part>-button`. */
  part?: string;
}

/** A page index to show, or a gap (elided pages) before or after the current page's window. */
export type PageWindowItem = number | 'gap-start' | 'gap-end';

/**
 * Which pages to show: all of them when they fit in 2 × siblings + 5 slots, otherwise the
 * first, the last, the current with its siblings and gaps — always exactly that many slots,
 * so moving between pages never changes the bar's width. A gap never hides a single page.
 * @internal Exported for tests.
 */
export function pageWindow(pageIndex: number, pageCount: number, siblingCount = 1): PageWindowItem[] {
  const count = Math.max(0, Math.floor(pageCount));
  const siblings = Math.max(0, Math.floor(siblingCount));
  const slots = 2 * siblings + 5;
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (count <= slots) return range(0, count - 1);
  const current = Math.min(Math.max(0, Math.floor(pageIndex)), count - 1);
  const last = count - 1;
  const edge = 2 * siblings + 2; // index of the last page in a window pinned to either end
  if (current <= siblings + 2) return [...range(0, edge), 'gap-end', last];
  if (current >= last - siblings - 2) return [0, 'gap-start', ...range(last - edge, last)];
  return [0, 'gap-start', ...range(current - siblings, current + siblings), 'gap-end', last];
}

/**
 * Page navigation for lists (buttons, not links: the board pages in place). The current page
 * has aria-current="page". Previous/Next at either end are aria-disabled rather than disabled,
 * so a focused button never drops focus to the document when the last page is reached.
 */
export function Pagination({ pageIndex, pageCount, onPageChange, previous, next, page, navLabel, siblingCount = 1, part = 'pagination' }: PaginationProps) {
  if (pageCount <= 1) return null;
  const current = Math.min(Math.max(0, Math.floor(pageIndex)), pageCount - 1);
  const go = (index: number) => {
    if (index !== current && index >= 0 && index < pageCount) onPageChange(index);
  };
  const atStart = current === 0;
  const atEnd = current === pageCount - 1;

  return (
    <nav className="lk-pagination" part={part} aria-label={navLabel}>
      <ul className="lk-pagination__list">
        <li>
          <button
            type="button"
            className="lk-pagination__button lk-pagination__step"
            part={`${part}-button`}
            aria-disabled={atStart || undefined}
            onClick={() => go(current - 1)}
          >
            <span className="lk-pagination__chevron" data-direction="previous" aria-hidden="true" />
            <span className="lk-pagination__step-text">{previous}</span>
          </button>
        </li>
        {pageWindow(current, pageCount, siblingCount).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className="lk-pagination__button"
                part={`${part}-button`}
                aria-label={page(item + 1)}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => go(item)}
              >
                {item + 1}
              </button>
            </li>
          ) : (
            <li key={item} className="lk-pagination__gap" aria-hidden="true">
              …
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="lk-pagination__button lk-pagination__step"
            part={`${part}-button`}
            aria-disabled={atEnd || undefined}
            onClick={() => go(current + 1)}
          >
            <span className="lk-pagination__step-text">{next}</span>
            <span className="lk-pagination__chevron" data-direction="next" aria-hidden="true" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
