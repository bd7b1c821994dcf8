import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { SAVED_REPLIES_MAX, type SavedReply } from '../../src/domain/saved-replies';
import { MessageThread, type LeadkitEventMap, type MessageThreadProps } from '../../src/react';
import { elementFrame } from '../support/element-frame';
import { shadowOf, within } from '../support/queries';
import { localized, textPattern } from '../support/story-text';
import { expectFocused, typeText } from '../support/shadow-input';
import { NO_FAULT } from '../support/pinned';

/**
 * Saved replies in the thread's composer (docs/widgets/message-thread.md#saved-replies): the `/` suggestions and the 'Saved
 * replies' menu, with the catalogue's defaults (no `savedReplies` set), a host's list, an empty
 * list, a full one, and a phone-wide thread. The frame plays the host: it keeps the list each
 * `lk-saved-replies-change` carries (`onSavedRepliesChange`) and sets it back as `savedReplies`.
 */
type Change = LeadkitEventMap['lk-saved-replies-change'];

interface FrameProps extends MessageThreadProps {
  /** The host's list; undefined: the host sets none (the defaults show). */
  savedReplies?: readonly SavedReply[];
  width?: number;
  onChange?: (detail: Change) => void;
}

const Thread = elementFrame('message-thread', { clock: true });

function SavedRepliesFrame({ savedReplies, width = 760, onChange, ...props }: FrameProps) {
  const [list, setList] = useState(savedReplies);
  return (
    <Thread
      {...props}
      style={{ maxWidth: width }}
      savedReplies={list}
      onSavedRepliesChange={(event) => {
        onChange?.(event.detail);
        setList(event.detail.savedReplies);
      }}
    />
  );
}

const meta = {
  title: 'Elements/<message-thread>/Saved replies',
  globals: NO_FAULT,
  component: MessageThread,
  args: { spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest },
  render: (args) => <SavedRepliesFrame {...args} />,
} satisfies Meta<FrameProps>;

export default meta;
type Story = StoryObj<typeof meta>;

const THURSDAY = 'I can come by Thursday morning. Does that work for you?';
/** The reply's longest word in the story's locale: typed after '/', it matches that reply alone. */
const THURSDAY_WORD = () =>
  localized(THURSDAY)
    .split(/[\s,.?¿]+/)
    .filter((word) => !word.includes('·'))
    .sort((a, b) => b.length - a.length)[0]!
    .toLowerCase();

async function ready(canvasElement: HTMLElement) {
  const { canvas } = await shadowOf(canvasElement);
  const box = (await canvas.findByRole('textbox', { name: 'Write a message...' })) as HTMLTextAreaElement;
  await waitFor(() => expect(canvas.getByRole('button', { name: 'Saved replies' })).toBeEnabled());
  return { canvas, box };
}

async function openMenu(canvas: Awaited<ReturnType<typeof ready>>['canvas']) {
  await userEvent.click(canvas.getByRole('button', { name: 'Saved replies' }));
  return canvas.findByRole('dialog', { name: 'Saved replies' });
}

/** `/` in the empty composer: the replies filtered by what follows; the first is active; Enter inserts it (nothing sent). */
export const SlashSuggestions: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, box } = await ready(canvasElement);
    // A word of the reply in the story's locale ('Thursday', 'jueves').
    await typeText(box, `/${THURSDAY_WORD()}`);
    const listbox = await canvas.findByRole('listbox', { name: 'Saved replies' });
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([localized(THURSDAY)]),
    );
    await expect(within(listbox).getByRole('option', { name: THURSDAY })).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', within(listbox).getByRole('option', { name: THURSDAY }).id);
    await expectFocused(box);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(box.value).toBe(localized(THURSDAY)));
    await expect(canvas.queryByRole('listbox', { name: 'Saved replies' })).toBeNull();
  },
};

