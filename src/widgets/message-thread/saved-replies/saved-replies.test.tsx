import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ChatClientFactory } from '../../../chat/chat-client';
import { createSandboxChatClientFactory } from '../../../chat/sandbox-chat-client';
import { createTwilioChatAdapter } from '../../../chat/twilio-chat-client';
import { TwilioDouble } from '../../../../test/helpers/twilio-double';
import { createSandboxGateway, SANDBOX_LEADS, type SandboxGateway } from '@leadkit/sandbox';
import type { SavedReply } from '../../../domain/saved-replies';
import { createGatewayClient } from '../../../gateway/core/client';
import type { LeadkitEventMap } from '../../../contract/events';
import { WidgetShell } from '../../../runtime/widget-shell';
import { MessageThreadRoot } from '../message-thread';
import { MESSAGE_THREAD_CATALOGUE } from '../message-thread-messages';

/**
 * Saved replies in the thread's composer (docs/widgets/message-thread.md#saved-replies) against the in-process sandbox: the menu
 * and the `/` suggestions by role and visible text, the change events the host receives, what
 * the message center received when the inserted reply is sent.
 */

type Change = LeadkitEventMap['lk-saved-replies-change'];
const LAZY_MS = 10_000;
const THURSDAY = 'I can come by Thursday morning. Does that work for you?';
const PHOTO = 'Could you send a photo of the problem? It helps me bring the right parts.';

beforeAll(async () => {
  // The lazy parts load before the tests look for them (a busy machine is slow to import them).
  await Promise.all([import('./saved-replies-part'), import('../body/thread-body-part')]);
});

afterEach(async () => {
  cleanup();
  await vi.dynamicImportSettled();
});

function renderThread(options: { savedReplies?: readonly SavedReply[] | null; chat?: ChatClientFactory; sandbox?: SandboxGateway } = {}) {
  const sandbox = options.sandbox ?? createSandboxGateway();
  const client = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'provider', spId: 1001 }, retry: { retries: 0 } });
  const chat = options.chat ?? createSandboxChatClientFactory({ fetch: sandbox.fetch, reconnectDelaysMs: [5] });
  const host = new EventTarget();
  const changes: Change[] = [];
  host.addEventListener('lk-saved-replies-change', (event) => changes.push((event as CustomEvent<Change>).detail));
  const owner = {};
  const tree = (savedReplies: readonly SavedReply[] | null | undefined) => (
    // A host clock, as hosts and stories set one: a runtime made anew wraps it anew.
    <WidgetShell owner={owner} host={host} catalogue={MESSAGE_THREAD_CATALOGUE} inputs={{ gateway: client, chat, savedReplies, now: () => new Date() }}>
      <MessageThreadRoot spId={1001} userId={5001} leadId={SANDBOX_LEADS.newest} />
    </WidgetShell>
  );
  const view = render(tree(options.savedReplies));
  const sent = () => sandbox.store.requests.filter((r) => r.method === 'POST' && /\/v1\/messages$/.test(r.path));
  const sessions = () => sandbox.store.requests.filter((r) => r.method === 'POST' && /\/v1\/chat\/session$/.test(r.path)).length;
  return { ...view, sandbox, changes, sent, sessions, setSavedReplies: (list: readonly SavedReply[] | null) => view.rerender(tree(list)) };
}

async function ready() {
  const box = (await screen.findByRole('textbox', { name: 'Write a message...' }, { timeout: LAZY_MS })) as HTMLTextAreaElement;
  await waitFor(() => expect(screen.getByRole('button', { name: 'Saved replies' })).toHaveProperty('disabled', false), { timeout: LAZY_MS });
  return box;
}

