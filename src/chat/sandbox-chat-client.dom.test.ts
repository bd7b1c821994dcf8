// In a DOM environment (happy-dom), where the widget runs.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandboxGateway, CUSTOMER_REPLIES, SANDBOX_HISTORY_THREAD, SANDBOX_LONG_THREAD, type SandboxGatewayOptions } from '@leadkit/sandbox';
import { createGatewayClient, DEFAULT_TIMEOUT_MS, type GatewayClientConfig } from '../gateway/core/client';
import { holdingFetch } from '../../test/helpers/holding-fetch';
import { hostChatTokens } from '../../test/helpers/host-chat-token';
import { sendMessage } from '../gateway/message-center/calls';
import { isOwnMessage, type ChatClient, type ChatConnectionState, type ChatMessage, type ChatReadHorizon, type ChatTypingEvent } from './chat-client';
import { openChat, type OpenedChat } from './open-chat';
import { createSandboxChatClientFactory } from './sandbox-chat-client';
import type { SandboxChatOptions } from './sandbox-chat-connection';
import { fetchEventStream, type EventStreamConnector } from './sse';

/**
 * The sandbox chat adapter against the in-process sandbox gateway: what the server received
 * and what the widget would get. No network, no mocks of our own code.
 */

const NOW = new Date('2025-06-11T15:30:00.000Z');
const CHAT = '/gateway/message-center/v1/chat';
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4z8AAAAMBAQAY3Y2wAAAAAElFTkSuQmCC'), (ch) => ch.charCodeAt(0));

const opened: ChatClient[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((client) => client.close()));
});

async function start(
  userId = 5001,
  { sandboxOptions = {}, chatOptions = {} }: { sandboxOptions?: SandboxGatewayOptions; chatOptions?: SandboxChatOptions } = {},
) {
  const sandbox = createSandboxGateway({ now: () => NOW, ...sandboxOptions });
  const gateway = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'provider', spId: 1001 }, retry: { retries: 0 } });
  const member = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'oneTime', token: 'sandbox-member-token-5001' } });
  const factory = createSandboxChatClientFactory({ fetch: sandbox.fetch, reconnectDelaysMs: [5], ...chatOptions });
  const chat = await openChat({ gateway, factory, thread: { serviceProviderId: 1001, userId } });
  opened.push(chat.client);
  return { sandbox, gateway, member, chat };
}

/** The next `count` messages the conversation announces. */
function nextMessages(chat: OpenedChat, count: number): Promise<ChatMessage[]> {
  return new Promise((resolve) => {
    const seen: ChatMessage[] = [];
    const off = chat.conversation.onMessageAdded((message) => {
      seen.push(message);
      if (seen.length === count) {
        off();
        resolve(seen);
      }
    });
  });
}

const requestsTo = (sandbox: ReturnType<typeof createSandboxGateway>, method: string, path: RegExp) =>
  sandbox.store.requests.filter((r) => r.method === method && path.test(r.path));

