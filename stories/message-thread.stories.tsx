import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createSandboxChatClientFactory } from '../src/chat/sandbox-chat-client';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import baseCss from '../src/ui/base.css?inline';
import { MessageThread, type MessageThreadProps } from '../src/widgets/message-thread/message-thread';
import { MESSAGE_THREAD_CATALOGUE } from '../src/widgets/message-thread/message-thread-messages';
import { shadowOf } from './support/queries';
import { SANDBOX_NOW, sandboxOf, useSandbox, type SandboxParameters } from './support/sandbox';
import { typeText } from './support/shadow-input';
import { WidgetFrame } from './support/widget-frame';

/**
 * <MessageThread> (spec §2 "Message thread", §4, §5, §8) as its element shows it, against the
 * story's sandbox gateway and its chat service (the sandbox chat adapter over the in-process
 * fetch; photos as blob: URLs). Provider 1001; members: 5001 Jordan Rivera (lead 300001, ends
 * with a photo), 5003 Jasmine Anderson (40 messages), 5005 Zoe Vargas (no messages, masked
 * number active), 5006 Carmen Rossi (masked number expired), 5090 Harper Whitfield (10,000
 * messages, no lead).
 */
const MC = '/gateway/message-center';
const UNAVAILABLE = 'Messaging is currently unavailable for this Lead. Please contact them via phone or email.';
const sandbox = (parameters: SandboxParameters) => ({ sandbox: parameters });

/** The thread with a chat factory on the story's sandbox (one per sandbox: the chat opens once). */
function ThreadFrame(props: MessageThreadProps) {
  const story = useSandbox();
  const chat = useMemo(() => createSandboxChatClientFactory({ fetch: story.gateway.fetch, mediaUrls: 'object-url' }), [story]);
  // The widget's clock is the sandbox's (masked-number expiry is judged against it).
  const inputs = useMemo(() => ({ chat, now: () => new Date(SANDBOX_NOW) }), [chat]);
  return (
    <WidgetFrame styles={[baseCss]} catalogue={MESSAGE_THREAD_CATALOGUE} inputs={inputs} hostStyle={{ maxWidth: 760 }}>
      <MessageThread {...props} />
    </WidgetFrame>
  );
}

const meta = {
  title: 'Widgets/Message thread',
  component: MessageThread,
  args: { spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest },
  render: (args) => <ThreadFrame {...args} />,
} satisfies Meta<typeof MessageThread>;

export default meta;
type Story = StoryObj<typeof meta>;

async function thread(canvasElement: HTMLElement) {
  const { canvas } = await shadowOf(canvasElement);
  const box = await canvas.findByRole('textbox', { name: 'Write a message...' }, { timeout: 5000 });
  return { canvas, box: box as HTMLTextAreaElement };
}

async function ready(canvasElement: HTMLElement) {
  const found = await thread(canvasElement);
  await waitFor(() => expect(found.canvas.getByRole('button', { name: 'Attach a file' })).toBeEnabled(), { timeout: 5000 });
  return found;
}

/** A conversation with both sides, a photo from the member, the header's links. */
export const Conversation: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await ready(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your messages with Jordan Rivera' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Leads' })).toHaveAttribute('href', `/app/lead/board/1001?leadId=${SANDBOX_LEADS.newest}`);
    await expect(canvas.getByRole('link', { name: 'View All Leads' })).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Message History' })).toBeVisible();
    const list = canvas.getByRole('region', { name: 'Messages' });
    // The photo's box first, then the image itself once its (temporary) URL is there.
    await waitFor(() => expect(within(list).getByRole('img', { name: 'water-heater.jpg' }).tagName).toBe('IMG'));
    await expect(within(list).getByRole('img', { name: 'water-heater.jpg' })).toBeVisible();
  },
};

