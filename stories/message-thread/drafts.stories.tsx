import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { localized } from '../support/story-text';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { threadDraftKey } from '../../src/domain/draft-keys';
import { MessageThread, type MessageThreadProps } from '../../src/react';
import { DRAFT_ARG_TYPES, keptDraft } from '../support/device-drafts';
import { elementFrame } from '../support/element-frame';
import { shadowOf } from '../support/queries';
import { typeText } from '../support/shadow-input';
import { NO_FAULT } from '../support/pinned';

/**
 * The composer's draft (docs/drafts.md#thread): each story opens the thread of provider 1001 with member
 * 5001 on a device that already keeps a draft for it, as after a reload or a crash.
 */
const THREAD_DRAFT = 'I can come by Thursday at 9 — does that work?';

const meta = {
  title: 'Elements/<message-thread>/Drafts',
  globals: NO_FAULT,
  component: MessageThread,
  args: { spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest, drafts: 'on' },
  argTypes: DRAFT_ARG_TYPES,
  render: elementFrame('message-thread', { clock: true, style: { maxWidth: 760 } }),
  loaders: [keptDraft(threadDraftKey(1001, 5001)!, THREAD_DRAFT)],
} satisfies Meta<MessageThreadProps>;

export default meta;
type Story = StoryObj<typeof meta>;

async function composer(canvasElement: HTMLElement) {
  const { canvas, root } = await shadowOf(canvasElement);
  const box = (await canvas.findByRole('textbox', { name: 'Write a message...' })) as HTMLTextAreaElement;
  await waitFor(() => expect(canvas.getByRole('button', { name: 'Attach a file' })).toBeEnabled());
  return { canvas, root, box };
}

/** The thread opens with the kept text in the composer and a quiet 'Draft restored' beside Send; the next edit hides it. */
export const ComposerDraftRestored: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, root, box } = await composer(canvasElement);
    await waitFor(() => expect(box).toHaveValue(THREAD_DRAFT));
    const hint = root.querySelector<HTMLElement>('[part="draft-hint"]')!;
    await expect(hint).toHaveAttribute('role', 'status');
    await waitFor(() => expect(hint).toHaveTextContent(localized('Draft restored')));
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeEnabled();
    await typeText(box, ' Or Friday.');
    await expect(hint).toHaveTextContent('');
    await expect(box).toHaveValue(`${THREAD_DRAFT} Or Friday.`);
  },
};

/** `drafts="off"`: the kept text is not restored (nor deleted); the composer starts empty. */
export const ComposerDraftsOff: Story = {
  args: { drafts: 'off' },
  play: async ({ canvasElement }) => {
    const { root, box } = await composer(canvasElement);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(box).toHaveValue('');
    await expect(root.querySelector('[part="draft-hint"]')).toHaveTextContent('');
  },
};
