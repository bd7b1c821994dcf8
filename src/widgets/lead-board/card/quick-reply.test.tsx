import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SANDBOX_LEADS, type createSandboxGateway } from '@leadkit/sandbox';
import { renderWidget } from '../../../../test/helpers/render-widget';
import { FIRST_PAGE_TIMEOUT_MS, preloadBoardParts } from '../../../../test/support/lead-board';
import type { ChatClientFactory } from '../../../chat/chat-client';
import type { GatewayClientConfig } from '../../../gateway/core/client';
import { chatFactoryFor, hasChatFactory } from '../../../chat/chat-factory';
import type * as ChatFactoryModule from '../../../chat/chat-factory';
import { createSandboxChatClientFactory } from '../../../chat/sandbox-chat-client';
import { ANSWERED_LEADS_STORAGE_KEY } from '../../../domain/answered-leads';
import { createDraftStore, memoryDraftBackend } from '../../../domain/drafts';
import { threadDraftKey } from '../../../domain/draft-keys';
import { DraftStoreProvider } from '../../../ui/use-draft';
import { LeadBoardRoot } from '../lead-board';
import { LEAD_BOARD_CATALOGUE } from '../lead-board-messages';
import { QuickReplyComposer } from '../quick-reply/quick-reply-loader';

/**
 * The card's quick answer on the board over the in-process sandbox and its chat:
 * the saved replies filled from the lead, the send through the thread's path (what the sandbox
 * stored, once), its states, the cue ended, the text kept on a failed or offline send.
 */

const MESSAGES = '/gateway/message-center/v1/messages';
const CHAT_SESSION = '/gateway/message-center/v1/chat/session';
const LEAD = SANDBOX_LEADS.newest; // Jordan Rivera, New, 36 min old at noon
// The widget's and the sandbox's clock: the newest lead came 36 minutes before.
const noon = new Date(2026, 10, 26, 12, 0);
const REPLIES = [
  { id: 'hello', text: 'Hi {firstName}, thanks for your {category} request!' },
  { id: 'when', text: 'When can I come by for a look?' },
];

// Watched, as they are: where a quick send gets its chat factory (none: it opens no chat).
vi.mock('../../../chat/chat-factory', async (importOriginal) => {
  const actual = await importOriginal<typeof ChatFactoryModule>();
  return { ...actual, hasChatFactory: vi.fn(actual.hasChatFactory), chatFactoryFor: vi.fn(actual.chatFactoryFor) };
});

beforeAll(async () => {
  await preloadBoardParts();
  await QuickReplyComposer.preload();
});
beforeEach(() => localStorage.removeItem(ANSWERED_LEADS_STORAGE_KEY));
afterEach(async () => {
  cleanup();
  await vi.dynamicImportSettled();
  vi.restoreAllMocks();
  localStorage.removeItem(ANSWERED_LEADS_STORAGE_KEY);
});

type Backend = ReturnType<typeof memoryDraftBackend>;

async function openBoard(
  options: {
    savedReplies?: unknown;
    backend?: Backend;
    /** The host's chat adapter; null: none (npm's leadkit with no `chat` given). Default: the sandbox's. */
    chat?: ChatClientFactory | null;
    /** More of the host's gateway config (its `getChatToken`, `onChallenge`…). */
    gateway?: Partial<GatewayClientConfig>;
  } = {},
) {
  const backend = options.backend ?? memoryDraftBackend();
  const chat = options.chat === undefined ? createSandboxChatClientFactory({ reconnectDelaysMs: [5] }) : options.chat;
  const view = renderWidget(
    <DraftStoreProvider store={createDraftStore({ backend })}>
      <LeadBoardRoot spId={1001} />
    </DraftStoreProvider>,
    LEAD_BOARD_CATALOGUE,
    {
      sandbox: { now: () => noon },
      ...(options.gateway ? { gateway: options.gateway } : {}),
      inputs: {
        now: () => noon,
        ...(chat ? { chat } : {}),
        ...(options.savedReplies === undefined ? {} : { savedReplies: options.savedReplies as never }),
      },
    },
  );
  await screen.findByText(/^Showing \d+ - \d+ of \d+ results$/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS });
  const card = screen.getAllByRole('listitem').find((item) => Number(item.dataset.leadId) === LEAD)!;
  const stored = (text: string) => view.sandbox.store.messages.filter((m) => m.text === text);
  const draft = () => (backend.entries.get(threadDraftKey(1001, Number(userIdOf(view.sandbox)))!) as { text: string } | undefined)?.text ?? null;
  return { ...view, card, stored, draft, backend };
}

/** The newest lead's customer (the conversation's member). */
const userIdOf = (sandbox: ReturnType<typeof createSandboxGateway>) => sandbox.store.leads.find((lead) => lead.leadId === LEAD)!.memberId;

