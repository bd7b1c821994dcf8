import { expect, userEvent, waitFor } from 'storybook/test';
import { ARRIVALS_FIRST_DELAY_MS } from '../../src/widgets/lead-board/arrivals/arrivals.logic';
import { preloadBoardParts } from '../../test/support/lead-board';
import { elementFrame } from '../support/element-frame';
import type { within } from '../support/queries';
import { textPattern } from '../support/story-text';

/** What the board's stories share: the element's render, its parts preloaded, seed facts and waits. */

/** The board element as a host page configures it (stories/support/element-frame.tsx). */
export const board = elementFrame('lead-board');
/** The board on a 390 px phone. */
export const phoneBoard = elementFrame('lead-board', { width: 390 });
/** The board on the sandbox's clock (its leads are dated from it): the newest lead is minutes old. */
export const boardOnSandboxClock = elementFrame('lead-board', { clock: true });

/**
 * The board's lazy parts (list, card body, filter panel, counts, …) loaded before a board story
 * renders: a play function then waits for a state, not for a chunk the Storybook dev server
 * transforms on first request (on a busy CI machine that took more than 5 s for the filter panel).
 */
export const boardLoaders = [
  async () => {
    await preloadBoardParts();
    return {};
  },
];

/** The list header's count line in the story's locale ('Showing 1 - 10 of 56 results', 'Mostrando 1 - 10 de 56 resultados'). */
export const showing = () => textPattern('board.showing');

/**
 * On a narrow board (a phone) the filter panel folds behind 'Show All Filters': a story about a
 * filter opens it, so it finds its controls at any width (nothing to do on a wide board).
 */
export async function unfoldFilters(canvas: ReturnType<typeof within>): Promise<void> {
  const folded = canvas.queryByRole('button', { name: 'Show All Filters' });
  if (folded) await userEvent.click(folded);
}

/** Seed facts for provider 1001 (packages/sandbox/src/seed): active, archived and unread-message leads. */
export const SEED_1001 = { activeLeads: 56, archivedLeads: 6, unreadMessageLeads: 14 } as const;

/**
 * Waits until the list is no longer refreshing: the last page stays on screen dimmed (opacity
 * .6, a 120 ms transition) while the next loads, and axe must not judge the colours of a
 * half-faded list.
 */
export async function settled(root: ShadowRoot): Promise<void> {
  await waitFor(() => {
    const list = root.querySelector('.lk-board__list');
    if (!list) return;
    expect(list).toHaveAttribute('aria-busy', 'false');
    expect(getComputedStyle(list).opacity).toBe('1');
  });
}

/**
 * A story's `beforeEach`: the page's timers of ARRIVALS_FIRST_DELAY_MS or more (the board's waits
 * for new leads) fire a hundred times sooner — the stories' clock; the board has no setting for it.
 */
export function quickWaits() {
  const original = globalThis.setTimeout;
  const quick = (run: TimerHandler, ms?: number, ...rest: unknown[]) =>
    original(run, ms !== undefined && ms >= ARRIVALS_FIRST_DELAY_MS ? ms / 100 : ms, ...rest);
  globalThis.setTimeout = quick as typeof setTimeout;
  return () => {
    globalThis.setTimeout = original;
  };
}

/**
 * Box `a` ends before box `b` starts along the inline direction of `element` (left to right, or
 * right to left under the toolbar's direction or an Arabic page): layout checks that mirror.
 */
export function inlineBefore(a: DOMRect, b: DOMRect, element: Element): boolean {
  return getComputedStyle(element).direction === 'rtl' ? a.left >= b.right - 0.5 : a.right <= b.left + 0.5;
}
