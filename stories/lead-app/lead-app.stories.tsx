import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { LeadApp, type LeadAppProps } from '../../src/react';
import { ElementDocsPage } from '../docs/element-docs-page';
import { shadowOf } from '../support/queries';
import { app } from './app';
import { NO_FAULT } from '../support/pinned';

/**
 * The real <lead-app> custom element, mounted at the page's own path (`base`): the page is at
 * the app's root, which is no route of the spec's table, so it shows its not-found view with
 * the way to the provider's leads. Its thread route chats through the sandbox's chat service.
 * The app at its routes: the stories under it.
 */
const TAG = 'lead-app';

const meta = {
  title: 'Elements/<lead-app>',
  globals: NO_FAULT,
  component: LeadApp,
  tags: ['autodocs'],
  args: { spId: 1001 },
  argTypes: { spId: { control: 'number' }, drafts: { control: 'inline-radio', options: [undefined, 'on', 'off'] } },
  render: (args, context) => app({ ...args, base: window.location.pathname }, context),
  parameters: { docs: { page: ElementDocsPage } },
} satisfies Meta<LeadAppProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `<lead-app sp-id="1001" base="(this page)">`: the not-found view and its link to the leads. */
export const Attributes: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement, TAG);
    await expect(await canvas.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to your leads' })).toBeVisible();
  },
};
