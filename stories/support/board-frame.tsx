import type { HostInputs } from '../../src/runtime/host-inputs';
import { expect, waitFor } from 'storybook/test';
import baseCss from '../../src/ui/base.css?inline';
import { LeadBoard, type LeadBoardProps } from '../../src/widgets/lead-board/lead-board';
import { LEAD_BOARD_CATALOGUE } from '../../src/widgets/lead-board/lead-board-messages';
import { preloadBoardParts } from '../../test/support/lead-board';
import { WidgetFrame } from './widget-frame';

/**
 * The board as its element shows it, for the board's stories files: in a shadow root with
 * base.css (the board adopts its own CSS and its primitives'), `width` px wide when given (a
 * phone: 390).
 */
export function boardFrame(width?: number, inputs?: Omit<HostInputs, 'gateway'>) {
  return function BoardFrame(args: LeadBoardProps) {
    return (
      <WidgetFrame styles={[baseCss]} catalogue={LEAD_BOARD_CATALOGUE} hostStyle={width ? { width } : undefined} inputs={inputs}>
        <LeadBoard {...args} />
      </WidgetFrame>
    );
  };
}

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

/** The list header's count line. */
export const SHOWING = /^Showing \d+ - \d+ of \d+ results$/;

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
