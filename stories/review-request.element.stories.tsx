import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { defineElements } from '../src/define-elements';
import { ElementDocsPage } from './docs/element-docs-page';
import { shadowOf } from './support/queries';
import { TagElement } from './support/tag-element';

/** The real <review-request> custom element, configured by its attributes and the sandbox's gateway config. */
defineElements();
const TAG = 'review-request';

interface ElementArgs {
  'sp-id': number;
  'lead-id': number;
}

const meta = {
  title: 'Elements/<review-request>',
  tags: ['autodocs'],
  args: { 'sp-id': 1001, 'lead-id': SANDBOX_LEADS.purchased },
  argTypes: { 'sp-id': { control: 'number' }, 'lead-id': { control: 'select', options: Object.values(SANDBOX_LEADS) } },
  render: (args) => <TagElement tag={TAG} attributes={{ ...args }} />,
  parameters: { docs: { page: ElementDocsPage } },
} satisfies Meta<ElementArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `<review-request sp-id="1001" lead-id="300002">`: the 'Request a Review' button. */
export const Attributes: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement, TAG);
    await expect(await canvas.findByRole('button', { name: 'Request a Review' })).toBeVisible();
  },
};
