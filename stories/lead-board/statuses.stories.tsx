import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { leadStatusLabelKey, showsStatusLabel, type LeadStatus } from '../../src/domain/lead-status';
import { LeadBoard, type LeadBoardProps } from '../../src/react';
import { shadowOf, within } from '../support/queries';
import { useSandbox, type StorySandbox } from '../support/sandbox';
import { text } from '../support/story-text';
import { board, boardLoaders } from './board';
import { orFaultState } from '../support/faults';

/**
 * One story per lead status (spec §4), each on the real <lead-board>: a seeded lead of provider
 * 1001 in that status, featured (`lead-id`: first and open), so its header shows the status's
 * badge (none for 'New') and its open body the status select on that status.
 */
const meta = {
  title: 'Elements/<lead-board>/Lead statuses',
  // Each story is the board's data as it opens: it offers the toolbar's Fault (support/faults.ts).
  tags: ['data'],
  component: LeadBoard,
  args: { spId: 1001 },
  loaders: boardLoaders,
  parameters: { a11y: { test: 'error' } },
} satisfies Meta<LeadBoardProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first active, shown lead of provider 1001 in `status` (the seed has several of each). */
function leadIn(sandbox: StorySandbox, status: LeadStatus): number {
  const found = sandbox.gateway.store
    .providerLeads(1001)
    .find(({ assignment }) => assignment.status === status && !assignment.archived && assignment.displayed);
  if (!found) throw new Error(`stories: no active lead of 1001 is ${status} in the seed`);
  return found.lead.leadId;
}

/** A story of the board with a lead in `status` featured, and what its card shows. */
function statusStory(status: LeadStatus): Story {
  function StatusBoard(args: LeadBoardProps) {
    const sandbox = useSandbox();
    return board({ ...args, leadId: leadIn(sandbox, status) });
  }
  return {
    render: (args) => <StatusBoard {...args} />,
    play: orFaultState(async ({ canvasElement }) => {
      const { root } = await shadowOf(canvasElement);
      await waitFor(() => expect(root.querySelector('li[data-lead-id][data-expanded="true"] .lk-card__body select')).not.toBeNull(), { timeout: 15_000 });
      const card = root.querySelector<HTMLElement>('li[data-lead-id]') as HTMLElement;
      await expect(card).toHaveAttribute('data-expanded', 'true');
      const label = text(leadStatusLabelKey(status));
      await expect(within(card).getByRole('combobox', { name: 'Lead status' })).toHaveDisplayValue(label);
      const badge = card.querySelector('.lk-card__header .lk-status');
      if (showsStatusLabel(status)) await expect(badge).toHaveTextContent(label);
      else await expect(badge).toBeNull();
    }),
  };
}

export const New = statusStory('Initial');
export const NotContacted = statusStory('ContactAndQualify');
export const Contacted = statusStory('Selling');
export const Scheduled = statusStory('InProgressWon');
export const ClosedWon = statusStory('ClosedWon');
export const ClosedLost = statusStory('ClosedDidntWin');
