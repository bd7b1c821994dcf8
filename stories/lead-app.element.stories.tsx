import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { createSandboxChatClientFactory } from '../src/index';
import { defineElements } from '../src/define-elements';
import { ElementDocsPage } from './docs/element-docs-page';
import { shadowOf } from './support/queries';
import { useSandbox } from './support/sandbox';
import { TagElement } from './support/tag-element';

/**
 * The real <lead-app> custom element, mounted at the page's own path (`base`): the page is at
 * the app's root, which is no route of the spec's table, so it shows its not-found view with
 * the way to the provider's leads. Its thread route chats through the sandbox's chat service.
 */
defineElements();
const TAG = 'lead-app';

interface ElementArgs {
  'sp-id': number;
  drafts?: 'on' | 'off';
}

function AppElement(args: ElementArgs) {
  const sandbox = useSandbox();
  const properties = useMemo(() => ({ chat: createSandboxChatClientFactory({ fetch: sandbox.gateway.fetch, mediaUrls: 'object-url' }) }), [sandbox]);
  return <TagElement tag={TAG} attributes={{ ...args, base: window.location.pathname }} properties={properties} />;
}

const meta = {
  title: 'Elements/<lead-app>',
  tags: ['autodocs'],
  args: { 'sp-id': 1001 },
  argTypes: { 'sp-id': { control: 'number' }, drafts: { control: 'inline-radio', options: [undefined, 'on', 'off'] } },
  render: (args) => <AppElement {...args} />,
  parameters: { docs: { page: ElementDocsPage } },
} satisfies Meta<ElementArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `<lead-app sp-id="1001" base="(this page)">`: the not-found view and its link to the leads. */
export const Attributes: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement, TAG);
    await expect(await canvas.findByRole('heading', { name: 'Page not found' }, { timeout: 10_000 })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to your leads' })).toBeVisible();
  },
};
