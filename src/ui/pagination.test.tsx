import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination, pageWindow, type PaginationProps } from './pagination';

const labels = { previous: 'Previous', next: 'Next', page: (n: number) => `Page ${n}`, navLabel: 'Lead pages' };

function Harness({ pageCount, initial = 0, onPageChange }: { pageCount: number; initial?: number; onPageChange?: (index: number) => void }) {
  const [pageIndex, setPageIndex] = useState(initial);
  return (
    <Pagination
      {...labels}
      pageIndex={pageIndex}
      pageCount={pageCount}
      onPageChange={(index) => {
        onPageChange?.(index);
        setPageIndex(index);
      }}
    />
  );
}

/** What a user sees, in order: page numbers, "…" for gaps; the current page in brackets. */
function visiblePages(): string {
  const nav = screen.getByRole('navigation', { name: 'Lead pages' });
  return Array.from(nav.querySelectorAll('li'))
    .slice(1, -1)
    .map((li) => {
      const button = li.querySelector('button');
      if (!button) return li.textContent;
      return button.getAttribute('aria-current') === 'page' ? `[${button.textContent}]` : button.textContent;
    })
    .join(' ');
}

afterEach(cleanup);

describe('pageWindow', () => {
  it('lists every page when they fit in the slots', () => {
    expect(pageWindow(0, 1)).toEqual([0]);
    expect(pageWindow(3, 7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(pageWindow(0, 0)).toEqual([]);
  });

  it('keeps a constant number of slots and never hides a single page behind a gap', () => {
    for (let count = 8; count <= 30; count++) {
      for (let current = 0; current < count; current++) {
        const items = pageWindow(current, count);
        expect(items).toHaveLength(7);
        expect(items[0]).toBe(0);
        expect(items.at(-1)).toBe(count - 1);
        expect(items).toContain(current);
        const pages = items.filter((item): item is number => typeof item === 'number');
        for (let i = 1; i < items.length - 1; i++) {
          const item = items[i];
          if (typeof item !== 'number') {
            const before = items[i - 1] as number;
            const after = items[i + 1] as number;
            expect(after - before).toBeGreaterThan(2);
          }
        }
        expect(new Set(pages).size).toBe(pages.length);
      }
    }
  });

  it('widens with siblingCount and clamps out-of-range indexes', () => {
    expect(pageWindow(10, 20, 2)).toEqual([0, 'gap-start', 8, 9, 10, 11, 12, 'gap-end', 19]);
    expect(pageWindow(99, 10)).toEqual([0, 'gap-start', 5, 6, 7, 8, 9]);
    expect(pageWindow(-3, 10)).toEqual([0, 1, 2, 3, 4, 'gap-end', 9]);
  });
});

describe('<Pagination>', () => {
  it('renders nothing for one page or none', () => {
    const props: PaginationProps = { ...labels, pageIndex: 0, pageCount: 1, onPageChange: () => {} };
    const { container, rerender } = render(<Pagination {...props} />);
    expect(container.innerHTML).toBe('');
    rerender(<Pagination {...props} pageCount={0} />);
    expect(container.innerHTML).toBe('');
    rerender(<Pagination {...props} pageCount={2} />);
    expect(screen.getByRole('navigation', { name: 'Lead pages' })).toBeTruthy();
  });

  it('is a named navigation of buttons with the current page marked', () => {
    render(<Harness pageCount={3} initial={1} />);
    const nav = screen.getByRole('navigation', { name: 'Lead pages' });
    expect(within(nav).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Page 1' }).hasAttribute('aria-current')).toBe(false);
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeTruthy();
    expect(within(nav).queryAllByRole('link')).toHaveLength(0);
    expect(visiblePages()).toBe('1 [2] 3');
  });

  it('moves with page buttons and Previous/Next', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Harness pageCount={3} onPageChange={onPageChange} />);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenCalledTimes(3);
  });

  it('marks Previous/Next unavailable at the ends without dropping focus', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Harness pageCount={2} onPageChange={onPageChange} />);
    const previousButton = screen.getByRole('button', { name: 'Previous' });
    const nextButton = screen.getByRole('button', { name: 'Next' });
    expect(previousButton.getAttribute('aria-disabled')).toBe('true');
    await user.click(previousButton);
    expect(onPageChange).not.toHaveBeenCalled();
    nextButton.focus();
    await user.keyboard('{Enter}');
    expect(onPageChange).toHaveBeenCalledWith(1);
    expect(nextButton.getAttribute('aria-disabled')).toBe('true');
    expect(nextButton).toBe(document.activeElement);
    await user.keyboard('{Enter}');
    expect(onPageChange).toHaveBeenCalledTimes(1);
    expect(previousButton.hasAttribute('aria-disabled')).toBe(false);
  });

  it('shows a window of pages with gaps for many pages', async () => {
    const user = userEvent.setup();
    render(<Harness pageCount={20} />);
    expect(visiblePages()).toBe('[1] 2 3 4 5 … 20');
    await user.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(visiblePages()).toBe('1 … 4 [5] 6 … 20');
    await user.click(screen.getByRole('button', { name: 'Page 20' }));
    expect(visiblePages()).toBe('1 … 16 17 18 19 [20]');
    // Gaps are decoration: the page buttons carry the information.
    const gaps = Array.from(screen.getByRole('navigation').querySelectorAll('li[aria-hidden="true"]'));
    expect(gaps.map((gap) => gap.textContent)).toEqual(['…']);
  });
});
