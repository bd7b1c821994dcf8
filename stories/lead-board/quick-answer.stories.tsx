import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { ANSWERED_LEADS_STORAGE_KEY } from '../../src/domain/answered-leads';
import { LeadBoard, type LeadBoardProps } from '../../src/react';
import { elementFrame } from '../support/element-frame';
import { localized, text, textPattern } from '../support/story-text';
import { shadowOf, within } from '../support/queries';
import { boardLoaders } from './board';
import { NO_FAULT } from '../support/pinned';

/**
 * The card's quick answer (issue 53 §1), on the real `<lead-board>` element at a phone's 390 px
 * over the sandbox and its chat (`chat-service="sandbox"`): the newest lead waits for its first
 * answer ('Respond first'); 'Quick reply' opens the composer with the pro's saved replies
 * (the `savedReplies` property) filled from the lead. One story per state.
 */
const TAG = 'lead-board';
const MESSAGES = 'POST /gateway/message-center/v1/messages';
const REPLIES = [
  { id: 'hello', text: 'Hi {firstName}, thanks for your {category} request! When would suit you?' },
  { id: 'photo', text: 'Could you send a photo of the problem?' },
];

const meta = {
  title: 'Elements/<lead-board>/Quick answer',
  globals: NO_FAULT,
  component: LeadBoard,
  // No draft kept (a failed story's would fill the next one's text box).
  args: { spId: 1001, chatService: 'sandbox', drafts: 'off', savedReplies: REPLIES },
  render: elementFrame('lead-board', { width: 390, clock: true }),
  loaders: boardLoaders,
  // Each story starts with the lead unanswered (a story before may have answered it on this browser).
  beforeEach: () => localStorage.removeItem(ANSWERED_LEADS_STORAGE_KEY),
  parameters: { a11y: { test: 'error' } },
} satisfies Meta<LeadBoardProps>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The newest lead's card, waiting for its first answer. */
async function waitingCard(canvasElement: HTMLElement) {
  const { root, canvas } = await shadowOf(canvasElement, TAG);
  await canvas.findByText(textPattern('board.showing'));
  const card = root.querySelector<HTMLElement>(`li[data-lead-id="${SANDBOX_LEADS.newest}"]`) as HTMLElement;
  await within(card).findByText('Respond first');
  return { root, canvas, card, quickReply: within(card).getByRole('button', { name: 'Quick reply' }) };
}

async function openComposer(canvasElement: HTMLElement) {
  const found = await waitingCard(canvasElement);
  await userEvent.click(found.quickReply);
  const composer = await within(found.card).findByRole('region', { name: textPattern('quickReply.title') });
  return { ...found, composer };
}

const send = (composer: HTMLElement) => userEvent.click(within(composer).getByRole('button', { name: 'Send' }));

/** Closed: 'Quick reply' beside the Message button, nothing loaded yet. */
export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const { card, quickReply } = await waitingCard(canvasElement);
    await expect(quickReply).toHaveAttribute('aria-expanded', 'false');
    await expect(within(card).queryByRole('region', { name: textPattern('quickReply.title') })).toBeNull();
  },
};

/** Open: the saved replies filled with the customer's first name and the category, the first in the text box. */
export const OpenWithSavedReplies: Story = {
  play: async ({ canvasElement }) => {
    const { composer } = await openComposer(canvasElement);
    const choices = within(within(composer).getByRole('group', { name: 'Saved replies' })).getAllByRole('button');
    await expect(choices).toHaveLength(2);
    await expect(choices[0]).toHaveAttribute('aria-pressed', 'true');
    await expect(choices[0]!.textContent).not.toContain('{');
    await expect(within(composer).getByRole('textbox', { name: 'Your message' })).toHaveValue(choices[0]!.textContent);
  },
};

/** No saved replies: says so; the pro writes the message. */
export const NoSavedReplies: Story = {
  args: { savedReplies: [] },
  play: async ({ canvasElement }) => {
    const { composer } = await openComposer(canvasElement);
    await expect(within(composer).getByText(text('quickReply.noReplies'))).toBeVisible();
    await expect(within(composer).getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};

/** Sending: the message center has not answered yet. */
export const Sending: Story = {
  parameters: { sandbox: { fault: { latency: 120_000, route: MESSAGES } } },
  play: async ({ canvasElement }) => {
    const { composer } = await openComposer(canvasElement);
    await send(composer);
    await expect(await within(composer).findByRole('status')).toHaveTextContent(localized('Sending…'));
  },
};

/** Sent and delivered: the conversation holds it; the cue is gone; 'Open conversation' leads to the thread. */
export const Sent: Story = {
  play: async ({ canvasElement }) => {
    const { composer, card } = await openComposer(canvasElement);
    await send(composer);
    await waitFor(() => expect(within(composer).getByRole('status')).toHaveTextContent(localized('Delivered')));
    await expect(within(card).queryByText('Respond first')).toBeNull();
    await expect(within(composer).getByRole('link', { name: 'Open conversation' })).toBeVisible();
  },
};

/** Failed: 'Not sent.' with the text kept and Retry. */
export const FailedTextKept: Story = {
  parameters: { sandbox: { fault: { status: 500, route: MESSAGES } } },
  play: async ({ canvasElement }) => {
    const { composer, card } = await openComposer(canvasElement);
    const text = (within(composer).getByRole('textbox', { name: 'Your message' }) as HTMLTextAreaElement).value;
    await send(composer);
    await waitFor(() => expect(within(composer).getByRole('status')).toHaveTextContent(localized('Not sent.')));
    await expect(within(composer).getByText(text)).toBeVisible();
    await expect(within(composer).getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(within(card).getByText('Respond first')).toBeVisible();
  },
};

/** Offline: the message is kept and goes when the device is back online. */
export const Offline: Story = {
  parameters: { sandbox: { fault: { drop: true, route: MESSAGES } } },
  play: async ({ canvasElement }) => {
    const { composer } = await openComposer(canvasElement);
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      await send(composer);
      await waitFor(() => expect(within(composer).getByRole('status')).toHaveTextContent(`${localized('Not sent.')} ${text('quickReply.keptOffline')}`));
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
    }
  },
};
