import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { createSandboxChatClientFactory } from '../src/index';
import { defineElements } from '../src/define-elements';
import { ElementDocsPage } from './docs/element-docs-page';
import { shadowOf } from './support/queries';
import { useSandbox } from './support/sandbox';
import { TagElement } from './support/tag-element';

/**
 * The real <message-thread> custom element: a provider writes with a member; its chat is the
 * sandbox's chat service (the public `createSandboxChatClientFactory`, as the `chat` property).
 */
defineElements();
const TAG = 'message-thread';

interface ElementArgs {
  'sp-id': number;
  'user-id': number;
  'lead-id'?: number;
  archived?: boolean;
  drafts?: 'on' | 'off';
}

function ThreadElement(args: ElementArgs) {
  const sandbox = useSandbox();
  const properties = useMemo(() => ({ chat: createSandboxChatClientFactory({ fetch: sandbox.gateway.fetch, mediaUrls: 'object-url' }) }), [sandbox]);
  return <TagElement tag={TAG} attributes={{ ...args }} properties={properties} />;
}

const meta = {
  title: 'Elements/<message-thread>',
  tags: ['autodocs'],
  args: { 'sp-id': 1001, 'user-id': 5001, 'lead-id': SANDBOX_LEADS.newest },
  argTypes: {
    'sp-id': { control: 'number' },
    'user-id': { control: 'number' },
    'lead-id': { control: 'select', options: [undefined, ...Object.values(SANDBOX_LEADS)] },
    archived: { control: 'boolean' },
    drafts: { control: 'inline-radio', options: [undefined, 'on', 'off'] },
  },
  render: (args) => <ThreadElement {...args} />,
  parameters: { docs: { page: ElementDocsPage } },
} satisfies Meta<ElementArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `<message-thread sp-id="1001" user-id="5001" lead-id="300001">` with the sandbox chat: its composer. */
export const Attributes: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement, TAG);
    await expect(await canvas.findByRole('textbox', { name: 'Write a message...' }, { timeout: 10_000 })).toBeVisible();
  },
};
