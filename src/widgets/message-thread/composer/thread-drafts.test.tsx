import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createSandboxGateway, SANDBOX_LEADS, type SandboxGateway } from '@leadkit/sandbox';
import { createSandboxChatClientFactory } from '../../../chat/sandbox-chat-client';
import { createDraftStore, memoryDraftBackend } from '../../../domain/drafts';
import { threadDraftKey } from '../../../domain/draft-keys';
import { createGatewayClient } from '../../../gateway/core/client';
import { WidgetShell } from '../../../runtime/widget-shell';
import { DraftStoreProvider } from '../../../ui/use-draft';
import { holdingFetch } from '../../../../test/helpers/holding-fetch';
import { MessageThreadRoot, type MessageThreadProps } from '../message-thread';
import { MESSAGE_THREAD_CATALOGUE } from '../message-thread-messages';

/**
 * Composer drafts (docs/drafts.md#thread) over an in-memory backend (happy-dom has no IndexedDB): a
 * "reload" is the thread unmounted and rendered again with a new store over the same backend.
 */

const MC = '/gateway/message-center';
const KEY = threadDraftKey(1001, 5001)!;
const THREAD: MessageThreadProps = { spId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest };

function renderThread(
  backend: ReturnType<typeof memoryDraftBackend>,
  props: MessageThreadProps = THREAD,
  sandbox: SandboxGateway = createSandboxGateway(),
  /** Chat requests whose URL matches wait until `release()`. */
  hold?: RegExp,
) {
  const client = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'provider', spId: 1001 }, retry: { retries: 0 } });
  const held = holdingFetch(sandbox.fetch, hold);
  const chat = createSandboxChatClientFactory({ fetch: held.fetch, reconnectDelaysMs: [5] });
  // A new store per page load, as the browser has after a reload; the backend is the device's.
  const store = createDraftStore({ backend });
  const view = render(
    <WidgetShell owner={{}} host={new EventTarget()} catalogue={MESSAGE_THREAD_CATALOGUE} inputs={{ gateway: client, chat }}>
      <DraftStoreProvider store={store}>
        <MessageThreadRoot {...props} />
      </DraftStoreProvider>
    </WidgetShell>,
  );
  const received = (method: string, path: RegExp) => sandbox.store.requests.filter((r) => r.method === method && path.test(r.path));
  return { ...view, sandbox, store, received, release: held.release };
}

