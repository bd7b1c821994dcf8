import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { localized } from './support/story-text';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import baseCss from '../src/ui/core/base.css?inline';
import { Dialog } from '../src/ui/dialog';
import dialogCss from '../src/ui/dialog.css?inline';
import multiSelectCss from '../src/ui/multi-select.css?inline';
import type { ReviewRequestData } from '../src/widgets/review-request/review-request-atoms';
import { ReviewRequestForm } from '../src/widgets/review-request/review-request-form';
import { REVIEW_REQUEST_CATALOGUE } from '../src/widgets/review-request/review-request-messages';
import reviewRequestCss from '../src/widgets/review-request/review-request.css?inline';
import { shadowOf } from './support/queries';
import { sandboxOf } from './support/sandbox';
import { WidgetFrame } from './support/widget-frame';
import { NO_FAULT } from './support/pinned';

/**
 * <review-request>'s form with a starting value no lead gives the element: no answer to "work
 * completed" (the element always starts on 'Yes'), so the message for it cannot be reached
 * through the element's public API. The modal's other states: Elements/<review-request>/Modal.
 */
const LEAD = SANDBOX_LEADS.closedWon;
const SEND_PATH = '/gateway/review/api/v1/review/request-by-email';
const sendRequests = (context: { loaded: Record<string, unknown> }) =>
  sandboxOf(context).gateway.store.requests.filter((request) => request.method === 'POST' && request.path === SEND_PATH);

/**
 * The form itself (as the modal holds it once loaded) with starting values the sandbox's leads
 * never give: no answer to "work completed" and no category ever chosen (a lead whose category
 * the provider does not offer). Sending shows the two messages those leave.
 */
const FORM_DATA: ReviewRequestData = {
  spId: 1001,
  leadId: LEAD,
  postalCode: '80210',
  contactKnown: true,
  draftReviewId: null,
  requestedAt: null,
  categories: [
    { id: 101, name: 'Heating & A/C' },
    { id: 10102, name: 'AC Installation' },
  ],
  initial: {
    firstName: 'Priya',
    lastName: 'Patel',
    emailAddress: 'priya.patel@example.com',
    phoneNumber: '7205550178',
    descriptionOfWork: '',
    workCompleted: null,
    categoryIds: null,
  },
};

const meta = {
  title: 'UI/Review request form',
  globals: NO_FAULT,
  render: () => (
    <WidgetFrame styles={[baseCss, dialogCss, multiSelectCss, reviewRequestCss]} catalogue={REVIEW_REQUEST_CATALOGUE}>
      <Dialog open onClose={() => {}} title="Request a Review" closeLabel="Close" part="review-request">
        <ReviewRequestForm data={FORM_DATA} onDone={() => {}} />
      </Dialog>
    </WidgetFrame>
  ),
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Work completed: no answer selected. Answering clears the message. */
export const ValidationWorkCompleted: Story = {
  play: async ({ canvasElement, ...context }) => {
    const { canvas } = await shadowOf(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Send Request' }));
    const group = canvas.getByRole('group', { name: 'Were services performed?' });
    await expect(await canvas.findByText('Please select if services were performed')).toBeVisible();
    await expect(group).toHaveAccessibleDescription(localized('Please select if services were performed'));
    await expect(canvas.getByRole('radio', { name: 'Yes' })).not.toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'No' })).not.toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(canvas.queryByText('Please select if services were performed')).toBeNull());
    await expect(sendRequests(context)).toHaveLength(0);
  },
};
