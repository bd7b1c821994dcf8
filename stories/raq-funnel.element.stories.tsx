import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { defineElements } from '../src/define-elements';
import { ElementDocsPage } from './docs/element-docs-page';
import { shadowOf } from './support/queries';
import { TagElement } from './support/tag-element';

/** The real <raq-funnel> custom element: a guest customer asks provider 1001 for a quote. */
defineElements();
const TAG = 'raq-funnel';

interface ElementArgs {
  'sp-id': number;
  'postal-code'?: string;
  'category-id'?: number;
  referrer?: string;
}

const meta = {
  title: 'Elements/<raq-funnel>',
  tags: ['autodocs'],
  args: { 'sp-id': 1001, 'postal-code': '80202' },
  argTypes: {
    'sp-id': { control: 'number' },
    'postal-code': { control: 'text' },
    'category-id': { control: 'number' },
    referrer: { control: 'text' },
  },
  render: (args) => <TagElement tag={TAG} attributes={{ ...args, 'auth-mode': 'one-time' }} />,
  parameters: { docs: { page: ElementDocsPage } },
} satisfies Meta<ElementArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `<raq-funnel sp-id="1001" postal-code="80202" auth-mode="one-time">`: its first step. */
export const Attributes: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement, TAG);
    await expect(await canvas.findByRole('combobox', { name: 'What do you need help with?' }, { timeout: 10_000 })).toBeVisible();
  },
};