const key = (target: Element, name: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(target, { key: name, ...init });
const shadowless = () => document;
const active = () => shadowless().activeElement;

async function openMenu() {
  const button = screen.getByRole('button', { name: 'Saved replies' });
  act(() => button.focus());
  fireEvent.click(button);
  return screen.findByRole('dialog', { name: 'Saved replies' }, { timeout: LAZY_MS });
}

describe('saved replies: the / suggestions', () => {
  it('typing / in an empty composer lists the replies filtered by what follows; Enter inserts (replacing /query, caret at the end) without sending; Enter then sends it', async () => {
    const { sent } = renderThread();
    const box = await ready();
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    act(() => box.focus());
    fireEvent.change(box, { target: { value: '/' } });
    const listbox = await screen.findByRole('listbox', { name: 'Saved replies' }, { timeout: LAZY_MS });
    expect(within(listbox).getAllByRole('option')).toHaveLength(5);
    fireEvent.change(box, { target: { value: '/photo' } });
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([PHOTO]),
    );
    // The first match is active (aria-activedescendant on the text box, which keeps focus).
    const [option] = within(listbox).getAllByRole('option');
    expect(option?.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(option?.id);
    expect(box.getAttribute('aria-controls')).toBe(listbox.id);
    key(box, 'Enter');
    expect(box.value).toBe(PHOTO);
    expect(screen.queryByRole('listbox', { name: 'Saved replies' })).toBeNull();
    await waitFor(() => expect(box.selectionStart).toBe(PHOTO.length));
    expect(active()).toBe(box);
    expect(sent()).toHaveLength(0);
    key(box, 'Enter');
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]?.body).toMatchObject({ text: PHOTO, senderEntityId: 1001, receiverEntityId: 5001 });
  });

  it('ArrowDown/ArrowUp move the active option (wrapping); a click inserts too', async () => {
    renderThread();
    const box = await ready();
    fireEvent.change(box, { target: { value: '/' } });
    const listbox = await screen.findByRole('listbox', { name: 'Saved replies' }, { timeout: LAZY_MS });
    const selected = () =>
      within(listbox)
        .getAllByRole('option')
        .findIndex((o) => o.getAttribute('aria-selected') === 'true');
    key(box, 'ArrowDown');
    expect(selected()).toBe(1);
    key(box, 'ArrowUp');
    key(box, 'ArrowUp');
    expect(selected()).toBe(4);
    key(box, 'ArrowDown');
    expect(selected()).toBe(0);
    fireEvent.click(within(listbox).getByRole('option', { name: THURSDAY }));
    expect(box.value).toBe(THURSDAY);
  });

  it('Escape closes and keeps the typed text (and Enter then sends it as typed); typing on opens it again', async () => {
    const { sent } = renderThread();
    const box = await ready();
    fireEvent.change(box, { target: { value: '/thu' } });
    await screen.findByRole('listbox', { name: 'Saved replies' }, { timeout: LAZY_MS });
    key(box, 'Escape');
    expect(screen.queryByRole('listbox', { name: 'Saved replies' })).toBeNull();
    expect(box.value).toBe('/thu');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.change(box, { target: { value: '/thur' } });
    expect(screen.getByRole('listbox', { name: 'Saved replies' })).toBeTruthy();
    key(box, 'Tab');
    expect(screen.queryByRole('listbox', { name: 'Saved replies' })).toBeNull();
    key(box, 'Enter');
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]?.body).toMatchObject({ text: '/thur' });
  });

  it('says when nothing matches, and Enter then sends the text as typed; no suggestions unless the slash starts the text', async () => {
    const { sent } = renderThread();
    const box = await ready();
    fireEvent.change(box, { target: { value: 'See /' } });
    // The part is there (it loads on focus or on a slash) but nothing opens mid-text.
    act(() => box.focus());
    await act(async () => {
      await import('./saved-replies-part');
    });
    expect(screen.queryByRole('listbox', { name: 'Saved replies' })).toBeNull();
    // aria-controls names the list only while it is shown (an id naming nothing fails axe).
    expect(box.getAttribute('aria-controls')).toBeNull();
    fireEvent.change(box, { target: { value: '/zzz' } });
    await screen.findByText('No saved reply matches.', { selector: 'p' }, { timeout: LAZY_MS });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    key(box, 'Enter');
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]?.body).toMatchObject({ text: '/zzz' });
  });
});

