import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { ReviewRequest, type ReviewRequestProps } from '../../src/react';
import { ElementDocsPage } from '../docs/element-docs-page';
import { elementFrame } from '../support/element-frame';
import { shadowOf } from '../support/queries';
import { NO_FAULT } from '../support/pinned';

/**
 * The real <review-request> custom element, configured by its attributes and the sandbox's
 * gateway config. Its modal's states: the Modal stories under it.
 */
const TAG = 'review-request';

const meta = {
  title: 'Elements/<review-request>',
  globals: NO_FAULT,
  component: ReviewRequest,
  tags: ['autodocs'],
  args: { spId: 1001, leadId: SANDBOX_LEADS.purchased },
  argTypes: { spId: { control: 'number' }, leadId: { control: 'select', options: Object.values(SANDBOX_LEADS) } },
  render: elementFrame(TAG),
  parameters: { docs: { page: ElementDocsPage } },
} satisfies Meta<ReviewRequestProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `<review-request sp-id="1001" lead-id="300002">`: the 'Request a Review' button. */
export const Attributes: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement, TAG);
    await expect(await canvas.findByRole('button', { name: 'Request a Review' })).toBeVisible();
  },
};
