// In a DOM environment (happy-dom), where the widget runs.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandboxGateway } from '@leadkit/sandbox';
import { createGatewayClient } from '../gateway/core/client';
import { sendMessage } from '../gateway/message-center/calls';
import { holdingFetch } from '../../test/helpers/holding-fetch';
import type { ChatClient, ChatConnectionState, ChatMessage } from './chat-client';
import { openChat, type OpenedChat } from './open-chat';
import { createSandboxChatClientFactory } from './sandbox-chat-client';

/**
 * The sandbox chat adapter given the first page's size (`firstPageSize`, as the thread gives it):
 * the conversation and its newest page in one round trip, the event stream opened after them from
 * their older cursor — judged by what the in-process sandbox received. No mocks of our own code.
 */

const NOW = new Date('2025-06-11T15:30:00.000Z');
const CHAT = '/gateway/message-center/v1/chat';
const PAGE = 30;
const CONVERSATION_URL = /\/chat\/conversations\/[^/?]+$/;
const PAGE_URL = /\/chat\/conversations\/[^/?]+\/messages\?/;

const opened: ChatClient[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((client) => client.close()));
});

interface Sent {
  readonly method: string;
  readonly url: string;
  /** How many requests answered one after another before this one was sent, plus one (its round trip). */
  readonly depth: number;
  answered: boolean;
  /** It failed without an answer (aborted while held: it never reached the server). */
  failed: boolean;
}

/**
 * A sandbox, a gateway client and the adapter over one fetch that records what the client sent
 * (each request's round trip: one more than the deepest request answered when it was sent) and
 * holds the requests whose URL matches `hold` until `release()`.
 */
function setUp(hold?: RegExp) {
  const sandbox = createSandboxGateway({ now: () => NOW });
  const { fetch: holding, release } = holdingFetch(sandbox.fetch, hold);
  const sent: Sent[] = [];
  const fetch: typeof sandbox.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const depth = 1 + Math.max(0, ...sent.filter((s) => s.answered).map((s) => s.depth));
    const entry: Sent = { method: init?.method ?? 'GET', url, depth, answered: false, failed: false };
    sent.push(entry);
    try {
      const response = await holding(input, init);
      entry.answered = true;
      return response;
    } catch (error) {
      entry.failed = true;
      throw error;
    }
  };
  const gateway = createGatewayClient({ baseURL: 'http://sandbox.test', fetch, auth: { kind: 'provider', spId: 1001 }, retry: { retries: 0 } });
  const provider = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'provider', spId: 1001 } });
  const factory = createSandboxChatClientFactory({ reconnectDelaysMs: [5] });
  const open = (options: { firstPageSize?: number; signal?: AbortSignal } = { firstPageSize: PAGE }) =>
    openChat({ gateway, factory, thread: { serviceProviderId: 1001, userId: 5001 }, ...options }).then((chat) => {
      opened.push(chat.client);
      return chat;
    });
  const received = (method: string, path: RegExp) => sandbox.store.requests.filter((r) => r.method === method && path.test(r.path));
  const post = (text: string) => sendMessage(provider, { text, senderEntityId: 1001, receiverEntityId: 5001 });
  return { sandbox, sent, release, open, received, post, depthOf: (url: RegExp) => sent.find((s) => url.test(s.url))?.depth };
}

/** Every message the conversation announces, in order. */
function collect(chat: OpenedChat): ChatMessage[] {
  const seen: ChatMessage[] = [];
  chat.conversation.onMessageAdded((message) => seen.push(message));
  return seen;
}