async function openComposer(card: HTMLElement) {
  await userEvent.click(within(card).getByRole('button', { name: 'Quick reply' }));
  return within(card).findByRole('region', { name: 'Quick reply to Jordan Rivera' }, { timeout: FIRST_PAGE_TIMEOUT_MS });
}

describe("the card's quick answer", () => {
  it('opens on a lead that waits for its first answer with the saved replies filled in; a choice fills the text, which can be edited; Send delivers it once and ends the cue', async () => {
    const { card, stored, received, host } = await openBoard({ savedReplies: REPLIES });
    const sends: unknown[] = [];
    host.addEventListener('lk-message-send', (event) => sends.push((event as CustomEvent).detail));
    expect(within(card).getByText('Respond first')).toBeTruthy();
    const composer = await openComposer(card);
    const group = within(composer).getByRole('group', { name: 'Saved replies' });
    const first = within(group).getByRole('button', { name: 'Hi Jordan, thanks for your Water Heater Installation request!' });
    // The first reply is in the text box from the start, and focus is on it (no phone keyboard).
    expect(first.getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(first);
    const box = within(composer).getByRole('textbox', { name: 'Your message' }) as HTMLTextAreaElement;
    expect(box.value).toBe('Hi Jordan, thanks for your Water Heater Installation request!');
    await userEvent.click(within(group).getByRole('button', { name: 'When can I come by for a look?' }));
    expect(box.value).toBe('When can I come by for a look?');
    fireEvent.change(box, { target: { value: 'When can I come by for a look? Tomorrow at 9 works.' } });
    await userEvent.click(within(composer).getByRole('button', { name: 'Send' }));
    expect(await within(composer).findByText('Delivered', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(stored('When can I come by for a look? Tomorrow at 9 works.')).toHaveLength(1);
    expect(received('POST', MESSAGES)).toHaveLength(1);
    expect(sends).toEqual([{ messageId: stored('When can I come by for a look? Tomorrow at 9 works.')[0]!.messageId, leadId: LEAD }]);
    await waitFor(() => expect(within(card).queryByText('Respond first')).toBeNull());
    // The way to the thread with the message in it: the card's own message route.
    const open = within(composer).getByRole('link', { name: 'Open conversation' });
    expect(open.getAttribute('href')).toBe(card.querySelector('[part="message-button"]')?.getAttribute('href'));
    expect(open.getAttribute('href')).toContain('/thread/');
  });

  it('is two taps: Quick reply, then Send sends the first saved reply', async () => {
    const { card, stored } = await openBoard({ savedReplies: REPLIES });
    const composer = await openComposer(card);
    await userEvent.click(within(composer).getByRole('button', { name: 'Send' }));
    expect(await within(composer).findByText('Delivered', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(stored('Hi Jordan, thanks for your Water Heater Installation request!')).toHaveLength(1);
  });

  it('without saved replies says so; the text box takes focus; Escape closes it and focus goes back to Quick reply', async () => {
    const { card } = await openBoard({ savedReplies: [] });
    const composer = await openComposer(card);
    expect(within(composer).getByText(/^No saved replies yet/)).toBeTruthy();
    expect(within(composer).queryByRole('group', { name: 'Saved replies' })).toBeNull();
    const box = within(composer).getByRole('textbox', { name: 'Your message' });
    expect(document.activeElement).toBe(box);
    expect((within(composer).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(within(card).queryByRole('region', { name: 'Quick reply to Jordan Rivera' })).toBeNull());
    expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Quick reply' }));
  });

  it("keeps a failed send with its text (as the conversation's draft) and Retry; Retry reuses the key: stored once, then the draft is gone", async () => {
    const { card, stored, received, draft, sandbox } = await openBoard({ savedReplies: REPLIES });
    sandbox.faults.drop({ route: `POST ${MESSAGES}`, afterHandling: true, times: 1 });
    const composer = await openComposer(card);
    await userEvent.click(within(composer).getByRole('button', { name: 'Send' }));
    const text = 'Hi Jordan, thanks for your Water Heater Installation request!';
    expect(await within(composer).findByText('Not sent.', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(within(composer).getByText(text)).toBeTruthy();
    expect(draft()).toBe(text);
    // The cue stays: the gateway did not say it took it.
    expect(within(card).getByText('Respond first')).toBeTruthy();
    await userEvent.click(within(composer).getByRole('button', { name: 'Retry' }));
    expect(await within(composer).findByText('Delivered', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    const [firstTry, retry] = received('POST', MESSAGES);
    expect(retry?.headers['idempotency-key']).toBe(firstTry?.headers['idempotency-key']);
    expect(stored(text)).toHaveLength(1);
    await waitFor(() => expect(draft()).toBeNull());
    await waitFor(() => expect(within(card).queryByText('Respond first')).toBeNull());
  });

  it('offline: says the message is kept, keeps it as the draft, and sends it once when the device is back online', async () => {
    const { card, stored, received, draft, sandbox } = await openBoard({ savedReplies: REPLIES });
    const composer = await openComposer(card);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    // No answer at all: the request never reaches the gateway.
    const outage = sandbox.faults.drop({ route: `POST ${MESSAGES}` });
    await userEvent.click(within(composer).getByRole('button', { name: 'Send' }));
    const text = 'Hi Jordan, thanks for your Water Heater Installation request!';
    expect(await within(composer).findByText(/^Not sent\. You are offline\. Your message is kept/, undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(draft()).toBe(text);
    expect(stored(text)).toHaveLength(0);
    outage.remove();
    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await within(composer).findByText('Delivered', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(stored(text)).toHaveLength(1);
    await waitFor(() => expect(draft()).toBeNull());
    // Sent again exactly once, with its key; another 'online' sends nothing.
    act(() => void window.dispatchEvent(new Event('online')));
    expect(within(composer).getByText('Delivered')).toBeTruthy();
    const [dropped, resent, ...more] = received('POST', MESSAGES);
    expect(more).toEqual([]);
    expect(resent?.headers['idempotency-key']).toBe(dropped?.headers['idempotency-key']);
  });

  it('a 511 challenge: says it waits for the security check; once passed the message is sent once more with its key, stored once, and the cue ends', async () => {
    let pass!: () => void;
    const passed = new Promise<void>((resolve) => (pass = resolve));
    // The sandbox the board talks to, once it is made (the challenge is passed there).
    const at: { sandbox?: ReturnType<typeof createSandboxGateway> } = {};
    const { card, stored, received, sandbox } = await openBoard({
      savedReplies: REPLIES,
      gateway: {
        onChallenge: async ({ challengeId }) => {
          await passed;
          return at.sandbox!.faults.passChallenge(challengeId);
        },
      },
    });
    at.sandbox = sandbox;
    sandbox.faults.challenge({ route: `POST ${MESSAGES}` });
    const composer = await openComposer(card);
    await userEvent.click(within(composer).getByRole('button', { name: 'Send' }));
    const text = 'Hi Jordan, thanks for your Water Heater Installation request!';
    expect(
      await within(composer).findByText('Waiting for a security check. Your message is sent once it is passed.', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS }),
    ).toBeTruthy();
    expect(within(card).getByText('Respond first')).toBeTruthy();
    pass();
    expect(await within(composer).findByText('Delivered', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    const [first, replay] = received('POST', MESSAGES);
    expect(received('POST', MESSAGES)).toHaveLength(2);
    expect(replay?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(stored(text)).toHaveLength(1);
    await waitFor(() => expect(within(card).queryByText('Respond first')).toBeNull());
  });

  it("with no chat adapter (npm's leadkit, no `chat` given): the message is sent once and stays 'Sent' — no chat session is asked of the gateway, nor of the host's getChatToken", async () => {
    const getChatToken = vi.fn(() => Promise.reject(new Error('not to be asked')));
    vi.mocked(hasChatFactory).mockClear();
    vi.mocked(chatFactoryFor).mockClear();
    const { card, stored, received, host } = await openBoard({ savedReplies: REPLIES, chat: null, gateway: { getChatToken } });
    const sends: unknown[] = [];
    host.addEventListener('lk-message-send', (event) => sends.push((event as CustomEvent).detail));
    const composer = await openComposer(card);
    await userEvent.click(within(composer).getByRole('button', { name: 'Send' }));
    const text = 'Hi Jordan, thanks for your Water Heater Installation request!';
    expect(await within(composer).findByText('Sent', undefined, { timeout: FIRST_PAGE_TIMEOUT_MS })).toBeTruthy();
    expect(stored(text)).toHaveLength(1);
    expect(sends).toEqual([{ messageId: stored(text)[0]!.messageId, leadId: LEAD }]);
    await waitFor(() => expect(within(card).queryByText('Respond first')).toBeNull());
    // The send's session was made at Send with no chat factory (the only way it opens a chat, and
    // asks for a chat session): none was made, so none can follow.
    expect(vi.mocked(hasChatFactory)).toHaveBeenCalled();
    expect(vi.mocked(hasChatFactory).mock.results.every((result) => result.value === false)).toBe(true);
    expect(chatFactoryFor).not.toHaveBeenCalled();
    expect(received('POST', CHAT_SESSION)).toEqual([]);
    expect(getChatToken).not.toHaveBeenCalled();
    expect(within(composer).getByText('Sent')).toBeTruthy();
  });
});