describe('sandbox chat adapter', () => {
  it('opens through the session call and the live stream, with the gateway’s headers and the chat token', async () => {
    const { sandbox, chat } = await start();
    expect(chat.client.connectionState).toBe('connected');
    expect(chat.client.identity).toBe('provider-1001');
    const [sessionCall] = requestsTo(sandbox, 'POST', /\/v1\/chat\/session$/);
    expect(sessionCall?.body).toEqual({ serviceProviderId: 1001, userId: 5001 });
    const [events] = requestsTo(sandbox, 'GET', /\/v1\/chat\/events$/);
    expect(events?.headers).toMatchObject({
      authorization: `Bearer ${chat.session.token}`,
      'x-caller-type': 'ServiceProvider',
      'x-caller-id': '1001',
      'x-proxy-version': '1',
      accept: 'text/event-stream',
    });
    expect(sandbox.chat.openStreams).toBe(1);
    expect(chat.conversation.sid).toBe(sandbox.chat.conversationSid(1001, 5001));
  });

  it('pages messages by index: newest page, then older pages before the earliest index', async () => {
    const { sandbox, chat } = await start(SANDBOX_HISTORY_THREAD.memberId);
    const newest = await chat.conversation.getMessages({ pageSize: 15 });
    expect(newest.messages.map((m) => m.index)).toEqual(Array.from({ length: 15 }, (_, i) => 25 + i));
    expect(newest.hasOlder).toBe(true);
    const older = await chat.conversation.getMessages({ pageSize: 15, before: newest.messages[0]!.index });
    expect(older.messages.map((m) => m.index)).toEqual(Array.from({ length: 15 }, (_, i) => 10 + i));
    const oldest = await chat.conversation.getMessages({ pageSize: 15, before: 10 });
    expect(oldest.messages.map((m) => m.index)).toEqual(Array.from({ length: 10 }, (_, i) => i));
    expect(oldest.hasOlder).toBe(false);
    expect(oldest.messages[0]).toMatchObject({
      author: 'provider-1001',
      body: expect.stringContaining('kitchen drain'),
      dateCreated: expect.any(Date),
      media: [],
    });
    expect(requestsTo(sandbox, 'GET', /\/messages$/).map((r) => r.query)).toEqual([
      { pageSize: '15' },
      { pageSize: '15', before: '25' },
      { pageSize: '15', before: '10' },
    ]);
    // Index 0 has nothing before it: no request.
    expect(await chat.conversation.getMessages({ pageSize: 15, before: 0 })).toEqual({ messages: [], hasOlder: false });
    expect(requestsTo(sandbox, 'GET', /\/messages$/)).toHaveLength(3);
  });

  it('pages the 10,000-message thread', async () => {
    const { chat } = await start(SANDBOX_LONG_THREAD.memberId);
    const newest = await chat.conversation.getMessages({ pageSize: 50 });
    expect(newest.messages.map((m) => m.index)).toEqual(Array.from({ length: 50 }, (_, i) => 9950 + i));
    const page = await chat.conversation.getMessages({ pageSize: 100, before: 100 });
    expect(page.messages[0]).toMatchObject({ index: 0, body: expect.stringMatching(/\(#1\)$/) });
    expect(page.hasOlder).toBe(false);
  });

  it('aborts a stale page request', async () => {
    const { chat } = await start(SANDBOX_HISTORY_THREAD.memberId, { sandboxOptions: { latencyMs: 50 } });
    const controller = new AbortController();
    const stale = chat.conversation.getMessages({ pageSize: 10, signal: controller.signal });
    controller.abort();
    await expect(stale).rejects.toMatchObject({ name: 'ChatError', kind: 'aborted' });
  });

  it('delivers new messages live: the customer’s, and its own (told apart by author identity)', async () => {
    const { member, chat } = await start();
    const arriving = nextMessages(chat, 2);
    await sendMessage(member, { text: 'Can you come at 9?', senderEntityId: 5001, receiverEntityId: 1001 });
    const sent = await chat.conversation.sendText('Yes, 9 works.');
    const [theirs, mine] = await arriving;
    expect(theirs).toMatchObject({ index: 4, author: 'member-5001', body: 'Can you come at 9?' });
    expect(mine).toMatchObject({ index: 5, author: 'provider-1001', body: 'Yes, 9 works.' });
    expect(sent).toEqual({ index: 5 });
    expect(isOwnMessage(theirs!, chat.client.identity)).toBe(false);
    expect(isOwnMessage(mine!, chat.client.identity)).toBe(true);
  });

  it('sends text with its idempotency key: a retry after a lost answer is stored once', async () => {
    const { sandbox, chat } = await start();
    sandbox.faults.drop({ route: `POST ${CHAT}/conversations/:sid/messages`, times: 1, afterHandling: true });
    await expect(chat.conversation.sendText('On my way', { idempotencyKey: 'action-7', attributes: { source: 'thread' } })).rejects.toMatchObject({
      kind: 'network',
    });
    const retried = await chat.conversation.sendText('On my way', { idempotencyKey: 'action-7', attributes: { source: 'thread' } });
    const posts = requestsTo(sandbox, 'POST', /\/messages$/);
    expect(posts.map((r) => [r.headers['idempotency-key'], r.body])).toEqual([
      ['action-7', { body: 'On my way', attributes: { source: 'thread' } }],
      ['action-7', { body: 'On my way', attributes: { source: 'thread' } }],
    ]);
    expect(sandbox.store.messages.filter((m) => m.text === 'On my way')).toHaveLength(1);
    expect(retried.index).toBe(4);
  });

  it('hears the simulated customer answer over the stream', async () => {
    const { chat } = await start(5001, { sandboxOptions: { chat: { customerReplies: { delayMs: 5 } } } });
    const arriving = nextMessages(chat, 2);
    await chat.conversation.sendText('Does Thursday work?');
    const [, reply] = await arriving;
    expect(reply).toMatchObject({ author: 'member-5001', body: CUSTOMER_REPLIES[0] });
  });

  it('sends media with progress; the server keeps the bytes; the message’s URL serves them', async () => {
    const { sandbox, chat } = await start(5001, { chatOptions: { mediaUrls: 'direct' } });
    const progress: [number, number][] = [];
    const arriving = nextMessages(chat, 1);
    const file = new File([PNG], 'sink.png', { type: 'image/png' });
    const sent = await chat.conversation.sendMedia(file, { onProgress: (loaded, total) => progress.push([loaded, total]), idempotencyKey: 'upload-1' });
    expect(progress).toEqual([
      [0, PNG.length],
      [PNG.length, PNG.length],
    ]);
    const [upload] = requestsTo(sandbox, 'POST', /\/media$/);
    expect(upload?.headers).toMatchObject({ 'content-type': 'image/png', 'x-media-filename': 'sink.png', 'idempotency-key': 'upload-1' });
    const [message] = await arriving;
    expect(message).toMatchObject({ index: sent.index, body: null, media: [{ contentType: 'image/png', filename: 'sink.png', size: PNG.length }] });
    expect(sandbox.chat.mediaContent(message!.media[0]!.sid)).toEqual(PNG);
    const url = await message!.media[0]!.getUrl();
    expect(url).toMatch(/^http:\/\/sandbox\.test\/sandbox\/chat\/media\//);
    expect(new Uint8Array(await (await sandbox.fetch(url!)).arrayBuffer())).toEqual(PNG);
  });

  it('sends the type it is told (the sniffed one) and refuses what the server refuses', async () => {
    const { sandbox, chat } = await start();
    await chat.conversation.sendMedia(new Blob([PNG], { type: 'image/jpeg' }), { contentType: 'image/png', filename: 'photo.jpg' });
    expect(requestsTo(sandbox, 'POST', /\/media$/)[0]?.headers['content-type']).toBe('image/png');
    await expect(chat.conversation.sendMedia(new Blob(['plain text'], { type: 'image/png' }))).rejects.toMatchObject({ kind: 'rejected', status: 415 });
  });

  it('hands out blob: URLs for an in-process sandbox (mediaUrls: object-url)', async () => {
    const { chat } = await start(5001, { chatOptions: { mediaUrls: 'object-url' } });
    const { messages } = await chat.conversation.getMessages({ pageSize: 1 });
    const photo = messages[0]!.media[0]!;
    expect(photo).toMatchObject({ filename: 'water-heater.jpg', contentType: 'image/jpeg' });
    const url = await photo.getUrl();
    expect(url).toMatch(/^blob:/);
    // One object URL per media.
    expect(await photo.getUrl()).toBe(url);
  });

  it('by default hands out the temporary URL where the page loads it, else the bytes as a blob: URL (a sandbox on another http: origin)', async () => {
    // The page is on another origin than http://sandbox.test: its photos would be refused there.
    expect(location.origin).not.toBe('http://sandbox.test');
    const { sandbox, chat } = await start();
    const { messages } = await chat.conversation.getMessages({ pageSize: 1 });
    const url = await messages[0]!.media[0]!.getUrl();
    expect(url).toMatch(/^blob:/);
    // Its bytes were fetched from the sandbox's temporary URL, asked once.
    expect(requestsTo(sandbox, 'GET', /^\/gateway\/message-center\/v1\/chat\/media\/[^/]+$/)).toHaveLength(1);
    expect(sandbox.store.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/sandbox/chat/media/'))).toHaveLength(1);

    // A sandbox on https: is loaded from directly.
    const secure = createSandboxGateway({ now: () => NOW });
    const gateway = createGatewayClient({
      baseURL: 'https://sandbox.test',
      fetch: secure.fetch,
      auth: { kind: 'provider', spId: 1001 },
      retry: { retries: 0 },
    });
    const onHttps = await openChat({
      gateway,
      factory: createSandboxChatClientFactory({ fetch: secure.fetch, reconnectDelaysMs: [5] }),
      thread: { serviceProviderId: 1001, userId: 5001 },
    });
    opened.push(onHttps.client);
    const page = await onHttps.conversation.getMessages({ pageSize: 1 });
    expect(await page.messages[0]!.media[0]!.getUrl()).toMatch(/^https:\/\/sandbox\.test\/sandbox\/chat\/media\//);
  });

  it('marks all messages read for its identity', async () => {
    const { sandbox, chat } = await start();
    await chat.conversation.markAllRead();
    expect(requestsTo(sandbox, 'POST', /\/read$/)).toHaveLength(1);
    expect(sandbox.chat.lastRead(sandbox.chat.conversation(chat.conversation.sid)!, 'provider-1001')).toBe(3);
  });

  it("knows its own read horizon and the customer's from opening, without another request", async () => {
    const { sandbox, chat } = await start();
    // The seed: the provider read up to its own message (1), the member everything (3).
    expect(chat.conversation.lastReadMessageIndex).toBe(1);
    expect(await chat.conversation.getReadHorizons!()).toEqual([{ identity: 'member-5001', lastReadMessageIndex: 3 }]);
    expect(requestsTo(sandbox, 'GET', /\/conversations\/[^/]+$/)).toHaveLength(1);
  });

  it("hears the customer's read horizon move (a read event), not its own", async () => {
    const { sandbox, gateway, chat } = await start();
    const heard: ChatReadHorizon[] = [];
    chat.conversation.onReadHorizonChange!((horizon) => heard.push(horizon));
    const conversation = sandbox.chat.conversation(chat.conversation.sid)!;
    const mine = nextMessages(chat, 1);
    await sendMessage(gateway, { text: 'See you at 9', senderEntityId: 1001, receiverEntityId: 5001 });
    await mine;
    await chat.conversation.markAllRead(); // its own: not a change of the others' horizons
    sandbox.chat.markAllRead(conversation, 'member-5001');
    await expect.poll(() => heard).toEqual([{ identity: 'member-5001', lastReadMessageIndex: 4 }]);
    expect(await chat.conversation.getReadHorizons!()).toEqual([{ identity: 'member-5001', lastReadMessageIndex: 4 }]);
  });

  it('signals its typing with POST …/typing, and hears the simulated customer read, type and answer', async () => {
    const { sandbox, chat } = await start(5001, { sandboxOptions: { chat: { customerReplies: { delayMs: 30 } } } });
    await chat.conversation.typing!();
    expect(requestsTo(sandbox, 'POST', /\/typing$/).map((r) => r.headers.authorization)).toEqual([`Bearer ${chat.session.token}`]);
    const heard: string[] = [];
    chat.conversation.onTyping!((event) => heard.push(`${event.identity} typing ${event.typing}`));
    chat.conversation.onReadHorizonChange!((horizon) => heard.push(`${horizon.identity} read ${horizon.lastReadMessageIndex}`));
    chat.conversation.onMessageAdded((message) => heard.push(`${message.author}: ${message.body}`));
    await chat.conversation.sendText('Does Thursday work?');
    await expect.poll(() => heard).toHaveLength(5);
    expect(heard).toEqual([
      'provider-1001: Does Thursday work?',
      'member-5001 read 4',
      'member-5001 typing true',
      'member-5001 typing false',
      `member-5001: ${CUSTOMER_REPLIES[0]}`,
    ]);
  });

  it('ends a typing signal by itself after 5 s without another (as Twilio), and with the close', async () => {
    const { sandbox, chat } = await start();
    const heard: ChatTypingEvent[] = [];
    chat.conversation.onTyping!((event) => heard.push(event));
    const conversation = sandbox.chat.conversation(chat.conversation.sid)!;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      sandbox.chat.setTyping(conversation, 'member-5001', true);
      await vi.waitFor(() => expect(heard).toEqual([{ identity: 'member-5001', typing: true }]));
      // Again while typing: the signal lasts 5 s from the newest one.
      await vi.advanceTimersByTimeAsync(4000);
      sandbox.chat.setTyping(conversation, 'member-5001', true);
      await vi.waitFor(() => expect(heard).toHaveLength(2));
      // (vi.waitFor moves a fake clock on by its 50 ms interval while it waits: margins below.)
      await vi.advanceTimersByTimeAsync(4800);
      expect(heard.at(-1)).toEqual({ identity: 'member-5001', typing: true });
      await vi.advanceTimersByTimeAsync(300);
      expect(heard).toEqual([
        { identity: 'member-5001', typing: true },
        { identity: 'member-5001', typing: true },
        { identity: 'member-5001', typing: false },
      ]);
      // A signal pending at close leaves no timer behind.
      sandbox.chat.setTyping(conversation, 'member-5001', true);
      await vi.waitFor(() => expect(heard).toHaveLength(4));
      await chat.client.close();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('renews an expired token through the session call and retries', async () => {
    const { sandbox, chat } = await start();
    sandbox.chat.expireTokens();
    const page = await chat.conversation.getMessages({ pageSize: 2 });
    expect(page.messages).toHaveLength(2);
    const sessions = requestsTo(sandbox, 'POST', /\/v1\/chat\/session$/);
    expect(sessions).toHaveLength(2);
    const pages = requestsTo(sandbox, 'GET', /\/messages$/);
    expect(pages.map((r) => r.status)).toEqual([401, 200]);
    expect(pages[0]!.headers.authorization).not.toBe(pages[1]!.headers.authorization);
  });

  it('reconnects a broken stream with Last-Event-ID and delivers what it missed', async () => {
    const sandbox = createSandboxGateway({ now: () => NOW });
    // The default connector, plus a way to cut the current stream (as a network drop would).
    let breakStream = () => {};
    const events: EventStreamConnector = (request) => {
      const cut = new AbortController();
      breakStream = () => cut.abort();
      return fetchEventStream(sandbox.fetch)({ ...request, signal: AbortSignal.any([request.signal, cut.signal]) });
    };
    const gateway = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'provider', spId: 1001 } });
    const chat = await openChat({
      gateway,
      factory: createSandboxChatClientFactory({ fetch: sandbox.fetch, events, reconnectDelaysMs: [5] }),
      thread: { serviceProviderId: 1001, userId: 5001 },
    });
    opened.push(chat.client);
    const states: ChatConnectionState[] = [];
    chat.client.onConnectionStateChange((state) => states.push(state));
    const first = nextMessages(chat, 1);
    await sendMessage(gateway, { text: 'Before the break', senderEntityId: 1001, receiverEntityId: 5001 });
    await first;
    breakStream();
    await expect.poll(() => states).toContain('disconnected');
    // Sent while the stream is down; it arrives once the stream is back.
    const missed = nextMessages(chat, 1);
    await sendMessage(gateway, { text: 'During the break', senderEntityId: 1001, receiverEntityId: 5001 });
    expect((await missed)[0]).toMatchObject({ body: 'During the break' });
    await expect.poll(() => chat.client.connectionState).toBe('connected');
    expect(states).toEqual(['disconnected', 'connecting', 'connected']);
    const streams = requestsTo(sandbox, 'GET', /\/events$/);
    expect(streams).toHaveLength(2);
    expect(streams[0]!.headers['last-event-id']).toBeUndefined();
    expect(streams[1]!.headers['last-event-id']).toMatch(/^\d+$/);
  });

  it('close() ends the stream, unsubscribes, and later calls fail as closed', async () => {
    const { sandbox, chat } = await start();
    const states: ChatConnectionState[] = [];
    chat.client.onConnectionStateChange((state) => states.push(state));
    const heard: ChatMessage[] = [];
    chat.conversation.onMessageAdded((message) => heard.push(message));
    await chat.client.close();
    expect(chat.client.connectionState).toBe('disconnected');
    expect(states).toEqual(['disconnected']);
    await expect.poll(() => sandbox.chat.openStreams).toBe(0);
    await sendMessage(createGatewayClient({ baseURL: '', fetch: sandbox.fetch, auth: { kind: 'provider', spId: 1001 } }), {
      text: 'After close',
      senderEntityId: 1001,
      receiverEntityId: 5001,
    });
    expect(heard).toEqual([]);
    await expect(chat.conversation.getMessages({ pageSize: 5 })).rejects.toMatchObject({ kind: 'closed' });
    await expect(chat.conversation.sendText('x')).rejects.toMatchObject({ kind: 'closed' });
  });

  it('asks a GET that failed for now (a dropped request, a 503) again, twice at most; never a POST', async () => {
    const { sandbox, chat } = await start();
    sandbox.faults.drop({ route: `GET ${CHAT}/conversations/:sid/messages`, times: 1 });
    sandbox.faults.status(503, undefined, { route: `GET ${CHAT}/conversations/:sid/messages`, times: 1 });
    const page = await chat.conversation.getMessages({ pageSize: 2 });
    expect(page.messages).toHaveLength(2);
    expect(requestsTo(sandbox, 'GET', /\/messages$/).map((r) => r.status)).toEqual([null, 503, 200]);
    // A fault on every try: the page fails (the thread offers 'Try again'), after three.
    sandbox.faults.status(502, undefined, { route: `GET ${CHAT}/conversations/:sid/messages`, times: 3 });
    await expect(chat.conversation.getMessages({ pageSize: 2 })).rejects.toMatchObject({ name: 'ChatError', kind: 'rejected', status: 502 });
    expect(requestsTo(sandbox, 'GET', /\/messages$/)).toHaveLength(6);
    // A refusal that will not pass is not asked again; nor is a POST.
    sandbox.faults.status(404, undefined, { route: `GET ${CHAT}/conversations/:sid/messages`, times: 1 });
    await expect(chat.conversation.getMessages({ pageSize: 2 })).rejects.toMatchObject({ kind: 'not-found' });
    expect(requestsTo(sandbox, 'GET', /\/messages$/)).toHaveLength(7);
    sandbox.faults.status(503, undefined, { route: `POST ${CHAT}/conversations/:sid/typing`, times: 1 });
    await expect(chat.conversation.typing!()).rejects.toMatchObject({ kind: 'rejected', status: 503 });
    expect(requestsTo(sandbox, 'POST', /\/typing$/)).toHaveLength(1);
  });

  it('tries the first connection of the live stream again after a failure that may pass: one dropped request or 5xx does not keep the chat from starting', async () => {
    const sandbox = createSandboxGateway({ now: () => NOW });
    sandbox.faults.drop({ route: `GET ${CHAT}/events`, times: 1 });
    sandbox.faults.status(503, undefined, { route: `GET ${CHAT}/events`, times: 1 });
    const gateway = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'provider', spId: 1001 } });
    const chat = await openChat({
      gateway,
      factory: createSandboxChatClientFactory({ fetch: sandbox.fetch, reconnectDelaysMs: [5] }),
      thread: { serviceProviderId: 1001, userId: 5001 },
    });
    opened.push(chat.client);
    expect(chat.client.connectionState).toBe('connected');
    expect(requestsTo(sandbox, 'GET', /\/events$/).map((r) => r.status)).toEqual([null, 503, 200]);
  });

  it('asks for the chat session again after a failure that may pass (no answer, 5xx), twice at most; not after a refusal', async () => {
    const sandbox = createSandboxGateway({ now: () => NOW });
    const gateway = createGatewayClient({
      baseURL: 'http://sandbox.test',
      fetch: sandbox.fetch,
      auth: { kind: 'provider', spId: 1001 },
      retry: { retries: 0 },
    });
    const factory = createSandboxChatClientFactory({ fetch: sandbox.fetch, reconnectDelaysMs: [5] });
    sandbox.faults.drop({ route: `POST ${CHAT}/session`, times: 1 });
    sandbox.faults.status(500, undefined, { route: `POST ${CHAT}/session`, times: 1 });
    const chat = await openChat({ gateway, factory, thread: { serviceProviderId: 1001, userId: 5001 } });
    opened.push(chat.client);
    expect(requestsTo(sandbox, 'POST', /\/v1\/chat\/session$/).map((r) => r.status)).toEqual([null, 500, 200]);
    sandbox.faults.status(403, undefined, { route: `POST ${CHAT}/session`, times: 1 });
    await expect(openChat({ gateway, factory, thread: { serviceProviderId: 1001, userId: 5001 } })).rejects.toMatchObject({ kind: 'denied', status: 403 });
    expect(requestsTo(sandbox, 'POST', /\/v1\/chat\/session$/)).toHaveLength(4);
  });

  it('fails to open when the chat service is unreachable (init failure) and leaves nothing open', async () => {
    const sandbox = createSandboxGateway({ now: () => NOW });
    sandbox.faults.drop({ route: `GET ${CHAT}/events` });
    const gateway = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'provider', spId: 1001 } });
    const opening = openChat({
      gateway,
      factory: createSandboxChatClientFactory({ fetch: sandbox.fetch, reconnectDelaysMs: [5] }),
      thread: { serviceProviderId: 1001, userId: 5001 },
    });
    await expect(opening).rejects.toMatchObject({ name: 'ChatError', kind: 'unavailable' });
    // (The first connection and its two retries.)
    expect(requestsTo(sandbox, 'GET', /\/events$/)).toHaveLength(3);
    expect(sandbox.chat.openStreams).toBe(0);
  });

  it('is denied when the service refuses even a renewed token', async () => {
    const sandbox = createSandboxGateway({ now: () => NOW });
    sandbox.faults.status(401, undefined, { route: `GET ${CHAT}/events` });
    const gateway = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'provider', spId: 1001 } });
    const opening = openChat({ gateway, factory: createSandboxChatClientFactory({ fetch: sandbox.fetch }), thread: { serviceProviderId: 1001, userId: 5001 } });
    await expect(opening).rejects.toMatchObject({ kind: 'denied', status: 401 });
    // The first answer renewed the token once (a second session call), then it gave up.
    expect(requestsTo(sandbox, 'POST', /\/v1\/chat\/session$/)).toHaveLength(2);
    expect(requestsTo(sandbox, 'GET', /\/events$/)).toHaveLength(2);
  });

  it('fails to open when the session call fails, and as aborted when superseded', async () => {
    const sandbox = createSandboxGateway({ now: () => NOW });
    const gateway = createGatewayClient({
      baseURL: 'http://sandbox.test',
      fetch: sandbox.fetch,
      auth: { kind: 'provider', spId: 1001 },
      retry: { retries: 0 },
    });
    const factory = createSandboxChatClientFactory({ fetch: sandbox.fetch });
    // Each of its three tries (one that fails for now is asked again, twice).
    sandbox.faults.status(500, undefined, { route: `POST ${CHAT}/session`, times: 3 });
    await expect(openChat({ gateway, factory, thread: { serviceProviderId: 1001, userId: 5001 } })).rejects.toMatchObject({ kind: 'unavailable', status: 500 });
    expect(requestsTo(sandbox, 'POST', /\/v1\/chat\/session$/)).toHaveLength(3);
    const controller = new AbortController();
    const superseded = openChat({ gateway, factory, thread: { serviceProviderId: 1001, userId: 5001 }, signal: controller.signal });
    controller.abort();
    await expect(superseded).rejects.toMatchObject({ kind: 'aborted' });
    await expect.poll(() => sandbox.chat.openStreams).toBe(0);
  });
});

