import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { SANDBOX_LEADS } from '../src/demo/index';
import baseCss from '../src/ui/base.css?inline';
import { ReviewRequest } from '../src/widgets/review-request/review-request';
import { REVIEW_REQUEST_CATALOGUE } from '../src/widgets/review-request/review-request-messages';
import { shadowOf } from './support/queries';
import type { SandboxParameters } from './support/sandbox';
import { WidgetFrame } from './support/widget-frame';

/**
 * <ReviewRequest> (spec §4 "Review request (board)", §5, §8): the modal for a ClosedWon lead of
 * member 5002, against the story's sandbox (provider 1001). The widget adopts its own CSS.
 */
const LEAD = SANDBOX_LEADS.closedWon;
const sandbox = (parameters: SandboxParameters) => ({ sandbox: parameters });

const meta = {
  title: 'Widgets/Review request',
  component: ReviewRequest,
  args: { spId: 1001, leadId: LEAD, open: true, onClose: () => {} },
  render: (args) => (
    <WidgetFrame styles={[baseCss]} catalogue={REVIEW_REQUEST_CATALOGUE}>
      <ReviewRequest {...args} />
    </WidgetFrame>
  ),
} satisfies Meta<typeof ReviewRequest>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Standalone: the trigger opens the modal. */
export const Trigger: Story = {
  args: { open: undefined, onClose: undefined },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Request a Review' }));
    await expect(await canvas.findByRole('dialog', { name: 'Request a Review' })).toBeVisible();
  },
};

/** The pre-filled contact summary, with 'Edit'. */
export const Summary: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    const dialog = await canvas.findByRole('dialog', { name: 'Request a Review' });
    await expect(await canvas.findByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(dialog).toBeVisible();
  },
};

/** A masked phone pre-fills empty: Send opens the form with the message beside the phone field. */
export const ValidationError: Story = {
  args: { leadId: SANDBOX_LEADS.maskedActive },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Send Request' }));
    await expect(await canvas.findByText('Please enter a valid phone number')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Phone number' })).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Sent: the thank-you message (the modal closes after 5 s). */
export const Success: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Send Request' }));
    await expect(await canvas.findByText('Thank you! Your Review Request has been submitted.')).toBeVisible();
  },
};

/** The gateway fails: the alert, and what was there stays. */
export const Failure: Story = {
  parameters: sandbox({ fault: { status: 500, route: 'POST /gateway/review/api/v1/review/request-by-email' } }),
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Send Request' }));
    await waitFor(async () => expect((await canvas.findByRole('alert')).textContent).toContain("We're sorry; an error has occurred.  Please try again."));
    await expect(canvas.getByRole('button', { name: 'Send Request' })).toBeVisible();
  },
};
