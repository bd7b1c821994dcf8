import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { localized } from '../support/story-text';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { LeadBoard, type LeadBoardProps } from '../../src/react';
import { shadowOf, within } from '../support/queries';
import { expectFocused, typeText } from '../support/shadow-input';
import { SANDBOX_NOW, sandboxOf } from '../support/sandbox';
import { boardLoaders, boardOnSandboxClock, showing } from './board';
import { NO_FAULT } from '../support/pinned';

/**
 * 'Add to calendar' on a Scheduled lead (issue 53 §2), on the real `<lead-board>` element: the
 * newest lead open, its status set to Scheduled, the dialog with the job's date and start time
 * (the next full hour after the board's clock), and the file's download. Nothing is sent.
 */
const TAG = 'lead-board';
/** The board's clock: the sandbox's (its leads are dated from it). */
const BOARD_NOW = new Date(SANDBOX_NOW);

const meta = {
  title: 'Elements/<lead-board>/Add to calendar',
  globals: NO_FAULT,
  component: LeadBoard,
  args: { spId: 1001, leadId: SANDBOX_LEADS.newest },
  render: boardOnSandboxClock,
  loaders: boardLoaders,
  parameters: {
    a11y: { test: 'error' },
    // test/visual/suite.ts: the dialog's native date and time fields are covered in the captures.
    visual: {
      mask: {
        selector: '.lk-calendar input',
        why: "Chromium draws them differently from one run to the next with the same DOM, focus and pointer (their picker icons' shade; an empty, invalid field a pixel higher)",
      },
    },
  },
} satisfies Meta<LeadBoardProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The open card once Scheduled: 'Add to calendar' beside 'Request a Review'. */
async function scheduledCard(context: { canvasElement: HTMLElement; loaded: Record<string, unknown> }) {
  const { root, canvas } = await shadowOf(context.canvasElement, TAG);
  await canvas.findByText(showing());
  const card = root.querySelector<HTMLElement>(`li[data-lead-id="${SANDBOX_LEADS.newest}"]`) as HTMLElement;
  await userEvent.selectOptions(within(card).getByRole('combobox', { name: 'Lead status' }), 'InProgressWon');
  const add = await within(card).findByRole('button', { name: 'Add to calendar' });
  // The status is sent after a short pause (a second change in it would replace it): the story
  // rests once the gateway has it, and the board's counts have been fetched again.
  const sent = () => sandboxOf(context).gateway.store.requests.some((r) => r.method === 'POST' && r.path.endsWith(`/leads/${SANDBOX_LEADS.newest}/status`));
  await waitFor(() => expect(sent()).toBe(true));
  return { root, canvas, card, add };
}

/** The card offers it as soon as the status is Scheduled. */
export const Offered: Story = {
  play: async (context) => {
    const { add } = await scheduledCard(context);
    await expect(add).toBeVisible();
  },
};

/** The dialog: date and start time (default the next full hour), the hint that nothing is sent, and the download. */
export const Dialog: Story = {
  play: async (context) => {
    const { canvas, add } = await scheduledCard(context);
    await userEvent.click(add);
    const dialog = await canvas.findByRole('dialog', { name: 'Add to calendar' });
    const next = new Date(BOARD_NOW);
    next.setMinutes(0, 0, 0);
    next.setHours(next.getHours() + 1);
    await waitFor(() => expect(within(dialog).getByLabelText('Start time')).toHaveValue(`${String(next.getHours()).padStart(2, '0')}:00`));
    await expect(within(dialog).getByRole('button', { name: 'Download calendar file' })).toBeVisible();
  },
};

/** An emptied start time: the dialog says what is missing, focus on the field to fix, and no file is made. */
export const Incomplete: Story = {
  play: async (context) => {
    const { canvas, add } = await scheduledCard(context);
    await userEvent.click(add);
    const dialog = await canvas.findByRole('dialog', { name: 'Add to calendar' });
    await typeText(within(dialog).getByLabelText('Start time'), '', { replace: true });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download calendar file' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(localized('Please enter a date and a start time.'));
    await expectFocused(within(dialog).getByLabelText('Start time'));
  },
};