describe("sandbox chat adapter: the host's gateway config", () => {
  /** A gateway config as a host page gives it: its own fetch (recording what it sends), application, headers; its auth names another provider. */
  function hostGateway(sandbox: ReturnType<typeof createSandboxGateway>, config: Partial<GatewayClientConfig> = {}) {
    const seen: string[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      seen.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
      return sandbox.fetch(input, init);
    };
    const gateway = createGatewayClient({
      baseURL: 'http://sandbox.test',
      fetch,
      auth: { kind: 'provider', spId: 7 },
      sourceApplication: 'acme-office',
      applicationVersion: '7.2.0',
      headers: { 'X-Tenant': 'acme', 'x-source-application': 'not ours to replace' },
      retry: { retries: 0 },
      ...config,
    });
    return { gateway, seen };
  }

  it("sends every call through the gateway config's fetch, with the gateway client's headers (the host's application, version and headers) and the thread's provider as caller", async () => {
    const sandbox = createSandboxGateway({ now: () => NOW });
    const { gateway, seen } = hostGateway(sandbox);
    // No fetch of the adapter's own: the gateway config's reaches it.
    const chat = await openChat({
      gateway,
      factory: createSandboxChatClientFactory({ reconnectDelaysMs: [5] }),
      thread: { serviceProviderId: 1001, userId: 5001 },
    });
    opened.push(chat.client);
    await chat.conversation.getMessages({ pageSize: 2 });
    await chat.conversation.sendText('Through the host', { idempotencyKey: 'key-1' });
    await chat.conversation.sendMedia(new File([PNG], 'photo.png', { type: 'image/png' }));
    const chatCalls = sandbox.store.requests.filter((r) => r.path.startsWith(`${CHAT}/`) && !r.path.endsWith('/session'));
    expect(chatCalls.map((r) => `${r.method} ${r.path.replace(/CH\w+/, ':sid')}`)).toEqual([
      `GET ${CHAT}/events`,
      `GET ${CHAT}/conversations/:sid`,
      `GET ${CHAT}/conversations/:sid/messages`,
      `POST ${CHAT}/conversations/:sid/messages`,
      `POST ${CHAT}/conversations/:sid/media`,
    ]);
    // Each reached the sandbox through the host's fetch.
    for (const call of chatCalls) expect(seen).toContain(`${call.method} ${call.path}`);
    const requestIds = new Set<string>();
    for (const call of chatCalls) {
      expect(call.headers, call.path).toMatchObject({
        'x-source-application': 'acme-office',
        'x-application-version': '7.2.0',
        'x-tenant': 'acme',
        'x-caller-type': 'ServiceProvider',
        'x-caller-id': '1001',
        'x-proxy-version': '1',
        authorization: `Bearer ${chat.session.token}`,
      });
      requestIds.add(call.headers['x-request-id'] ?? '');
    }
    expect(requestIds.size).toBe(chatCalls.length);
    expect(chatCalls[3]?.headers['idempotency-key']).toBe('key-1');
    expect(chatCalls[4]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("renews an expired token through the host's getChatToken (reason renew): the session call is never sent", async () => {
    const sandbox = createSandboxGateway({ now: () => NOW });
    const host = hostChatTokens(sandbox);
    const { gateway } = hostGateway(sandbox, { auth: { kind: 'provider', spId: 1001 }, getChatToken: host.getChatToken });
    const chat = await openChat({
      gateway,
      factory: createSandboxChatClientFactory({ reconnectDelaysMs: [5] }),
      thread: { serviceProviderId: 1001, userId: 5001, leadId: 300001 },
    });
    opened.push(chat.client);
    sandbox.chat.expireTokens();
    expect((await chat.conversation.getMessages({ pageSize: 2 })).messages).toHaveLength(2);
    expect(host.asked.map(({ reason, serviceProviderId, userId, leadId }) => ({ reason, serviceProviderId, userId, leadId }))).toEqual([
      { reason: 'open', serviceProviderId: 1001, userId: 5001, leadId: 300001 },
      { reason: 'renew', serviceProviderId: 1001, userId: 5001, leadId: 300001 },
    ]);
    expect(requestsTo(sandbox, 'GET', /\/messages$/).map((r) => r.status)).toEqual([401, 200]);
    expect(requestsTo(sandbox, 'POST', /\/v1\/chat\/session$/)).toEqual([]);
  });

  it("ends a call that never answers within the gateway's time limit (15 s by default, not 20): a held page fails as no answer", async () => {
    const sandbox = createSandboxGateway({ now: () => NOW });
    const { fetch, release } = holdingFetch(sandbox.fetch, /\/messages\?/);
    const { gateway } = hostGateway(sandbox, { fetch, auth: { kind: 'provider', spId: 1001 } });
    const chat = await openChat({
      gateway,
      factory: createSandboxChatClientFactory({ reconnectDelaysMs: [5] }),
      thread: { serviceProviderId: 1001, userId: 5001 },
    });
    opened.push(chat.client);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let outcome: unknown = 'pending';
      void chat.conversation.getMessages({ pageSize: 2 }).then(
        () => (outcome = 'answered'),
        (error: unknown) => (outcome = error),
      );
      await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
      expect(outcome).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome).toMatchObject({ name: 'ChatError', kind: 'network', operation: 'chat.getMessages' });
    } finally {
      vi.useRealTimers();
      release();
    }
    // The network answers again: so does the page.
    expect((await chat.conversation.getMessages({ pageSize: 2 })).messages).toHaveLength(2);
  });
});
