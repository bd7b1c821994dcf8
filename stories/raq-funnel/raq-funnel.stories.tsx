import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { RaqFunnel, type RaqFunnelProps } from '../../src/react';
import { ElementDocsPage } from '../docs/element-docs-page';
import { elementFrame } from '../support/element-frame';
import { shadowOf } from '../support/queries';
import { withoutKeptFunnel } from './funnel';
import { NO_FAULT } from '../support/pinned';

/**
 * The real <raq-funnel> custom element: a guest customer asks provider 1001 for a quote. Every
 * step and failure: the Steps stories under it.
 */
const TAG = 'raq-funnel';

const meta = {
  title: 'Elements/<raq-funnel>',
  globals: NO_FAULT,
  component: RaqFunnel,
  tags: ['autodocs'],
  args: { spId: 1001, postalCode: '80202', authMode: 'one-time' },
  argTypes: {
    spId: { control: 'number' },
    postalCode: { control: 'text' },
    categoryId: { control: 'number' },
    referrer: { control: 'text' },
  },
  render: elementFrame(TAG),
  beforeEach: withoutKeptFunnel,
  parameters: { docs: { page: ElementDocsPage } },
} satisfies Meta<RaqFunnelProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `<raq-funnel sp-id="1001" postal-code="80202" auth-mode="one-time">`: its first step. */
export const Attributes: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement, TAG);
    await expect(await canvas.findByRole('combobox', { name: 'What do you need help with?' })).toBeVisible();
  },
};
