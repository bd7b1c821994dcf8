import { afterEach, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { renderWidget } from '../../../../test/helpers/render-widget';
import { FeedbackPopover } from './feedback-popover';
import { LEAD_BOARD_CATALOGUE } from '../lead-board-messages';
import { LEAD_CARD_CATALOGUE } from '../card/lead-card-messages';

/**
 * The feedback panel's code is not in the card's first content: a tap before it
 * arrived opens the panel, which holds the stars' place, then shows them with focus on the first
 * — as a tap after it arrived does (feedback-popover.test.tsx, the part preloaded there). This
 * file never preloads it: its module graph is its own.
 */
afterEach(cleanup);

/** A bound for a hung test on a busy machine, not a timing: the part is imported on the tap. */
const PART_TIMEOUT_MS = 10_000;

it('a tap before the panel’s code arrived opens it, then shows the stars with focus on the first; a rating is sent', async () => {
  const view = renderWidget(<FeedbackPopover lead={{ leadId: SANDBOX_LEADS.newest, feedback: null }} spId={1001} onSaved={vi.fn()} />, {
    ...LEAD_BOARD_CATALOGUE,
    ...LEAD_CARD_CATALOGUE,
  });
  const user = userEvent.setup();
  const button = screen.getByRole('button', { name: 'Rate this lead' });
  await user.click(button);
  expect(button.getAttribute('aria-expanded')).toBe('true');
  const group = await screen.findByRole('radiogroup', { name: 'How would you rate this lead?' }, { timeout: PART_TIMEOUT_MS });
  const stars = within(group).getAllByRole<HTMLInputElement>('radio');
  expect(stars.map((input) => input.value)).toEqual(['1', '2', '3', '4', '5']);
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Poor' })));
  await user.click(screen.getByRole('radio', { name: 'Great' }));
  await screen.findByText('Thanks for rating this lead!');
  expect(view.received('POST', '/gateway/lead/office/v1/leads/serviceprovider/1001/feedback')).toHaveLength(1);
});