/** §2: the welcome-to-messaging panel with images when the thread has no messages. */
export const Empty: Story = {
  args: { userId: 5005, leadId: SANDBOX_LEADS.maskedActive },
  play: async ({ canvasElement }) => {
    const { canvas } = await ready(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Welcome to messaging' })).toBeVisible();
    await expect(canvas.getByText('Send Zoe Vargas a message to get the conversation started. You can also share JPEG or PNG photos.')).toBeVisible();
  },
};

/** §2: the spinner while the messages load (the messages call never answers here). */
export const Loading: Story = {
  parameters: sandbox({ fault: { latency: 600_000, route: `GET ${MC}/v1/chat/conversations/:sid/messages` } }),
  play: async ({ canvasElement }) => {
    const { canvas } = await thread(canvasElement);
    await expect(await canvas.findByRole('status', { name: 'Loading messages' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};

/** 10,000 messages: only the rows in view are in the DOM; scrolling up loads older pages. */
export const LongHistory: Story = {
  args: { userId: 5090, leadId: null },
  play: async ({ canvasElement }) => {
    const { canvas } = await ready(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Your messages with Harper Whitfield' })).toBeVisible();
    const list = canvas.getByRole('region', { name: 'Messages' });
    await waitFor(() => expect(list.textContent).toContain('(#10000)'));
    await expect(list.querySelectorAll('li').length).toBeLessThan(30);
    list.scrollTop = 0;
    await waitFor(() => expect(list.textContent).toMatch(/\(#99[0-6]\d\)/), { timeout: 5000 });
    await expect(list.querySelectorAll('li').length).toBeLessThan(30);
  },
};

/** §5: a send that fails keeps its text with Retry; Retry sends it (same idempotency key). */
export const SendFailsThenRetry: Story = {
  parameters: sandbox({ fault: { status: 500, route: `POST ${MC}/v1/messages`, times: 1 } }),
  play: async (context) => {
    const { canvas, box } = await ready(context.canvasElement);
    const send = canvas.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await typeText(box, 'Can you send a photo of the leak?');
    await expect(send).toBeEnabled();
    await userEvent.click(send);
    await expect(box).toHaveValue('');
    const failed = await canvas.findByText('Not sent.');
    const bubble = failed.closest('[data-state]') as HTMLElement;
    await expect(within(bubble).getByText('Can you send a photo of the leak?')).toBeVisible();
    await userEvent.click(within(bubble).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(canvas.queryByText('Not sent.')).toBeNull());
    const sends = sandboxOf(context).gateway.store.requests.filter((r) => r.method === 'POST' && r.path === `${MC}/v1/messages`);
    await expect(sends).toHaveLength(2);
    await expect(sends[1]?.headers['idempotency-key']).toBe(sends[0]?.headers['idempotency-key']);
    await waitFor(() => expect(canvas.getAllByText('Can you send a photo of the leak?')).toHaveLength(1));
  },
};

/** A send in flight shows 'Sending…' (the message center answers slowly here). */
export const Sending: Story = {
  parameters: sandbox({ fault: { latency: 600_000, route: `POST ${MC}/v1/messages` } }),
  play: async ({ canvasElement }) => {
    const { canvas, box } = await ready(canvasElement);
    await typeText(box, 'On my way!');
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(await canvas.findByText('Sending…')).toBeVisible();
    await expect(canvas.getByText('On my way!')).toBeVisible();
  },
};

/** A message the gateway has stored: 'Sent' after the time of the newest message, until the customer answers. */
export const Sent: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, box } = await ready(canvasElement);
    await typeText(box, 'On my way!');
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    const sent = await canvas.findByText('Sent', {}, { timeout: 5000 });
    await expect(sent.closest('[part="message-time"]')?.previousElementSibling?.textContent).toContain('On my way!');
    await expect(canvas.queryByText('Sending…')).toBeNull();
  },
};

/** §5/§8: a file that is not a JPEG or PNG (by content) and one over 150 MB; each message shows 10 s. */
export const AttachmentErrors: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, box } = await ready(canvasElement);
    const input = canvasElement.querySelector('[data-testid]')?.shadowRoot?.querySelector('input[type="file"]') as HTMLInputElement;
    const pick = (file: File) => {
      const transfer = new DataTransfer();
      transfer.items.add(file);
      input.files = transfer.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    };
    pick(new File(['plain text'], 'notes.png', { type: 'image/png' }));
    await expect(await canvas.findByText('You can only send JPEG, JPG, or PNG images. Please try again.')).toBeVisible();
    await expect(input.value).toBe('');
    const huge = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: 157_286_401 });
    pick(huge);
    await expect(await canvas.findByText('File size cannot exceed 150MB. Please try again.')).toBeVisible();
    await expect(canvas.getAllByRole('alert')).toHaveLength(2);
    await expect(box).toBeEnabled();
  },
};

/** §8: the chat cannot be set up: the message, a disabled composer and 'Try again'. */
export const ChatUnavailable: Story = {
  parameters: sandbox({ fault: { status: 503, route: `POST ${MC}/v1/chat/session` } }),
  play: async ({ canvasElement }) => {
    const { canvas, box } = await thread(canvasElement);
    await expect(await canvas.findByText(UNAVAILABLE)).toBeVisible();
    await expect(box).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Attach a file' })).toBeDisabled();
    // The service may be back the next time: 'Try again' opens the chat anew.
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** 'Contact' opens 'Contact {member name}' with the phone as a link (masked number still active). */
export const ContactModalActive: Story = {
  args: { userId: 5005, leadId: SANDBOX_LEADS.maskedActive },
  play: async ({ canvasElement }) => {
    const { canvas } = await thread(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Contact' }));
    const dialog = await canvas.findByRole('dialog', { name: 'Contact Zoe Vargas' });
    await expect(within(dialog).getByRole('heading', { name: 'Preferred Contact Information' })).toBeVisible();
    await expect(await within(dialog).findByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ })).toHaveAttribute('href', expect.stringMatching(/^tel:\+1\d{10}$/));
  },
};

/** A masked number past its life shows 'Expired' (§4 contact card). */
export const ContactModalExpired: Story = {
  args: { userId: 5006, leadId: SANDBOX_LEADS.maskedExpired },
  play: async ({ canvasElement }) => {
    const { canvas } = await thread(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Contact' }));
    const dialog = await canvas.findByRole('dialog', { name: 'Contact Carmen Rossi' });
    await expect(await within(dialog).findByText('Expired')).toBeVisible();
    await expect(within(dialog).queryByRole('link')).toBeNull();
  },
};

/** 'Message History' (§2): the earlier messages, read only, four at a time, 'Show older messages' for more. */
export const MessageHistory: Story = {
  args: { archived: true },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Message history with Jordan Rivera' }, { timeout: 5000 })).toBeVisible();
    const list = await canvas.findByRole('region', { name: 'Earlier messages' }, { timeout: 5000 });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4), { timeout: 5000 });
    await expect(within(list).getByText('Glad to hear it! Reach out any time.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to Messages' })).toBeVisible();
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Show older messages' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(6), { timeout: 5000 });
  },
};

/** 'Message History' with nobody's earlier messages: says so. */
export const MessageHistoryEmpty: Story = {
  args: { archived: true, userId: 5005, leadId: SANDBOX_LEADS.maskedActive },
  play: async ({ canvasElement }) => {
    const { canvas } = await shadowOf(canvasElement);
    await expect(await canvas.findByText('There are no earlier messages with Zoe Vargas.', undefined, { timeout: 5000 })).toBeVisible();
  },
};
