import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { createDraftStore, memoryDraftBackend, type DraftStore } from '../domain/drafts';
import type * as Drafts from '../domain/drafts';
import { DraftStoreProvider, useDraft, type DraftHandle } from './use-draft';

/**
 * The page's own draft store (no DraftStoreProvider): its code — domain/drafts.ts and the
 * IndexedDB backend, chunks of their own in the build — is fetched on the store's first call,
 * not when an editor mounts, so an editor that reads later (the thread, once its first page is
 * in) does not bring it beside a first screen.
 */
const created = vi.hoisted(() => ({ count: 0 }));
vi.mock('../domain/drafts', async (importOriginal) => {
  const actual = await importOriginal<typeof Drafts>();
  return {
    ...actual,
    createDraftStore: (options: Parameters<typeof actual.createDraftStore>[0]) => {
      created.count += 1;
      // happy-dom has no IndexedDB: the same store over memory.
      return actual.createDraftStore({ ...options, backend: memoryDraftBackend() });
    },
  };
});

afterEach(() => cleanup());

function Editor({ readNow, handle }: { readNow: boolean; handle: { current: DraftHandle | null } }) {
  handle.current = useDraft('leadkit:draft:v1:sp:1001:thread:5001', () => true, readNow);
  return null;
}

describe('useDraft over the page store', () => {
  it('fetches the store when it is first needed — a read once readNow, or a keystroke — not on mount', async () => {
    const handle: { current: DraftHandle | null } = { current: null };
    const view = render(<Editor readNow={false} handle={handle} />);
    // Mounted and waiting to read: nothing asked of the store, so its code is not fetched.
    await act(() => Promise.resolve());
    expect(created.count).toBe(0);
    // Text typed meanwhile is kept: staging it fetches the store.
    act(() => handle.current?.save('On my way.'));
    await waitFor(() => expect(created.count).toBe(1));
    // One store per page: reading later uses it.
    view.rerender(<Editor readNow handle={handle} />);
    await act(() => Promise.resolve());
    expect(created.count).toBe(1);
  });
});

describe('useDraft reading', () => {
  it('reads the stored draft after the editor has painted, not in the commit that showed it (a card opening), and offers it then', async () => {
    const memory = createDraftStore({ backend: memoryDraftBackend() });
    const key = 'leadkit:draft:v1:sp:1001:lead:300001:notes';
    memory.stage(key, 'Call after 5');
    await memory.flush();
    const reads: string[] = [];
    const store: DraftStore = { ...memory, read: (read) => (reads.push(read), memory.read(read)) };
    const restored: string[] = [];
    function NotesEditor() {
      useDraft(key, (text) => (restored.push(text), true));
      return null;
    }
    await act(async () => {
      render(
        <DraftStoreProvider store={store}>
          <NotesEditor />
        </DraftStoreProvider>,
      );
    });
    // Mounted, its effects run (as a tap's are, before the frame): nothing read yet.
    expect(reads).toEqual([]);
    await waitFor(() => expect(restored).toEqual(['Call after 5']));
    expect(reads).toEqual([key]);
  });
});

describe('useDraft writing when the page hides', () => {
  it('listens for the page hiding once text was staged, not while the editor is only shown (a card opening adds no page listeners)', async () => {
    const memory = createDraftStore({ backend: memoryDraftBackend() });
    const flushes: number[] = [];
    const store: DraftStore = { ...memory, flush: () => (flushes.push(1), memory.flush()) };
    const added = vi.spyOn(window, 'addEventListener');
    const handle: { current: DraftHandle | null } = { current: null };
    function NotesEditor() {
      handle.current = useDraft('leadkit:draft:v1:sp:1001:lead:300001:notes', () => true, false);
      return null;
    }
    const view = render(
      <DraftStoreProvider store={store}>
        <NotesEditor />
      </DraftStoreProvider>,
    );
    await act(() => Promise.resolve());
    const pageHideListeners = () => added.mock.calls.filter(([type]) => type === 'pagehide').length;
    expect(pageHideListeners()).toBe(0);
    // Typed: the staged text is written when the page hides…
    act(() => handle.current?.save('Gate code 1234'));
    act(() => handle.current?.save('Gate code 12345'));
    expect(pageHideListeners()).toBe(1);
    window.dispatchEvent(new Event('pagehide'));
    expect(flushes).toHaveLength(1);
    await waitFor(async () => expect(await memory.read('leadkit:draft:v1:sp:1001:lead:300001:notes')).toBe('Gate code 12345'));
    // …and when the editor goes, which stops the listening.
    view.unmount();
    expect(flushes).toHaveLength(2);
    window.dispatchEvent(new Event('pagehide'));
    expect(flushes).toHaveLength(2);
    added.mockRestore();
  });
});
