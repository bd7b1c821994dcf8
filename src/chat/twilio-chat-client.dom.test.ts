import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isTwilioConnectionState,
  RECORDED_DROP_SCENARIOS,
  recordedConnectionStates,
  TWILIO_CONNECTION_RECORDING,
  TwilioDouble,
  type RecordedScenarioName,
} from '../../test/helpers/twilio-double';
import { createSandboxGateway } from '@leadkit/sandbox';
import { createGatewayClient, DEFAULT_TIMEOUT_MS } from '../gateway/core/client';
import {
  ChatError,
  isOwnMessage,
  type ChatClient,
  type ChatConnectionState,
  type ChatMessage,
  type ChatReadHorizon,
  type ChatTypingEvent,
} from './chat-client';
import { getChatSession } from '../gateway/message-center/chat-session';
import { openChat } from './open-chat';
import { createTwilioChatClientFactory } from '../twilio';
import { createTwilioChatAdapter, TWILIO_IDENTITY_MISMATCH_HINT, TWILIO_INIT_TIMEOUT_MS, mapTwilioConnectionState } from './twilio-chat-client';
import { isSdkNotInstalled, loadTwilioSdk, TWILIO_SDK_MISSING_HINT, type TwilioConnectionState } from './twilio-sdk';

/**
 * The Twilio adapter with the real session call (against the in-process sandbox gateway) and a
 * double of the SDK surface it uses (test/helpers/twilio-double.ts). The real SDK is never
 * imported: `@twilio/conversations` is replaced below, and counts how often it was imported.
 */

const sdkImports = vi.hoisted(() => ({ count: 0 }));
vi.mock('@twilio/conversations', async () => {
  sdkImports.count++;
  const { TwilioDouble: Double } = await import('../../test/helpers/twilio-double');
  // Shaped as a bundler hands a CommonJS module to import(): the exports under `default`.
  return { default: { Client: new Double().Client } };
});

const NOW = new Date('2025-06-11T15:30:00.000Z');
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4z8AAAAMBAQAY3Y2wAAAAAElFTkSuQmCC'), (ch) => ch.charCodeAt(0));

