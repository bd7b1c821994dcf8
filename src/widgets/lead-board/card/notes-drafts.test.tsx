import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SANDBOX_LEADS } from '@leadkit/sandbox';
import { renderWidget } from '../../../../test/helpers/render-widget';
import { createDraftStore, memoryDraftBackend } from '../../../domain/drafts';
import { leadNotesDraftKey } from '../../../domain/draft-keys';
import { DraftStoreProvider } from '../../../ui/use-draft';
import { LeadBoardRoot } from '../lead-board';
import { LEAD_BOARD_CATALOGUE } from '../lead-board-messages';
import { FIRST_PAGE_TIMEOUT_MS, preloadBoardParts } from '../../../../test/support/lead-board';

/**
 * 'Your Notes' drafts (docs/drafts.md) over an in-memory backend (happy-dom has no IndexedDB): a
 * "reload" is the board unmounted and rendered again with a new store over the same backend.
 */

afterEach(async () => {
  cleanup();
  await vi.dynamicImportSettled();
});
beforeAll(preloadBoardParts);

const LEAD = SANDBOX_LEADS.withNotesAndFeedback;
const KEY = leadNotesDraftKey(1001, LEAD)!;
type Backend = ReturnType<typeof memoryDraftBackend>;

/** The board with `LEAD` featured (first and open). */
async function openBoard(backend: Backend, drafts: 'on' | 'off' = 'on') {
  const store = createDraftStore({ backend });
  const view = renderWidget(
    <DraftStoreProvider store={store}>
      <LeadBoardRoot spId={1001} leadId={LEAD} drafts={drafts} />
    </DraftStoreProvider>,
    LEAD_BOARD_CATALOGUE,
  );
  await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
  const card = screen.getAllByRole('listitem').find((item) => Number(item.dataset.leadId) === LEAD)!;
  await within(card).findByRole('heading', { name: 'Your Notes' }, { timeout: FIRST_PAGE_TIMEOUT_MS });
  return { ...view, store, card };
}

const editorIn = (card: HTMLElement) => within(card).queryByRole<HTMLTextAreaElement>('textbox', { name: 'Your Notes' });
const savedNote = (card: HTMLElement) => within(card).getByRole('heading', { name: 'Your Notes' }).nextElementSibling?.textContent ?? '';
const stored = (backend: Backend) => (backend.entries.get(KEY) as { text: string } | undefined)?.text ?? null;
/** Time for a kept draft to be read and shown (a read is a few microtasks, the hint a paint after). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));
const pageHide = () => act(() => void window.dispatchEvent(new Event('pagehide')));

describe("'Your Notes' drafts", () => {
  it('keeps what is typed through a reload: the editor opens with it and a quiet hint, focus stays put; Save deletes it', async () => {
    const backend = memoryDraftBackend();
    const first = await openBoard(backend);
    const saved = savedNote(first.card);
    await userEvent.click(within(first.card).getByRole('button', { name: 'Edit' }));
    fireEvent.change(editorIn(first.card)!, { target: { value: `${saved}\nGate code is on the invoice.` } });
    await pageHide();
    await waitFor(() => expect(stored(backend)).toBe(`${saved}\nGate code is on the invoice.`));
    first.unmount();

    const second = await openBoard(backend);
    const editor = await waitFor(() => {
      const found = editorIn(second.card);
      expect(found?.value).toBe(`${saved}\nGate code is on the invoice.`);
      return found!;
    });
    expect(document.activeElement).not.toBe(editor);
    const hint = await within(second.card).findByRole('status');
    await waitFor(() => expect(hint.textContent).toBe('Draft restored'));
    // The hint goes with the next edit.
    fireEvent.change(editor, { target: { value: `${saved}\nGate code 1234.` } });
    expect(hint.textContent).toBe('');

    await userEvent.click(within(second.card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(editorIn(second.card)).toBeNull());
    expect(second.received('POST', `/gateway/lead/office/v2/leads/${LEAD}/note`)[0]?.body).toEqual({
      serviceProviderId: 1001,
      note: `${saved}\nGate code 1234.`,
    });
    await waitFor(() => expect(backend.entries.has(KEY)).toBe(false));
    second.unmount();

    const third = await openBoard(backend);
    await settle();
    expect(editorIn(third.card)).toBeNull();
  });

  it('keeps the draft when the save fails, and Cancel (the pro’s discard) deletes it', async () => {
    const backend = memoryDraftBackend([[KEY, { text: 'Bring the ladder.', savedAt: Date.now() }]]);
    const { card, sandbox } = await openBoard(backend);
    sandbox.faults.status(500, undefined, { route: 'POST /gateway/lead/office/v2/leads/:id/note', times: 1 });
    await waitFor(() => expect(editorIn(card)?.value).toBe('Bring the ladder.'));
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('There was an error updating your notes. Please try again later.');
    expect(stored(backend)).toBe('Bring the ladder.');

    await userEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(editorIn(card)).toBeNull();
    await waitFor(() => expect(backend.entries.has(KEY)).toBe(false));
    // Focus goes back to 'Edit', not to the page.
    expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Edit' }));
  });

  it('does not open the editor for a draft that is the saved note, and deletes that draft when it is typed back to the note', async () => {
    const first = await openBoard(memoryDraftBackend());
    const saved = savedNote(first.card);
    first.unmount();
    const backend = memoryDraftBackend([[KEY, { text: saved, savedAt: Date.now() }]]);
    const { card, store } = await openBoard(backend);
    await settle();
    expect(editorIn(card)).toBeNull();

    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    fireEvent.change(editorIn(card)!, { target: { value: `${saved}!` } });
    await act(() => store.flush());
    expect(stored(backend)).toBe(`${saved}!`);
    fireEvent.change(editorIn(card)!, { target: { value: saved } });
    await act(() => store.flush());
    expect(backend.entries.has(KEY)).toBe(false);
  });

  it('with drafts="off" neither restores nor keeps anything', async () => {
    const backend = memoryDraftBackend([[KEY, { text: 'Kept from before', savedAt: Date.now() }]]);
    const { card, store } = await openBoard(backend, 'off');
    await settle();
    expect(editorIn(card)).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    fireEvent.change(editorIn(card)!, { target: { value: 'Not to be kept' } });
    await pageHide();
    await act(() => store.flush());
    expect(stored(backend)).toBe('Kept from before');
  });
});