/** The composer, once the chat is ready. */
async function composer() {
  const box = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Write a message...' }, { timeout: 10_000 });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Attach a file' })).toHaveProperty('disabled', false), { timeout: 10_000 });
  return box;
}
/** The composer's live region ('Draft restored' when a kept draft came back). */
const draftHint = () => document.querySelector<HTMLElement>('[part="draft-hint"]');
const list = () => screen.getByRole('region', { name: 'Messages' });
/** The tab is closed or reloaded: the page's staged text is written. */
const pageHide = () => act(() => void window.dispatchEvent(new Event('pagehide')));
/** Time for a kept draft to be read and shown (a read is a few microtasks, the hint a paint after). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));
const stored = (backend: ReturnType<typeof memoryDraftBackend>) => (backend.entries.get(KEY) as { text: string } | undefined)?.text ?? null;

afterEach(async () => {
  cleanup();
  await vi.dynamicImportSettled();
});

describe('<MessageThreadRoot> composer drafts', () => {
  it("reads the kept draft once the thread's first page is in, not beside its first screen", async () => {
    const backend = memoryDraftBackend();
    await backend.set(KEY, { text: 'Kept from before.', savedAt: Date.now() });
    // The first page of messages is held: the thread stays on its first screen for as long as the test needs.
    const view = renderThread(backend, THREAD, createSandboxGateway(), /\/messages(\?|$)/);
    const reads: string[] = [];
    const read = view.store.read.bind(view.store);
    view.store.read = (key) => {
      reads.push(key);
      return read(key);
    };
    // The composer is there, the page not yet: the drafts' store is not asked.
    const waiting = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Write a message...' }, { timeout: 10_000 });
    await waitFor(() => expect(view.sandbox.store.requests.some((r) => r.method === 'GET' && /\/conversations\//.test(r.path))).toBe(true), {
      timeout: 10_000,
    });
    expect(reads).toEqual([]);
    expect(waiting.value).toBe('');
    view.release();
    const box = await composer();
    await waitFor(() => expect(box.value).toBe('Kept from before.'));
    expect(reads).toEqual([KEY]);
  });

  it('a saved reply inserted with / is kept as the draft too', async () => {
    const backend = memoryDraftBackend();
    renderThread(backend);
    const box = await composer();
    act(() => box.focus());
    fireEvent.change(box, { target: { value: '/thursday' } });
    const listbox = await screen.findByRole('listbox', { name: 'Saved replies' }, { timeout: 10_000 });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(1));
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('I can come by Thursday morning. Does that work for you?');
    await pageHide();
    await waitFor(() => expect(stored(backend)).toBe('I can come by Thursday morning. Does that work for you?'));
  });

  it('keeps what is typed through a reload, says so quietly, and deletes it once the send is accepted', async () => {
    const backend = memoryDraftBackend();
    const first = renderThread(backend);
    fireEvent.change(await composer(), { target: { value: 'I can come by Thursday at 9.' } });
    await pageHide();
    await waitFor(() => expect(stored(backend)).toBe('I can come by Thursday at 9.'));
    first.unmount();

    const second = renderThread(backend);
    const box = await composer();
    await waitFor(() => expect(box.value).toBe('I can come by Thursday at 9.'));
    const region = draftHint()!;
    expect(region.getAttribute('role')).toBe('status');
    await waitFor(() => expect(region.textContent).toBe('Draft restored'));
    // The hint goes with the next edit.
    fireEvent.change(box, { target: { value: 'I can come by Thursday at 10.' } });
    expect(region.textContent).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(second.received('POST', /\/v1\/messages$/)).toHaveLength(1));
    await waitFor(() => expect(within(list()).getAllByText('I can come by Thursday at 10.')).toHaveLength(1));
    await waitFor(() => expect(backend.entries.has(KEY)).toBe(false));
    second.unmount();

    renderThread(backend);
    const again = await composer();
    await settle();
    expect(again.value).toBe('');
    expect(draftHint()!.textContent).toBe('');
  });

  it('keeps the text of a send that failed: after a reload it is back in the composer; a Retry that goes through deletes it', async () => {
    const backend = memoryDraftBackend();
    const sandbox = createSandboxGateway();
    sandbox.faults.status(503, undefined, { route: `POST ${MC}/v1/messages`, times: 1 });
    const first = renderThread(backend, THREAD, sandbox);
    const box = await composer();
    fireEvent.change(box, { target: { value: 'Did you get my quote?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(box.value).toBe('');
    expect(await screen.findByText('Not sent.', undefined, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(stored(backend)).toBe('Did you get my quote?'));

    // Retry in this page: accepted, so the draft goes.
    const failed = screen.getByText('Not sent.').closest('[data-state]') as HTMLElement;
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('Not sent.')).toBeNull());
    await waitFor(() => expect(backend.entries.has(KEY)).toBe(false));
    first.unmount();

    // A failed send, then a reload: the text is in the composer again.
    sandbox.faults.status(503, undefined, { route: `POST ${MC}/v1/messages`, times: 1 });
    const second = renderThread(backend, THREAD, sandbox);
    const box2 = await composer();
    fireEvent.change(box2, { target: { value: 'Are you still interested?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Not sent.', undefined, { timeout: 10_000 })).toBeTruthy();
    second.unmount();
    renderThread(backend, THREAD, sandbox);
    const box3 = await composer();
    await waitFor(() => expect(box3.value).toBe('Are you still interested?'));
  });

  it("keeps drafts per provider: another provider's draft for the same member is not shown", async () => {
    const backend = memoryDraftBackend([[threadDraftKey(1002, 5001)!, { text: 'Another provider’s draft', savedAt: Date.now() }]]);
    renderThread(backend);
    const box = await composer();
    await settle();
    expect(box.value).toBe('');
    expect(draftHint()!.textContent).toBe('');
  });

  it('with drafts="off" reads and writes nothing', async () => {
    const backend = memoryDraftBackend([[KEY, { text: 'Kept from before', savedAt: Date.now() }]]);
    const { store } = renderThread(backend, { ...THREAD, drafts: 'off' });
    const box = await composer();
    fireEvent.change(box, { target: { value: 'Not to be kept' } });
    await pageHide();
    await act(() => store.flush());
    expect(box.value).toBe('Not to be kept');
    // The draft the pro had is left as it was (off keeps nothing new and deletes nothing).
    expect(stored(backend)).toBe('Kept from before');
  });
});