const clients: ChatClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function start({
  history = 0,
  autoInit = 'initialized' as TwilioDouble['autoInit'],
  initTimeoutMs = undefined as number | undefined,
  tokenIdentity = 'provider-1001',
  /** The gateway config's time limit (default 15 s). */
  timeoutMs = undefined as number | undefined,
  loadSdk = undefined as (() => Promise<TwilioDouble>) | undefined,
} = {}) {
  const sandbox = createSandboxGateway({ now: () => NOW });
  const gateway = createGatewayClient({
    baseURL: 'http://sandbox.test',
    fetch: sandbox.fetch,
    auth: { kind: 'provider', spId: 1001 },
    retry: { retries: 0 },
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  const twilio = new TwilioDouble(tokenIdentity, () => NOW);
  twilio.autoInit = autoInit;
  const sid = sandbox.chat.conversationSid(1001, 5001);
  const conversation = twilio.conversation(sid);
  conversation.seed(history, (i) => (i % 2 === 0 ? 'member-5001' : 'provider-1001'));
  const loads: number[] = [];
  const factory = createTwilioChatAdapter({
    loadSdk: async () => {
      loads.push(1);
      return loadSdk ? loadSdk() : twilio;
    },
    ...(initTimeoutMs === undefined ? {} : { initTimeoutMs }),
  });
  return { sandbox, gateway, twilio, conversation, factory, loads };
}

/**
 * Opens the thread's chat. The opening's own call — getParticipants(), which opens the
 * conversation's messages and participants in the SDK — is checked here and then forgotten:
 * each test reads the calls its own steps made.
 */
async function open(setup: Awaited<ReturnType<typeof start>>) {
  const chat = await openChat({ gateway: setup.gateway, factory: setup.factory, thread: { serviceProviderId: 1001, userId: 5001 } });
  clients.push(chat.client);
  expect(setup.conversation.calls).toEqual([{ method: 'getParticipants' }]);
  setup.conversation.calls.length = 0;
  return chat;
}

const sessionCalls = (sandbox: ReturnType<typeof createSandboxGateway>) =>
  sandbox.store.requests.filter((r) => r.path === '/gateway/message-center/v1/chat/session');

describe('Twilio chat adapter: loading', () => {
  it("does not import the SDK with the adapter or the leadkit/twilio entry; the entry's factory imports it when a thread opens, CommonJS interop included", async () => {
    // This file imported the adapter and the entry statically above: the SDK was not imported with them.
    expect(sdkImports.count).toBe(0);
    const setup = await start();
    const session = await getChatSession(setup.gateway, { serviceProviderId: 1001, userId: 5001 });
    const client = await createTwilioChatClientFactory()({
      session,
      renewSession: () => getChatSession(setup.gateway, { serviceProviderId: 1001, userId: 5001 }),
      gateway: setup.gateway,
    });
    clients.push(client);
    expect(sdkImports.count).toBe(1);
    expect(client.connectionState).toBe('connected');
  });

  it('loads the SDK only when a thread opens, and starts its client with the session’s token', async () => {
    const setup = await start();
    expect(setup.loads).toEqual([]);
    const chat = await open(setup);
    expect(setup.loads).toEqual([1]);
    expect(setup.twilio.clients).toHaveLength(1);
    // The token the sandbox issued through the session call, and a silent SDK log.
    expect(setup.twilio.client.tokens).toEqual([chat.session.token]);
    expect(setup.sandbox.chat.checkToken(chat.session.token)).toEqual({ identity: 'provider-1001' });
    expect(setup.twilio.client.options).toEqual({ logLevel: 'silent' });
    expect(chat.client.connectionState).toBe('connected');
    expect(chat.conversation.sid).toBe(setup.sandbox.chat.conversationSid(1001, 5001));
  });

  it('fails to open (chat unavailable) when the SDK client fails to initialize, and shuts it down', async () => {
    const setup = await start({ autoInit: 'failed' });
    await expect(open(setup)).rejects.toMatchObject({ name: 'ChatError', kind: 'unavailable' });
    expect(setup.twilio.client.shutdowns).toBe(1);
    expect(setup.twilio.client.listenerCount()).toBe(0);
  });

  it('fails as not-found for an unknown conversation, and closes the client', async () => {
    const setup = await start();
    setup.twilio.conversations.clear();
    // The SDK's own shape: a plain Error naming the sid, without a status.
    await expect(open(setup)).rejects.toMatchObject({ kind: 'not-found', status: null });
    expect(setup.twilio.client.shutdowns).toBe(1);
  });

  it("maps the SDK's own failure shapes: twilsock's TransportUnavailableError is a network failure, a REST status is kept", async () => {
    for (const [thrown, expected] of [
      [Object.assign(new Error('Twilsock is unavailable'), { name: 'TransportUnavailableError' }), { kind: 'network', status: null }],
      [Object.assign(new Error('Forbidden'), { status: 403 }), { kind: 'denied', status: 403 }],
      [Object.assign(new Error('Server error'), { status: 500 }), { kind: 'rejected', status: 500 }],
    ] as const) {
      const setup = await start();
      setup.twilio.getConversationError = thrown;
      await expect(open(setup)).rejects.toMatchObject(expected);
    }
  });

  it('fails as unavailable when the SDK cannot be loaded', async () => {
    const setup = await start();
    const factory = createTwilioChatAdapter({ loadSdk: () => Promise.reject(new Error('chunk load failed')) });
    await expect(openChat({ gateway: setup.gateway, factory, thread: { serviceProviderId: 1001, userId: 5001 } })).rejects.toMatchObject({
      kind: 'unavailable',
    });
  });

  describe('when @twilio/conversations is not installed (an optional peer dependency)', () => {
    /** How the failed `import('@twilio/conversations')` looks where leadkit runs. */
    const notInstalled = {
      node: Object.assign(
        new Error("Cannot find package '@twilio/conversations' imported from /app/node_modules/leadkit/dist/chunks/twilio-chat-client-x.js"),
        {
          code: 'ERR_MODULE_NOT_FOUND',
        },
      ),
      webpack: Object.assign(new Error("Cannot find module '@twilio/conversations'"), { code: 'MODULE_NOT_FOUND' }),
      vite: new Error('Could not resolve "@twilio/conversations" imported by "leadkit". Is it installed?'),
      browser: new TypeError('Failed to resolve module specifier "@twilio/conversations". Relative references must start with either "/", "./", or "../".'),
    };

    for (const [where, error] of Object.entries(notInstalled)) {
      it(`fails as sdk-missing with what to do (${where})`, async () => {
        const setup = await start();
        // The real default loader, its import() failing as it does there.
        const factory = createTwilioChatAdapter({ loadSdk: () => loadTwilioSdk(() => Promise.reject(error)) });
        const failure = await openChat({ gateway: setup.gateway, factory, thread: { serviceProviderId: 1001, userId: 5001 } }).catch((e: unknown) => e);
        expect(failure).toBeInstanceOf(ChatError);
        expect(failure).toMatchObject({ kind: 'sdk-missing', operation: 'chat.loadSdk', hint: TWILIO_SDK_MISSING_HINT, cause: error });
        expect((failure as ChatError).message).toContain('npm install @twilio/conversations');
        expect(TWILIO_SDK_MISSING_HINT).toMatch(/`chat` property/);
        expect(TWILIO_SDK_MISSING_HINT).toContain('chat-service="sandbox"');
      });
    }

    it('fails as sdk-missing when the bundler left an empty module in its place (webpack `resolve.fallback: false`)', async () => {
      const setup = await start();
      const factory = createTwilioChatAdapter({ loadSdk: () => loadTwilioSdk(() => Promise.resolve({})) });
      await expect(openChat({ gateway: setup.gateway, factory, thread: { serviceProviderId: 1001, userId: 5001 } })).rejects.toMatchObject({
        kind: 'sdk-missing',
      });
    });

    it('tells a CDN chunk that failed to download (a network failure, worth a retry) from a missing package', async () => {
      const chunk = new TypeError('Failed to fetch dynamically imported module: https://cdn.example.com/leadkit/chunks/conversations-D8f3k2.js');
      expect(isSdkNotInstalled(chunk)).toBe(false);
      const setup = await start();
      const factory = createTwilioChatAdapter({ loadSdk: () => loadTwilioSdk(() => Promise.reject(chunk)) });
      await expect(openChat({ gateway: setup.gateway, factory, thread: { serviceProviderId: 1001, userId: 5001 } })).rejects.toMatchObject({
        kind: 'unavailable',
        hint: null,
      });
    });
  });

  it("counts a client that never says initialized or initFailed as unavailable after its start-up time (the gateway's time limit, 15 s, by default), and shuts it down", async () => {
    expect(TWILIO_INIT_TIMEOUT_MS).toBe(DEFAULT_TIMEOUT_MS);
    const setup = await start({ autoInit: 'manual', initTimeoutMs: 50 });
    await expect(open(setup)).rejects.toMatchObject({ name: 'ChatError', kind: 'unavailable', operation: 'chat.connect' });
    expect(setup.twilio.client.shutdowns).toBe(1);
    expect(setup.twilio.client.listenerCount()).toBe(0);
  });

  it("fails as identity-mismatch when the SDK's user is not the session's identity (own messages could not be told), with what to do, and shuts the client down", async () => {
    const setup = await start({ tokenIdentity: 'provider-9999' });
    await expect(open(setup)).rejects.toMatchObject({ name: 'ChatError', kind: 'identity-mismatch', hint: TWILIO_IDENTITY_MISMATCH_HINT });
    expect(setup.twilio.client.shutdowns).toBe(1);
    // The matching identity opens.
    const chat = await open(await start());
    expect(chat.client.identity).toBe('provider-1001');
  });

  it("has the gateway's time limit for its start-up: an SDK that never loads, or never says initialized, ends it as unavailable", async () => {
    // The factory itself (openChat also holds it to the limit: see open-chat.ts).
    const startUp = async (setup: Awaited<ReturnType<typeof start>>) => {
      const session = await getChatSession(setup.gateway, { serviceProviderId: 1001, userId: 5001 });
      return setup.factory({ session, renewSession: () => getChatSession(setup.gateway, { serviceProviderId: 1001, userId: 5001 }), gateway: setup.gateway });
    };
    const neverLoads = await start({ timeoutMs: 50, loadSdk: () => new Promise(() => {}) });
    await expect(startUp(neverLoads)).rejects.toMatchObject({ name: 'ChatError', kind: 'unavailable', operation: 'chat.loadSdk' });
    const neverInitialized = await start({ timeoutMs: 50, autoInit: 'manual' });
    await expect(startUp(neverInitialized)).rejects.toMatchObject({ name: 'ChatError', kind: 'unavailable', operation: 'chat.connect' });
    expect(neverInitialized.twilio.client.shutdowns).toBe(1);
  });

  it('gives up waiting for initialization when superseded', async () => {
    const setup = await start({ autoInit: 'manual' });
    const controller = new AbortController();
    const opening = openChat({ gateway: setup.gateway, factory: setup.factory, thread: { serviceProviderId: 1001, userId: 5001 }, signal: controller.signal });
    await vi.waitFor(() => expect(setup.twilio.clients).toHaveLength(1));
    controller.abort();
    await expect(opening).rejects.toMatchObject({ kind: 'aborted' });
    expect(setup.twilio.client.shutdowns).toBe(1);
  });
});

describe('Twilio chat adapter: messages', () => {
  it('pages by index with getMessages(pageSize, inclusive anchor, backwards)', async () => {
    const setup = await start({ history: 40 });
    const chat = await open(setup);
    const newest = await chat.conversation.getMessages({ pageSize: 15 });
    expect(newest.messages.map((m) => m.index)).toEqual(Array.from({ length: 15 }, (_, i) => 25 + i));
    expect(newest.hasOlder).toBe(true);
    const older = await chat.conversation.getMessages({ pageSize: 15, before: 25 });
    expect(older.messages.map((m) => m.index)).toEqual(Array.from({ length: 15 }, (_, i) => 10 + i));
    const oldest = await chat.conversation.getMessages({ pageSize: 15, before: 10 });
    expect(oldest.messages.map((m) => m.index)).toEqual(Array.from({ length: 10 }, (_, i) => i));
    expect(oldest.hasOlder).toBe(false);
    expect(await chat.conversation.getMessages({ pageSize: 15, before: 0 })).toEqual({ messages: [], hasOlder: false });
    expect(setup.conversation.calls).toEqual([
      { method: 'getMessages', pageSize: 15, anchor: undefined, direction: 'backwards' },
      { method: 'getMessages', pageSize: 15, anchor: 24, direction: 'backwards' },
      { method: 'getMessages', pageSize: 15, anchor: 9, direction: 'backwards' },
    ]);
    expect(oldest.messages[0]).toMatchObject({
      sid: expect.stringMatching(/^IM/),
      author: 'member-5001',
      body: 'Message 0',
      dateCreated: new Date(Date.UTC(2025, 5, 1, 12, 0)),
      attributes: {},
      media: [],
    });
  });

  it('announces new messages (messageAdded) until unsubscribed; own ones tell by identity', async () => {
    const setup = await start();
    const chat = await open(setup);
    const heard: ChatMessage[] = [];
    const off = chat.conversation.onMessageAdded((message) => heard.push(message));
    setup.conversation.add('member-5001', 'Are you free Friday?', null, ['not an object']);
    const sent = await chat.conversation.sendText('Yes, Friday works.', { attributes: { source: 'thread' } });
    expect(sent).toEqual({ index: 1 });
    expect(heard.map((m) => [m.index, m.author, m.body, isOwnMessage(m, chat.client.identity)])).toEqual([
      [0, 'member-5001', 'Are you free Friday?', false],
      [1, 'provider-1001', 'Yes, Friday works.', true],
    ]);
    // Attributes that are not an object read as {}.
    expect(heard[0]!.attributes).toEqual({});
    expect(setup.conversation.calls).toEqual([{ method: 'sendMessage', text: 'Yes, Friday works.', attributes: { source: 'thread' } }]);
    off();
    setup.conversation.add('member-5001', 'After unsubscribing');
    expect(heard).toHaveLength(2);
  });

  it('sends media with prepareMessage().addMedia(), reporting start and end', async () => {
    const setup = await start();
    const chat = await open(setup);
    const file = new File([PNG], 'leak.png', { type: 'image/png' });
    const progress: [number, number][] = [];
    const { index } = await chat.conversation.sendMedia(file, { onProgress: (loaded, total) => progress.push([loaded, total]) });
    expect(progress).toEqual([
      [0, PNG.length],
      [PNG.length, PNG.length],
    ]);
    expect(setup.conversation.calls).toEqual([{ method: 'sendMedia', media: [{ contentType: 'image/png', filename: 'leak.png', media: file }] }]);
    const page = await chat.conversation.getMessages({ pageSize: 1 });
    expect(page.messages[0]).toMatchObject({ index, body: null, media: [{ contentType: 'image/png', filename: 'leak.png', size: PNG.length }] });
    expect(await page.messages[0]!.media[0]!.getUrl()).toMatch(/^https:\/\/media\.twilio\.test\/ME/);
  });

  it("ends an SDK call that never answers at the gateway's time limit: a page fails as no answer, an upload is cancelled", async () => {
    const setup = await start({ timeoutMs: 200 });
    const chat = await open(setup);
    setup.conversation.getMessages = () => new Promise(() => {});
    await expect(chat.conversation.getMessages({ pageSize: 5 })).rejects.toMatchObject({ name: 'ChatError', kind: 'network', operation: 'chat.getMessages' });
    setup.conversation.uploadGate = new Promise(() => {});
    // An upload's limit is the call's plus its size at 50 kB/s: a small photo's is about the call's.
    await expect(chat.conversation.sendMedia(new Blob([PNG], { type: 'image/png' }))).rejects.toMatchObject({ kind: 'network', operation: 'chat.sendMedia' });
    expect(setup.conversation.cancelledUploads).toBe(1);
  });

  it('cancels an upload when its signal aborts', async () => {
    const setup = await start();
    const chat = await open(setup);
    setup.conversation.uploadGate = new Promise(() => {});
    const controller = new AbortController();
    const sending = chat.conversation.sendMedia(new Blob([PNG], { type: 'image/png' }), { signal: controller.signal });
    controller.abort();
    await expect(sending).rejects.toMatchObject({ kind: 'aborted' });
    expect(setup.conversation.cancelledUploads).toBe(1);
  });

  it('marks all messages read as setAllMessagesRead does: up to the newest message the SDK knows (getMessages(1))', async () => {
    const setup = await start({ history: 3 });
    const chat = await open(setup);
    await chat.conversation.markAllRead();
    expect(setup.conversation.calls).toEqual([
      { method: 'getMessages', pageSize: 1, anchor: undefined, direction: 'backwards' },
      { method: 'advanceLastReadMessageIndex', index: 2 },
    ]);
    expect(setup.conversation.lastReadMessageIndex).toBe(2);
  });

  it('marks read at least up to the message it sent, which the SDK may not know yet; nothing to mark in an empty conversation', async () => {
    const setup = await start();
    const chat = await open(setup);
    await chat.conversation.markAllRead();
    expect(setup.conversation.calls).toEqual([{ method: 'getMessages', pageSize: 1, anchor: undefined, direction: 'backwards' }]);
    const { index } = await chat.conversation.sendText('Sent');
    // As right after a real send: the SDK has not heard of it yet (its messageAdded comes later).
    setup.conversation.getMessages = async () => ({ items: [], hasPrevPage: false });
    setup.conversation.calls.length = 0;
    await chat.conversation.markAllRead();
    expect(setup.conversation.calls).toEqual([{ method: 'advanceLastReadMessageIndex', index }]);
    expect(setup.conversation.lastReadMessageIndex).toBe(0);
  });
});

describe('Twilio chat adapter: read horizons and typing', () => {
  it("reads its own horizon from conversation.lastReadMessageIndex and the customer's from getParticipants(), without its own", async () => {
    const setup = await start({ history: 4 });
    setup.conversation.lastReadMessageIndex = 1;
    setup.conversation.joinParticipant('member-5001', 2);
    // An SMS participant has no identity: it cannot be told to have read anything.
    setup.conversation.joinParticipant(null, null);
    const chat = await open(setup);
    expect(chat.conversation.lastReadMessageIndex).toBe(1);
    expect(await chat.conversation.getReadHorizons!()).toEqual([{ identity: 'member-5001', lastReadMessageIndex: 2 }]);
    expect(setup.conversation.calls).toEqual([{ method: 'getParticipants' }]);
  });

  it("hears participantUpdated for lastReadMessageIndex only, and only the other participants'", async () => {
    const setup = await start({ history: 4 });
    const customer = setup.conversation.joinParticipant('member-5001', 1);
    const chat = await open(setup);
    const heard: ChatReadHorizon[] = [];
    chat.conversation.onReadHorizonChange!((horizon) => heard.push(horizon));
    setup.conversation.readUpTo('member-5001', 3);
    // Another reason (its attributes changed) is not a read.
    setup.conversation.emit('participantUpdated', { participant: customer, updateReasons: ['attributes'] });
    // Its own read horizon moving is not the customer's.
    setup.conversation.emit('participantUpdated', {
      participant: { identity: 'provider-1001', lastReadMessageIndex: 3 },
      updateReasons: ['lastReadMessageIndex'],
    });
    expect(heard).toEqual([{ identity: 'member-5001', lastReadMessageIndex: 3 }]);
  });

  it("calls conversation.typing() for its own signal and hears the customer's typingStarted/typingEnded (ended by its message)", async () => {
    const setup = await start();
    setup.conversation.joinParticipant('member-5001');
    const chat = await open(setup);
    await chat.conversation.typing!();
    expect(setup.conversation.calls).toEqual([{ method: 'typing' }]);
    const heard: ChatTypingEvent[] = [];
    chat.conversation.onTyping!((event) => heard.push(event));
    setup.conversation.startTyping('member-5001');
    setup.conversation.startTyping('member-5001'); // the SDK repeats it while they type
    setup.conversation.add('member-5001', 'Thursday works');
    expect(heard).toEqual([
      { identity: 'member-5001', typing: true },
      { identity: 'member-5001', typing: true },
      { identity: 'member-5001', typing: false },
    ]);
  });

  it('maps a failed typing() or getParticipants() like every SDK failure, and close() removes their listeners', async () => {
    const setup = await start();
    setup.conversation.joinParticipant('member-5001');
    const chat = await open(setup);
    setup.conversation.typing = () => Promise.reject(Object.assign(new Error('Forbidden'), { status: 403 }));
    await expect(chat.conversation.typing!()).rejects.toMatchObject({ name: 'ChatError', kind: 'denied', operation: 'chat.typing' });
    const heard: unknown[] = [];
    chat.conversation.onTyping!((event) => heard.push(event));
    chat.conversation.onReadHorizonChange!((event) => heard.push(event));
    expect(setup.conversation.listenerCount('typingStarted')).toBe(1);
    expect(setup.conversation.listenerCount('participantUpdated')).toBe(1);
    await chat.client.close();
    expect(setup.conversation.listenerCount()).toBe(0);
    setup.conversation.startTyping('member-5001');
    setup.conversation.readUpTo('member-5001', 0);
    expect(heard).toEqual([]);
    await expect(chat.conversation.getReadHorizons!()).rejects.toMatchObject({ kind: 'closed' });
  });
});

describe('Twilio chat adapter: token and connection', () => {
  it.each(['tokenAboutToExpire', 'tokenExpired'] as const)('renews the token through the session call on %s', async (event) => {
    const setup = await start();
    const chat = await open(setup);
    expect(sessionCalls(setup.sandbox)).toHaveLength(1);
    setup.twilio.client.emit(event);
    await vi.waitFor(() => expect(setup.twilio.client.updatedTokens).toHaveLength(1));
    const calls = sessionCalls(setup.sandbox);
    expect(calls.map((r) => r.body)).toEqual([
      { serviceProviderId: 1001, userId: 5001 },
      { serviceProviderId: 1001, userId: 5001 },
    ]);
    const renewed = setup.twilio.client.updatedTokens[0]!;
    expect(renewed).not.toBe(chat.session.token);
    expect(setup.sandbox.chat.checkToken(renewed)).toEqual({ identity: 'provider-1001' });
    expect(chat.client.connectionState).toBe('connected');
  });

  it('renews once for both events arriving together', async () => {
    const setup = await start();
    await open(setup);
    setup.twilio.client.emit('tokenAboutToExpire');
    setup.twilio.client.emit('tokenExpired');
    await vi.waitFor(() => expect(setup.twilio.client.updatedTokens).toHaveLength(1));
    expect(sessionCalls(setup.sandbox)).toHaveLength(2);
  });

  it('starts a new client on a renewed token when the first had expired (initFailed, then tokenExpired and 20104), once', async () => {
    const setup = await start();
    setup.twilio.nextInits.push('expired');
    const chat = await open(setup);
    expect(setup.twilio.clients).toHaveLength(2);
    expect(setup.twilio.clients[0]!.shutdowns).toBe(1);
    expect(setup.twilio.clients[0]!.listenerCount()).toBe(0);
    // The refused client was not asked to take the new token: the new client starts with it.
    expect(setup.twilio.clients[0]!.updatedTokens).toEqual([]);
    expect(sessionCalls(setup.sandbox)).toHaveLength(2);
    expect(setup.twilio.client.tokens).toHaveLength(1);
    expect(setup.twilio.client.tokens[0]).not.toBe(chat.session.token);
    expect(chat.client.connectionState).toBe('connected');
  });

  it('is denied when the renewed token is refused as expired too; unavailable when it cannot be renewed', async () => {
    const twice = await start({ autoInit: 'expired' });
    await expect(open(twice)).rejects.toMatchObject({ name: 'ChatError', kind: 'denied' });
    expect(twice.twilio.clients.map((c) => c.shutdowns)).toEqual([1, 1]);
    expect(sessionCalls(twice.sandbox)).toHaveLength(2);
    const unrenewed = await start({ autoInit: 'manual' });
    const opening = open(unrenewed);
    await vi.waitFor(() => expect(unrenewed.twilio.clients).toHaveLength(1));
    unrenewed.sandbox.faults.status(403, undefined, { route: 'POST /gateway/message-center/v1/chat/session' });
    unrenewed.twilio.client.failInitExpired();
    await expect(opening).rejects.toMatchObject({ name: 'ChatError', kind: 'unavailable', operation: 'chat.renewToken' });
    expect(unrenewed.twilio.clients).toHaveLength(1);
  });

  it('absorbs a failed fetch of the user’s conversations after initialized (through getSubscribedConversations where the SDK has no promise of its own)', async () => {
    const setup = await start({ autoInit: 'manual' });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const opening = open(setup);
      await vi.waitFor(() => expect(setup.twilio.clients).toHaveLength(1));
      setup.twilio.client.subscribedConversations = () => Promise.reject(new Error('Unable to connect'));
      setup.twilio.client.initialize();
      await opening;
      expect(setup.twilio.client.getSubscribedConversationsCalls).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('is denied when the token expired and cannot be renewed', async () => {
    const setup = await start();
    const chat = await open(setup);
    setup.sandbox.faults.status(503, undefined, { route: 'POST /gateway/message-center/v1/chat/session' });
    const states: ChatConnectionState[] = [];
    chat.client.onConnectionStateChange((state) => states.push(state));
    setup.twilio.client.emit('tokenAboutToExpire');
    await vi.waitFor(() => expect(sessionCalls(setup.sandbox)).toHaveLength(2));
    // Ahead of expiry a failure changes nothing (the SDK still has a valid token)…
    expect(chat.client.connectionState).toBe('connected');
    setup.twilio.client.emit('tokenExpired');
    // …once it has expired, the chat is denied.
    await vi.waitFor(() => expect(states).toEqual(['denied']));
    expect(setup.twilio.client.updatedTokens).toEqual([]);
  });

  it('surfaces the SDK’s connection states, reconnection included (any order here; the recorded orders are replayed below)', async () => {
    const setup = await start();
    const chat = await open(setup);
    const states: ChatConnectionState[] = [];
    chat.client.onConnectionStateChange((state) => states.push(state));
    for (const state of ['disconnected', 'retrying', 'connecting', 'connected', 'denied'] as const) setup.twilio.client.setConnectionState(state);
    expect(states).toEqual(['disconnected', 'connecting', 'connected', 'denied']);
  });

  it('maps every Twilsock state', () => {
    const all: Record<TwilioConnectionState, ChatConnectionState> = {
      unknown: 'connecting',
      connecting: 'connecting',
      retrying: 'connecting',
      connected: 'connected',
      disconnecting: 'disconnected',
      disconnected: 'disconnected',
      error: 'disconnected',
      denied: 'denied',
    };
    for (const [twilio, chat] of Object.entries(all)) expect(mapTwilioConnectionState(twilio as TwilioConnectionState)).toBe(chat);
  });

  it('close() removes every listener, shuts the SDK client down and refuses later calls', async () => {
    const setup = await start();
    const chat = await open(setup);
    const heard: ChatMessage[] = [];
    chat.conversation.onMessageAdded((message) => heard.push(message));
    expect(setup.twilio.client.listenerCount()).toBeGreaterThan(0);
    expect(setup.conversation.listenerCount('messageAdded')).toBe(1);
    await chat.client.close();
    expect(setup.twilio.client.listenerCount()).toBe(0);
    expect(setup.conversation.listenerCount()).toBe(0);
    expect(setup.twilio.client.shutdowns).toBe(1);
    expect(chat.client.connectionState).toBe('disconnected');
    setup.conversation.add('member-5001', 'Too late');
    expect(heard).toEqual([]);
    await expect(chat.conversation.sendText('x')).rejects.toMatchObject({ kind: 'closed' });
    await expect(chat.conversation.getMessages({ pageSize: 5 })).rejects.toMatchObject({ kind: 'closed' });
    // A token event after close does not renew.
    setup.twilio.client.emit('tokenExpired');
    expect(sessionCalls(setup.sandbox)).toHaveLength(1);
  });
});

/** Consecutive repeats dropped (what a listener of a state cell hears). */
const changes = <T>(values: readonly T[], from: T): T[] => values.filter((value, i) => value !== (i === 0 ? from : values[i - 1]));

describe('Twilio chat adapter: recorded connection drops (test/fixtures/twilio-connection-events.json)', () => {
  const scenarios = TWILIO_CONNECTION_RECORDING.scenarios as Record<RecordedScenarioName, { from: string; events: Record<string, unknown>[] }>;

  it('the recording is well-formed, and of the SDK installed here (else re-record: npx tsx scripts/record-twilio-connection.ts)', () => {
    const installed = (name: string) => (createRequire(import.meta.url)(`${name}/package.json`) as { version: string }).version;
    const majorMinor = (version: string) => version.split('.').slice(0, 2).join('.');
    expect(majorMinor(TWILIO_CONNECTION_RECORDING.versions['@twilio/conversations'])).toBe(majorMinor(installed('@twilio/conversations')));
    expect(TWILIO_CONNECTION_RECORDING.versions.twilsock).toMatch(/^\d+\.\d+\.\d+/);
    expect(Object.keys(scenarios)).toEqual(['startup', 'drop-and-reconnect', 'server-down-then-back', 'shutdown']);
    expect(RECORDED_DROP_SCENARIOS).toEqual(['drop-and-reconnect', 'server-down-then-back']);
    for (const [name, scenario] of Object.entries(scenarios)) {
      // Every entry is a client event or a server action, in time order.
      const times = scenario.events.map((e) => e.atMs as number);
      expect(times, name).toEqual([...times].sort((a, b) => a - b));
      for (const event of scenario.events) {
        expect(typeof event.atMs, name).toBe('number');
        if ('server' in event) expect(typeof event.server, name).toBe('string');
        else expect(['connectionStateChanged', 'stateChanged', 'initialized', 'initFailed', 'connectionError'], name).toContain(event.event);
      }
      const { from, states } = recordedConnectionStates(name as RecordedScenarioName);
      expect([from, ...states].every(isTwilioConnectionState), name).toBe(true);
      // The real client emits only changes.
      expect(changes(states, from), name).toEqual(states);
    }
    expect(recordedConnectionStates('startup')).toEqual({ from: 'unknown', states: expect.arrayContaining(['connected']) });
    expect(recordedConnectionStates('startup').states.at(-1)).toBe('connected');
    for (const name of RECORDED_DROP_SCENARIOS) {
      const { from, states } = recordedConnectionStates(name);
      // From connected back to connected, through at least one other state and never connected between.
      expect(from, name).toBe('connected');
      expect(states.at(-1), name).toBe('connected');
      expect(states.slice(0, -1).length, name).toBeGreaterThan(0);
      expect(states.slice(0, -1), name).not.toContain('connected');
      // A loss of the network is not a refusal of the token.
      expect(states, name).not.toContain('denied');
    }
    expect(recordedConnectionStates('shutdown')).toMatchObject({ from: 'connected' });
    expect(recordedConnectionStates('shutdown').states.at(-1)).toBe('disconnected');
  });

  it.each(RECORDED_DROP_SCENARIOS)('replays %s through the adapter: connecting while the link is down, connected once it is back', async (scenario) => {
    const setup = await start();
    const chat = await open(setup);
    expect(chat.client.connectionState).toBe('connected');
    const heard: ChatConnectionState[] = [];
    chat.client.onConnectionStateChange((state) => heard.push(state));

    const down = setup.twilio.client.dropConnection(scenario);
    // Exactly what the real SDK emitted while down, read from the recording.
    expect(down).toEqual(recordedConnectionStates(scenario).states.slice(0, -1));
    expect(setup.twilio.client.connectionState).toBe(down.at(-1));
    // The thread hears "reconnecting" (it shows 'Reconnecting…' for any state but connected),
    // never a final state: twilsock keeps retrying by itself.
    expect(chat.client.connectionState).toBe('connecting');
    expect(heard).toEqual(changes(down.map(mapTwilioConnectionState), 'connected'));
    expect(heard).toEqual(['connecting']);

    expect(setup.twilio.client.restoreConnection()).toEqual(['connected']);
    expect(chat.client.connectionState).toBe('connected');
    expect(heard).toEqual(['connecting', 'connected']);
    // Still usable after the reconnection.
    expect(await chat.conversation.sendText('Back online')).toEqual({ index: 0 });
  });

  it('maps every state a recorded drop goes through to a transient one (connecting), never disconnected or denied', () => {
    for (const scenario of RECORDED_DROP_SCENARIOS) {
      const { states } = recordedConnectionStates(scenario);
      expect(states.slice(0, -1).map(mapTwilioConnectionState), scenario).toEqual(states.slice(0, -1).map(() => 'connecting'));
    }
  });

  it('replays two drops in a row, and a whole drop at once (simulateDrop)', async () => {
    const setup = await start();
    const chat = await open(setup);
    const heard: ChatConnectionState[] = [];
    chat.client.onConnectionStateChange((state) => heard.push(state));
    expect(setup.twilio.client.simulateDrop('drop-and-reconnect')).toEqual(recordedConnectionStates('drop-and-reconnect').states);
    expect(setup.twilio.client.simulateDrop('server-down-then-back')).toEqual(recordedConnectionStates('server-down-then-back').states);
    expect(heard).toEqual(['connecting', 'connected', 'connecting', 'connected']);
    // A drop replays only from connected, and a restore only after a drop.
    setup.twilio.client.dropConnection();
    expect(() => setup.twilio.client.dropConnection()).toThrow(/starts 'connected'/);
    setup.twilio.client.restoreConnection();
    expect(() => setup.twilio.client.restoreConnection()).toThrow(/no dropConnection/);
  });

  it('starts and shuts down as recorded: the adapter reports connecting then connected, and nothing after close', async () => {
    const setup = await start({ autoInit: 'manual' });
    const opening = open(setup);
    await vi.waitFor(() => expect(setup.twilio.clients).toHaveLength(1));
    const client = setup.twilio.client;
    expect(client.connectionState).toBe(recordedConnectionStates('startup').from);
    const raw: string[] = [];
    client.on('connectionStateChanged', (state: string) => raw.push(state));
    client.initialize();
    const chat = await opening;
    expect(raw).toEqual(recordedConnectionStates('startup').states);
    expect(chat.client.connectionState).toBe('connected');
    const heard: ChatConnectionState[] = [];
    chat.client.onConnectionStateChange((state) => heard.push(state));
    await chat.client.close();
    // The SDK went disconnecting → disconnected on shutdown; the adapter had already said disconnected and stopped listening.
    expect(raw.slice(-recordedConnectionStates('shutdown').states.length)).toEqual(recordedConnectionStates('shutdown').states);
    expect(client.connectionState).toBe('disconnected');
    expect(heard).toEqual(['disconnected']);
  });
});