/** `/` with a query nothing matches: the list says so (Enter would send the text as typed). */
export const SlashNoMatch: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, box } = await ready(canvasElement);
    await typeText(box, '/zzz');
    // The popup shows the line (the empty listbox itself is not drawn); the live region says it too.
    await waitFor(() => expect(canvas.getByText('No saved reply matches.', { selector: 'p' })).toBeVisible());
    await expect(canvas.queryAllByRole('option')).toHaveLength(0);
    await expect(box).not.toHaveAttribute('aria-activedescendant');
  },
};

/** The menu with the catalogue's defaults (the host set no list): focus on the first reply. */
export const MenuDefaults: Story = {
  play: async ({ canvasElement }) => {
    const { canvas } = await ready(canvasElement);
    const menu = await openMenu(canvas);
    await expect(within(menu).getByRole('button', { name: THURSDAY })).toBeVisible();
    await expect(within(menu).getAllByRole('button', { name: textPattern('thread.savedReplies.remove') })).toHaveLength(5);
    await expect(within(menu).getByRole('button', { name: 'Save current text as reply' })).toHaveAttribute('aria-disabled', 'true');
    await expectFocused(within(menu).getAllByRole('button')[0]!);
  },
};

/** The host's list; the pro saves the composer's text: shown at once, and the host hears the whole new list. */
export const MenuSaveAndRemove: Story = {
  args: { savedReplies: [{ id: 'a', text: 'On my way.' }], onChange: fn() } as Partial<FrameProps>,
  play: async ({ canvasElement, args }) => {
    const { canvas, box } = await ready(canvasElement);
    await typeText(box, 'Be there at 3pm.');
    const menu = await openMenu(canvas);
    await expect(within(menu).queryByRole('button', { name: THURSDAY })).toBeNull();
    await userEvent.click(within(menu).getByRole('button', { name: 'Save current text as reply' }));
    await expect(await within(menu).findByRole('button', { name: 'Be there at 3pm.' })).toBeVisible();
    await expect(within(menu).getByText('This text is already a saved reply.')).toBeVisible();
    await userEvent.click(within(menu).getByRole('button', { name: 'Remove saved reply: On my way.' }));
    await waitFor(() => expect(within(menu).queryByRole('button', { name: 'On my way.' })).toBeNull());
    const onChange = (args as FrameProps).onChange as ReturnType<typeof fn>;
    await expect(onChange.mock.calls.map(([detail]) => (detail as Change).change)).toEqual(['add', 'remove']);
  },
};

/** A host list that is empty: the menu says how to start one. */
export const MenuEmpty: Story = {
  args: { savedReplies: [] } as Partial<FrameProps>,
  play: async ({ canvasElement }) => {
    const { canvas } = await ready(canvasElement);
    const menu = await openMenu(canvas);
    await expect(within(menu).getByText('No saved replies yet. Write one in the message box, then save it here.')).toBeVisible();
  },
};

/** A full list (20): saving another is refused with the reason, next to the button. */
export const MenuFull: Story = {
  args: {
    savedReplies: Array.from({ length: SAVED_REPLIES_MAX }, (_, i) => ({ id: `r${i + 1}`, text: `Saved reply number ${i + 1}.` })),
  } as Partial<FrameProps>,
  play: async ({ canvasElement }) => {
    const { canvas, box } = await ready(canvasElement);
    await typeText(box, 'One more.');
    const menu = await openMenu(canvas);
    await expect(within(menu).getByText('You can keep up to 20 saved replies. Remove one to add another.')).toBeVisible();
    await expect(within(menu).getByRole('button', { name: 'Save current text as reply' })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** A phone-wide thread (390 px): the button is its icon (its name stays), the menu fits above the composer. */
export const Phone: Story = {
  args: { width: 390 } as Partial<FrameProps>,
  play: async ({ canvasElement }) => {
    const { canvas } = await ready(canvasElement);
    const button = canvas.getByRole('button', { name: 'Saved replies' });
    await expect(button.getBoundingClientRect().width).toBeLessThanOrEqual(48);
    const menu = await openMenu(canvas);
    const frame = (canvas.getByRole('button', { name: 'Send' }).closest('form') as HTMLElement).getBoundingClientRect();
    const box = menu.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(frame.left - 1);
    await expect(box.right).toBeLessThanOrEqual(frame.right + 1);
  },
};
