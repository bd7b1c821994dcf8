import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { MessageThread, type MessageThreadProps } from '../../src/react';
import { ElementDocsPage } from '../docs/element-docs-page';
import { elementFrame } from '../support/element-frame';
import { shadowOf } from '../support/queries';
import { NO_FAULT } from '../support/pinned';

/**
 * The real <message-thread> custom element: a provider writes with a member; its chat is the
 * sandbox's chat service (the public `createSandboxChatClientFactory`, as the `chat` property).
 * The thread's states, by area, are the stories under it.
 */
const TAG = 'message-thread';

const meta = {
  title: 'Elements/<message-thread>',
  globals: NO_FAULT,
  component: MessageThread,
  tags: ['autodocs'],
  args: { spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest },
  argTypes: {
    spId: { control: 'number' },
    userId: { control: 'number' },
    leadId: { control: 'select', options: [undefined, ...Object.values(SANDBOX_LEADS)] },
    archived: { control: 'boolean' },
    drafts: { control: 'inline-radio', options: [undefined, 'on', 'off'] },
  },
  render: elementFrame(TAG),
  parameters: { docs: { page: ElementDocsPage } },
} satisfies Meta<MessageThreadProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `<message-thread sp-id="1001" user-id="5001" lead-id="300001">` with the sandbox chat: its composer. */
export const Attributes: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement, TAG);
    await expect(await canvas.findByRole('textbox', { name: 'Write a message...' })).toBeVisible();
  },
};