describe('sandbox chat adapter with the first page’s size', () => {
  it('sends the conversation and its newest page before either is answered; the page is the first getMessages’ (asked once); two round trips before the first message, four without the size', async () => {
    const { sent, release, open, received, depthOf } = setUp(/\/chat\/conversations\//);
    const opening = open();
    // Both on their way while neither has an answer (both held).
    await vi.waitFor(() => expect(sent.filter((s) => CONVERSATION_URL.test(s.url) || PAGE_URL.test(s.url))).toHaveLength(2));
    expect(sent.filter((s) => /\/chat\/conversations\//.test(s.url)).every((s) => !s.answered)).toBe(true);
    release();
    const chat = await opening;
    const page = await chat.conversation.getMessages({ pageSize: PAGE });
    expect(page.messages.map((m) => m.index)).toEqual([0, 1, 2, 3]);
    expect(received('GET', /\/conversations\/[^/]+\/messages$/)).toHaveLength(1);
    expect(received('GET', /\/conversations\/[^/]+\/messages$/)[0]?.query).toMatchObject({ pageSize: String(PAGE) });
    // The session call, then the conversation and the page together; the stream after them.
    expect(depthOf(/\/chat\/session$/)).toBe(1);
    expect(depthOf(CONVERSATION_URL)).toBe(2);
    expect(depthOf(PAGE_URL)).toBe(2);
    await vi.waitFor(() => expect(chat.client.connectionState).toBe('connected'));
    expect(depthOf(/\/chat\/events$/)).toBe(3);

    // Without the size (a host's own caller): each call waits for the one before, as before.
    const plain = setUp();
    const chained = await plain.open({});
    await chained.conversation.getMessages({ pageSize: PAGE });
    expect([/\/chat\/session$/, /\/chat\/events$/, CONVERSATION_URL, PAGE_URL].map((url) => plain.depthOf(url))).toEqual([1, 2, 3, 4]);
  });

  it('opens the stream from the older cursor (the page’s): a message written after the page and before the conversation’s answer arrives once, replayed', async () => {
    const { sandbox, sent, release, open, received, post } = setUp(CONVERSATION_URL);
    const opening = open();
    // The page answered (the conversation held), then a message is written.
    await vi.waitFor(() => expect(sent.find((s) => PAGE_URL.test(s.url))?.answered).toBe(true));
    const pageCursor = sandbox.chat.eventPosition;
    await post('Between the snapshots');
    release();
    const chat = await opening;
    const seen = collect(chat);
    const page = await chat.conversation.getMessages({ pageSize: PAGE });
    expect(page.messages.map((m) => m.body)).not.toContain('Between the snapshots');
    await vi.waitFor(() => expect(seen.map((m) => m.body)).toContain('Between the snapshots'));
    const [events] = received('GET', /\/chat\/events$/);
    expect(events?.headers['last-event-id']).toBe(String(pageCursor));
    // Once: a later message comes after it, and it came no second time.
    await post('Later');
    await vi.waitFor(() => expect(seen.map((m) => m.body)).toContain('Later'));
    expect(seen.map((m) => m.body)).toEqual(['Between the snapshots', 'Later']);
  });

  it('holds what the stream brings before anyone listens to the conversation, and hands it to the first listener in order', async () => {
    const { sandbox, sent, release, open, post } = setUp(CONVERSATION_URL);
    const opening = open();
    await vi.waitFor(() => expect(sent.find((s) => PAGE_URL.test(s.url))?.answered).toBe(true));
    await post('Between the snapshots');
    release();
    const chat = await opening;
    // The simulated customer reads what comes next: its read event follows it on the stream.
    sandbox.chat.setCustomerReplies({ delayMs: 50 });
    const read = new Promise((resolve) => chat.conversation.onReadHorizonChange!(resolve));
    await post('Later');
    await read; // both messages were on the stream before it, while nobody listened to messages
    sandbox.chat.setCustomerReplies(false);
    const seen = collect(chat);
    await vi.waitFor(() => expect(seen.map((m) => m.body)).toEqual(['Between the snapshots', 'Later']));
  });

  it('opens the stream from the conversation’s cursor when it is the older: a message the page already holds is not announced again', async () => {
    const { sandbox, sent, release, open, received, post } = setUp(PAGE_URL);
    const opening = open();
    await vi.waitFor(() => expect(sent.find((s) => CONVERSATION_URL.test(s.url))?.answered).toBe(true));
    const conversationCursor = sandbox.chat.eventPosition;
    const chat = await opening; // resolves with the conversation: the page is still held
    const seen = collect(chat);
    await post('In the page');
    expect(received('GET', /\/chat\/events$/)).toHaveLength(0);
    release();
    const page = await chat.conversation.getMessages({ pageSize: PAGE });
    expect(page.messages.at(-1)?.body).toBe('In the page');
    await vi.waitFor(() => expect(received('GET', /\/chat\/events$/)).toHaveLength(1));
    expect(received('GET', /\/chat\/events$/)[0]?.headers['last-event-id']).toBe(String(conversationCursor));
    await post('Live');
    await vi.waitFor(() => expect(seen.map((m) => m.body)).toContain('Live'));
    expect(seen.map((m) => m.body)).toEqual(['Live']);
  });

  it('a prefetched page that fails fails the first getMessages (as a page does), not the opening; asked again, it comes', async () => {
    const { sandbox, open, received } = setUp();
    // Every try of the page (a GET is asked again twice).
    sandbox.faults.status(503, undefined, { route: `GET ${CHAT}/conversations/:sid/messages`, times: 3 });
    const chat = await open();
    await expect(chat.conversation.getMessages({ pageSize: PAGE })).rejects.toMatchObject({ name: 'ChatError', kind: 'rejected', status: 503 });
    expect(received('GET', /\/conversations\/[^/]+\/messages$/)).toHaveLength(3);
    const again = await chat.conversation.getMessages({ pageSize: PAGE });
    expect(again.messages).toHaveLength(4);
    // The stream opened from the conversation's cursor (the page gave none).
    await vi.waitFor(() => expect(chat.client.connectionState).toBe('connected'));
  });

  it('a stream that cannot open leaves the chat working over HTTP (pages, sends) and is tried again until it opens', async () => {
    const { sandbox, open, received } = setUp();
    const refused = sandbox.faults.status(503, undefined, { route: `GET ${CHAT}/events` });
    const chat = await open();
    const states: ChatConnectionState[] = [];
    chat.client.onConnectionStateChange((state) => states.push(state));
    expect((await chat.conversation.getMessages({ pageSize: PAGE })).messages).toHaveLength(4);
    expect(await chat.conversation.sendText('Over HTTP')).toEqual({ index: 4 });
    // More tries than a factory waiting for its stream makes before it gives up (3).
    await vi.waitFor(() => expect(received('GET', /\/chat\/events$/).length).toBeGreaterThan(4));
    expect(states).toContain('disconnected');
    refused.remove();
    await vi.waitFor(() => expect(chat.client.connectionState).toBe('connected'));
  });

  it('closing while the snapshots are on their way aborts them: the server gets neither, no stream opens, the opening ends as aborted', async () => {
    const { sandbox, sent, release, open, received } = setUp(/\/chat\/conversations\//);
    const controller = new AbortController();
    const opening = open({ firstPageSize: PAGE, signal: controller.signal });
    await vi.waitFor(() => expect(sent.filter((s) => /\/chat\/conversations\//.test(s.url))).toHaveLength(2));
    controller.abort();
    await expect(opening).rejects.toMatchObject({ kind: 'aborted' });
    // Both ended while held (a held request reaches the server only once released).
    await vi.waitFor(() => expect(sent.filter((s) => /\/chat\/conversations\//.test(s.url) && s.failed)).toHaveLength(2));
    release();
    expect(received('GET', /\/chat\/conversations\//)).toHaveLength(0);
    expect(received('GET', /\/chat\/events$/)).toHaveLength(0);
    expect(sandbox.chat.openStreams).toBe(0);
  });
});