describe('saved replies: the menu', () => {
  it('lists the defaults when the host sets none; keyboard: focus on the first, arrows move, Enter inserts at the caret and focus goes back to the text box', async () => {
    const { sent } = renderThread();
    const box = await ready();
    fireEvent.change(box, { target: { value: 'Hello! ' } });
    box.setSelectionRange(7, 7);
    const menu = await openMenu();
    const replies = within(menu).getAllByRole('button', { name: /^(?!Remove|Save)/ });
    expect(replies.map((b) => b.textContent)).toHaveLength(5);
    await waitFor(() => expect(active()).toBe(replies[0]));
    key(menu, 'ArrowDown');
    expect(active()).toBe(replies[1]);
    key(menu, 'End');
    expect(active()).toBe(within(menu).getByRole('button', { name: 'Save current text as reply' }));
    key(menu, 'Home');
    key(menu, 'ArrowDown');
    fireEvent.click(replies[1]!);
    expect(screen.queryByRole('dialog', { name: 'Saved replies' })).toBeNull();
    expect(box.value).toBe(`Hello! ${THURSDAY}`);
    await waitFor(() => expect(active()).toBe(box));
    expect(box.selectionStart).toBe(box.value.length);
    expect(sent()).toHaveLength(0);
  });

  it('Escape closes the menu back to its button', async () => {
    renderThread();
    await ready();
    const menu = await openMenu();
    key(menu, 'Escape');
    expect(screen.queryByRole('dialog', { name: 'Saved replies' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Saved replies' });
    expect(active()).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('saves the current text as a reply and removes one: each shown at once and sent to the host as the whole new list', async () => {
    const { changes } = renderThread({ savedReplies: [{ id: 'a', text: 'On my way.' }] });
    const box = await ready();
    let menu = await openMenu();
    // The host's list, not the defaults.
    expect(within(menu).getByRole('button', { name: 'On my way.' })).toBeTruthy();
    expect(within(menu).queryByRole('button', { name: THURSDAY })).toBeNull();
    const save = within(menu).getByRole('button', { name: 'Save current text as reply' });
    expect(save.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(save);
    expect(changes).toHaveLength(0);
    key(menu, 'Escape');

    fireEvent.change(box, { target: { value: '  Be there at 3pm.  ' } });
    menu = await openMenu();
    fireEvent.click(within(menu).getByRole('button', { name: 'Save current text as reply' }));
    expect(within(menu).getByRole('button', { name: 'Be there at 3pm.' })).toBeTruthy();
    expect(within(menu).getByText('Reply saved.')).toBeTruthy();
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      change: 'add',
      savedReplies: [
        { id: 'a', text: 'On my way.' },
        { id: changes[0]!.id, text: 'Be there at 3pm.' },
      ],
    });
    // The same text twice is not saved.
    expect(within(menu).getByText('This text is already a saved reply.')).toBeTruthy();

    fireEvent.click(within(menu).getByRole('button', { name: 'Remove saved reply: On my way.' }));
    expect(within(menu).queryByRole('button', { name: 'On my way.' })).toBeNull();
    expect(changes[1]).toEqual({ change: 'remove', id: 'a', savedReplies: [{ id: changes[0]!.id, text: 'Be there at 3pm.' }] });
    await waitFor(() => expect(active()).toBe(within(menu).getByRole('button', { name: 'Be there at 3pm.' })));
  });

  it('the host property is the source: a list set after a change replaces what the widget showed (the chat stays open)', async () => {
    const { setSavedReplies, changes, sessions } = renderThread();
    const box = await ready();
    expect(sessions()).toBe(1);
    fireEvent.change(box, { target: { value: 'Running late.' } });
    const menu = await openMenu();
    fireEvent.click(within(menu).getByRole('button', { name: 'Save current text as reply' }));
    expect(changes[0]?.savedReplies).toHaveLength(6);
    expect(within(menu).getByRole('button', { name: 'Running late.' })).toBeTruthy();
    setSavedReplies([{ id: 'x', text: 'From the host.' }, 'A plain string.' as unknown as SavedReply]);
    await waitFor(() => expect(within(menu).queryByRole('button', { name: 'Running late.' })).toBeNull());
    expect(
      within(menu)
        .getAllByRole('button', { name: /^(?!Remove|Save)/ })
        .map((b) => b.textContent),
    ).toEqual(['From the host.', 'A plain string.']);
    // A new runtime (the host set an input) did not reopen the chat, nor close the menu.
    expect(sessions()).toBe(1);
    expect(screen.getByRole('button', { name: 'Saved replies' }).getAttribute('aria-expanded')).toBe('true');
  });
});

describe('saved replies: the Twilio path', () => {
  it('a reply inserted with / is sent through the message center as any text (the Twilio adapter over its double)', async () => {
    const sandbox = createSandboxGateway();
    const twilio = new TwilioDouble('provider-1001');
    twilio.conversation(sandbox.chat.conversationSid(1001, 5001)).seed(2, (i) => (i % 2 === 0 ? 'member-5001' : 'provider-1001'));
    const { sent } = renderThread({ sandbox, chat: createTwilioChatAdapter({ loadSdk: async () => twilio }) });
    const box = await ready();
    fireEvent.change(box, { target: { value: '/thursday' } });
    await screen.findByRole('listbox', { name: 'Saved replies' }, { timeout: LAZY_MS });
    key(box, 'Enter');
    expect(box.value).toBe(THURSDAY);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]?.body).toMatchObject({ text: THURSDAY });
  });
});
