import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { localized, text } from '../support/story-text';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { leadNotesDraftKey } from '../../src/domain/draft-keys';
import { LeadBoard, type LeadBoardProps } from '../../src/react';
import { DRAFT_ARG_TYPES, keptDraft } from '../support/device-drafts';
import { shadowOf, within } from '../support/queries';
import { boardLoaders, boardOnSandboxClock } from './board';
import { NO_FAULT } from '../support/pinned';

/**
 * 'Your Notes' drafts (docs/drafts.md): each story opens the board of provider 1001 with the
 * newest lead featured (first and open) on a device that already keeps a notes draft for it,
 * as after a reload or a crash.
 */
const LEAD = SANDBOX_LEADS.newest;
const NOTES_DRAFT = 'Gate code 4411. Bring the long ladder.';

/** The notes' count line in the story's locale ('42 / 2048'). */
const noteCount = (count: number) => text('notes.count', { count, max: 2048 });

const meta = {
  title: 'Elements/<lead-board>/Drafts',
  globals: NO_FAULT,
  component: LeadBoard,
  args: { spId: 1001, leadId: LEAD, drafts: 'on' },
  argTypes: DRAFT_ARG_TYPES,
  render: boardOnSandboxClock,
  loaders: [...boardLoaders, keptDraft(leadNotesDraftKey(1001, LEAD)!, NOTES_DRAFT)],
} satisfies Meta<LeadBoardProps>;

export default meta;
type Story = StoryObj<typeof meta>;

async function notes(canvasElement: HTMLElement) {
  const { canvas, root } = await shadowOf(canvasElement);
  const section = await canvas.findByRole('region', { name: 'Your Notes' });
  return { canvas, root, section };
}

/** The card opens with 'Your Notes' in edit mode holding the kept draft, 'Draft restored' on the count's line; focus stays where it was. */
export const NotesDraftRestored: Story = {
  play: async ({ canvasElement }) => {
    const { root, section } = await notes(canvasElement);
    const editor = await within(section).findByRole('textbox', { name: 'Your Notes' });
    await expect(editor).toHaveValue(NOTES_DRAFT);
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent(localized('Draft restored')));
    await expect(root.activeElement).not.toBe(editor);
    await expect(within(section).getByText(noteCount(NOTES_DRAFT.length))).toBeVisible();
  },
};

/** Cancel is the pro's discard: the editor closes on the saved note, and the draft is gone. */
export const NotesDraftDiscarded: Story = {
  play: async ({ canvasElement }) => {
    const { root, section } = await notes(canvasElement);
    await within(section).findByRole('textbox', { name: 'Your Notes' });
    await userEvent.click(within(section).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(section).queryByRole('textbox')).toBeNull());
    await expect(root.activeElement).toBe(within(section).getByRole('button', { name: 'Edit' }));
  },
};

/** `drafts="off"`: the card's notes open in view mode; nothing kept is shown. */
export const NotesDraftsOff: Story = {
  args: { drafts: 'off' },
  play: async ({ canvasElement }) => {
    const { section } = await notes(canvasElement);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(within(section).queryByRole('textbox')).toBeNull();
    await expect(within(section).getByRole('button', { name: 'Edit' })).toBeVisible();
  },
};
