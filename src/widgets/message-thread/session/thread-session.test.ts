/**
 * The thread's session logic without a DOM: how it opens a chat (message-thread.test.tsx covers
 * what the user sees).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandboxGateway, type SandboxGateway } from '@leadkit/sandbox';
import type { ChatClientFactory } from '../../../chat/chat-client';
import { createSandboxChatClientFactory } from '../../../chat/sandbox-chat-client';
import { createTwilioChatAdapter } from '../../../chat/twilio-chat-client';
import { createGatewayClient } from '../../../gateway/core/client';
import { holdingFetch } from '../../../../test/helpers/holding-fetch';
import { TwilioDouble } from '../../../../test/helpers/twilio-double';
import { ThreadSession, TYPING_SIGNAL_INTERVAL_MS } from './thread-session';
import { composerCanSend, shownConnection, storedMessageState, type ThreadSnapshot } from './thread-snapshot';
import { fetchEventStream, type EventStreamConnector } from '../../../chat/sse';

const SESSION_PATH = '/message-center/v1/chat/session';
const sessions: ThreadSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.close();
});

function openThread(adapter: Promise<ChatClientFactory> | (() => Promise<ChatClientFactory>), sandbox: SandboxGateway = createSandboxGateway()) {
  const paths: string[] = [];
  const gateway = createGatewayClient({
    baseURL: 'http://sandbox.test',
    fetch: (input, init) => {
      paths.push(new URL(String(input instanceof Request ? input.url : input)).pathname);
      return sandbox.fetch(input, init);
    },
    auth: { kind: 'provider', spId: 1001 },
    retry: { retries: 0 },
  });
  const session = new ThreadSession({
    gateway,
    factory: typeof adapter === 'function' ? adapter : () => adapter,
    spId: 1001,
    userId: 5001,
    leadId: 300001,
    contactContext: () => null,
    campaignId: () => null,
    sessionStartTimestamp: 0,
  });
  sessions.push(session);
  return { session, paths, chat: createSandboxChatClientFactory({ fetch: sandbox.fetch, reconnectDelaysMs: [5] }), opening: session.open() };
}

describe('ThreadSession.open', () => {
  it('asks the gateway for the chat session while the chat adapter is still loading, then opens the conversation', async () => {
    let loaded!: (factory: ChatClientFactory) => void;
    const { session, paths, chat, opening } = openThread(new Promise((resolve) => (loaded = resolve)));
    await vi.waitFor(() => expect(paths.some((path) => path.endsWith(SESSION_PATH))).toBe(true));
    expect(session.getSnapshot().status).toBe('loading'); // the adapter has not arrived yet
    loaded(chat);
    await opening;
    expect(session.getSnapshot().status).toBe('ready');
    expect(session.getSnapshot().messages.length).toBeGreaterThan(0);
  });

  it('an adapter that cannot load fails the thread (the chat init failure), whatever the session answered', async () => {
    const { session, opening } = openThread(Promise.reject(new Error('chunk failed')));
    await opening;
    expect(session.getSnapshot().status).toBe('failed');
  });

  it('a factory that throws instead of rejecting fails the thread the same way', async () => {
    const { session, opening } = openThread(() => {
      throw new Error('no adapter');
    });
    await opening;
    expect(session.getSnapshot().status).toBe('failed');
  });
});

/** The thread over the in-process sandbox's chat (its own adapter), opened. */
async function openSandboxThread(sandbox: SandboxGateway = createSandboxGateway()) {
  const chat = createSandboxChatClientFactory({ fetch: sandbox.fetch, reconnectDelaysMs: [5] });
  const thread = openThread(() => Promise.resolve(chat), sandbox);
  await thread.opening;
  expect(thread.session.getSnapshot().status).toBe('ready');
  // Its event stream opens after the first page: typing (never replayed) is heard from then on.
  await vi.waitFor(() => expect(sandbox.chat.openStreams).toBe(1));
  return { ...thread, sandbox, conversation: sandbox.chat.conversation(sandbox.chat.conversationSid(1001, 5001))! };
}

/** The thread over the Twilio adapter and the SDK double: what the adapter called. */
async function openTwilioThread(prepare: (conversation: ReturnType<TwilioDouble['conversation']>) => void = () => {}) {
  const sandbox = createSandboxGateway();
  const twilio = new TwilioDouble('provider-1001');
  const conversation = twilio.conversation(sandbox.chat.conversationSid(1001, 5001));
  conversation.seed(4, (i) => (i % 2 === 0 ? 'member-5001' : 'provider-1001'));
  prepare(conversation);
  const thread = openThread(() => Promise.resolve(createTwilioChatAdapter({ loadSdk: async () => twilio })), sandbox);
  await thread.opening;
  return { ...thread, twilio, conversation };
}

const snapshotOf = (session: ThreadSession): ThreadSnapshot => session.getSnapshot();

const MC_PATH = '/gateway/message-center';

describe('a faulty network: only the chat failing to start ends it', () => {
  const sandboxChat = (sandbox: SandboxGateway) => Promise.resolve(createSandboxChatClientFactory({ fetch: sandbox.fetch, reconnectDelaysMs: [5] }));

  it('the composer sends a text while the chat opens and once it is open, a file only once it is open, nothing after it failed', () => {
    expect([composerCanSend('loading', false), composerCanSend('ready', false), composerCanSend('failed', false)]).toEqual([true, true, false]);
    expect([composerCanSend('loading', true), composerCanSend('ready', true), composerCanSend('failed', true)]).toEqual([false, true, false]);
  });

  it('a first page of history that fails leaves the thread open — ready, no failure, the page offered again; sends and live messages go on; the page, asked again, comes and only then is the thread marked read', async () => {
    const sandbox = createSandboxGateway();
    // The page and the adapter's two retries of it.
    sandbox.faults.status(503, undefined, { route: `GET ${MC_PATH}/v1/chat/conversations/:sid/messages`, times: 3 });
    const { session, paths, opening } = openThread(sandboxChat(sandbox), sandbox);
    await opening;
    expect(snapshotOf(session)).toMatchObject({ status: 'ready', failure: null, messages: [], hasOlder: true, olderFailed: true });
    expect(paths.filter((path) => path.endsWith('/thread/read'))).toEqual([]);
    void session.send({ text: 'Still there?' });
    await vi.waitFor(() => expect(snapshotOf(session).messages.map((m) => m.body)).toEqual(['Still there?']));
    expect(snapshotOf(session).pending).toEqual([]);
    session.loadOlder();
    await vi.waitFor(() => expect(snapshotOf(session).loadingOlder).toBe(false));
    const stored = sandbox.store.messages.filter((m) => m.spId === 1001 && m.memberId === 5001);
    // The whole conversation (a short one: one page), in order, the text written meanwhile last.
    expect(snapshotOf(session).messages.map((m) => m.index)).toEqual(stored.map((_, i) => i));
    expect(snapshotOf(session).messages.at(-1)?.body).toBe('Still there?');
    expect(snapshotOf(session)).toMatchObject({ olderFailed: false, hasOlder: false, status: 'ready' });
    expect(paths.filter((path) => path.endsWith('/thread/read'))).toHaveLength(1);
  });

  it('a text written while the chat opens goes to the message center at once, pending with its state; once the chat is open the conversation holds it, shown once', async () => {
    const sandbox = createSandboxGateway();
    let loaded!: (factory: ChatClientFactory) => void;
    const { session, paths, chat, opening } = openThread(new Promise((resolve) => (loaded = resolve)), sandbox);
    expect(snapshotOf(session).status).toBe('loading');
    void session.send({ text: 'Written while it opens' });
    expect(snapshotOf(session).pending).toMatchObject([{ kind: 'text', text: 'Written while it opens', state: 'sending' }]);
    await vi.waitFor(() => expect(snapshotOf(session).pending.map((p) => p.state)).toEqual(['sent']));
    expect(paths.filter((path) => path === `${MC_PATH}/v1/messages`)).toHaveLength(1);
    // The chat opens after the message was stored: its first page holds it.
    loaded(chat);
    await opening;
    expect(snapshotOf(session).status).toBe('ready');
    expect(snapshotOf(session).pending).toEqual([]);
    expect(snapshotOf(session).messages.filter((m) => m.body === 'Written while it opens')).toHaveLength(1);
  });

  it('a text sent while the first page is on its way stays pending (sent) until the page comes, then shows once: the page holds it, the stream (opened after the page) does not bring it again', async () => {
    const sandbox = createSandboxGateway();
    const { fetch, release } = holdingFetch(sandbox.fetch, /\/messages\?/);
    const { session, opening } = openThread(Promise.resolve(createSandboxChatClientFactory({ fetch, reconnectDelaysMs: [5] })), sandbox);
    await vi.waitFor(() => expect(snapshotOf(session).identity).toBe('provider-1001'));
    expect(snapshotOf(session).status).toBe('loading');
    void session.send({ text: 'Before the history' });
    await vi.waitFor(() => expect(snapshotOf(session).pending).toMatchObject([{ text: 'Before the history', state: 'sent' }]));
    expect(snapshotOf(session).messages).toEqual([]);
    // The stream follows the page's snapshot: not open while the page is held.
    expect(sandbox.chat.openStreams).toBe(0);
    release();
    await opening;
    expect(snapshotOf(session).pending).toEqual([]);
    await vi.waitFor(() => expect(sandbox.chat.openStreams).toBe(1));
    await opening;
    expect(snapshotOf(session).status).toBe('ready');
    expect(snapshotOf(session).messages.filter((m) => m.body === 'Before the history')).toHaveLength(1);
  });

  it("'Try again' on a chat that could not open opens it in the same session: a text that failed meanwhile keeps its text and Retry, and Retry stores it once with its key", async () => {
    const sandbox = createSandboxGateway();
    // Every try of the session call (it is asked again twice), and the text's send once.
    sandbox.faults.status(503, undefined, { route: `POST ${MC_PATH}/v1/chat/session`, times: 3 });
    sandbox.faults.status(500, undefined, { route: `POST ${MC_PATH}/v1/messages`, times: 1 });
    const { session, opening } = openThread(sandboxChat(sandbox), sandbox);
    void session.send({ text: 'Are you there?' });
    await opening;
    expect(snapshotOf(session)).toMatchObject({ status: 'failed', failure: { kind: 'chat-unavailable', retryable: true } });
    await vi.waitFor(() => expect(snapshotOf(session).pending).toMatchObject([{ text: 'Are you there?', state: 'failed' }]));
    const [failed] = snapshotOf(session).pending;
    session.reopen();
    expect(snapshotOf(session)).toMatchObject({ status: 'loading', failure: null });
    await vi.waitFor(() => expect(snapshotOf(session).status).toBe('ready'));
    expect(snapshotOf(session).pending).toMatchObject([{ id: failed!.id, text: 'Are you there?', state: 'failed' }]);
    session.retry(failed!.id);
    await vi.waitFor(() => expect(snapshotOf(session).pending).toEqual([]));
    expect(snapshotOf(session).messages.filter((m) => m.body === 'Are you there?')).toHaveLength(1);
    const sends = sandbox.store.requests.filter((r) => r.method === 'POST' && r.path === `${MC_PATH}/v1/messages`);
    expect(sends.map((r) => r.headers['idempotency-key'])).toEqual([failed!.idempotencyKey, failed!.idempotencyKey]);
    expect(sandbox.store.messages.filter((m) => m.text === 'Are you there?')).toHaveLength(1);
  });
});

describe('the connection it shows (the status line says Reconnecting… unless it is connected or null)', () => {
  it('hides the first connecting; shows every state once the connection was up or failed', () => {
    expect(shownConnection(null, 'connecting')).toBeNull();
    expect(shownConnection(null, 'connected')).toBe('connected');
    expect(shownConnection(null, 'disconnected')).toBe('disconnected');
    expect(shownConnection(null, 'denied')).toBe('denied');
    expect(shownConnection('connected', 'connecting')).toBe('connecting');
    expect(shownConnection('disconnected', 'connecting')).toBe('connecting');
  });

  /** The sandbox adapter whose stream connections wait at a gate the test opens, and can be cut. */
  function gatedStream(sandbox: SandboxGateway) {
    let open!: () => void;
    let gate = new Promise<void>((resolve) => (open = resolve));
    let cut = () => {};
    const events: EventStreamConnector = async (request) => {
      await gate;
      const controller = new AbortController();
      cut = () => controller.abort();
      return fetchEventStream(sandbox.fetch)({ ...request, signal: AbortSignal.any([request.signal, controller.signal]) });
    };
    const factory = createSandboxChatClientFactory({ fetch: sandbox.fetch, events, reconnectDelaysMs: [5] });
    return {
      factory,
      release: () => open(),
      /** Cuts the stream; the next connection waits until `release`. */
      drop: () => {
        gate = new Promise<void>((resolve) => (open = resolve));
        cut();
      },
    };
  }

  it('is ready with its first page while the stream still opens, without saying it reconnects; says so once the stream dropped', async () => {
    const sandbox = createSandboxGateway();
    const stream = gatedStream(sandbox);
    const { session, opening } = openThread(Promise.resolve(stream.factory), sandbox);
    await opening;
    expect(snapshotOf(session)).toMatchObject({ status: 'ready', connection: null });
    expect(snapshotOf(session).messages.length).toBeGreaterThan(0);
    expect(sandbox.chat.openStreams).toBe(0);
    stream.release();
    await vi.waitFor(() => expect(snapshotOf(session).connection).toBe('connected'));
    stream.drop();
    await vi.waitFor(() => expect(['disconnected', 'connecting']).toContain(snapshotOf(session).connection));
    stream.release();
    await vi.waitFor(() => expect(snapshotOf(session).connection).toBe('connected'));
  });

  it('says it reconnects when the first stream could not open — the messages on screen and sends going all the same', async () => {
    const sandbox = createSandboxGateway();
    sandbox.faults.status(503, undefined, { route: 'GET /gateway/message-center/v1/chat/events' });
    const { session, opening } = openThread(Promise.resolve(createSandboxChatClientFactory({ fetch: sandbox.fetch, reconnectDelaysMs: [5] })), sandbox);
    await opening;
    expect(snapshotOf(session).status).toBe('ready');
    expect(snapshotOf(session).messages.length).toBeGreaterThan(0);
    await vi.waitFor(() => expect(['disconnected', 'connecting']).toContain(snapshotOf(session).connection));
    void session.send({ text: 'Sent without the stream' });
    await vi.waitFor(() => expect(snapshotOf(session).pending).toMatchObject([{ text: 'Sent without the stream', state: 'sent' }]));
  });
});

describe('own messages: sending → sent → delivered → read', () => {
  it('a stored own message is delivered, and read once its index is within the customer’s read horizon', () => {
    expect(storedMessageState(4, null)).toBe('delivered');
    expect(storedMessageState(4, 3)).toBe('delivered');
    expect(storedMessageState(4, 4)).toBe('read');
    expect(storedMessageState(2, 4)).toBe('read');
  });

  it('opens with the customer’s read horizon (sandbox: from the conversation call) and follows it as they read', async () => {
    const { session, sandbox, conversation } = await openSandboxThread();
    // The seed: the member has read everything up to its photo (3).
    expect(snapshotOf(session).readHorizon).toBe(3);
    session.send({ text: 'Thursday at 2 works.' });
    await vi.waitFor(() => expect(snapshotOf(session).messages.at(-1)?.body).toBe('Thursday at 2 works.'));
    expect(snapshotOf(session).readHorizon).toBe(3);
    sandbox.chat.markAllRead(conversation, 'member-5001');
    await vi.waitFor(() => expect(snapshotOf(session).readHorizon).toBe(4));
  });

  it('send() resolves once the text is accepted — not while it failed, and after the Retry that goes through (the composer keeps its draft until then)', async () => {
    const sandbox = createSandboxGateway();
    sandbox.faults.status(503, undefined, { route: 'POST /gateway/message-center/v1/messages', times: 1 });
    const { session, opening } = openThread(Promise.resolve(createSandboxChatClientFactory({ fetch: sandbox.fetch, reconnectDelaysMs: [5] })), sandbox);
    await opening;
    let accepted = false;
    void session.send({ text: 'Did you get my quote?' }).then(() => (accepted = true));
    await vi.waitFor(() => expect(snapshotOf(session).pending.map((p) => p.state)).toEqual(['failed']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(accepted).toBe(false);
    session.retry(snapshotOf(session).pending[0]!.id);
    await vi.waitFor(() => expect(accepted).toBe(true));
    await expect(session.send({})).resolves.toBeUndefined(); // nothing to send: at once
  });

  it('is sent once the message center accepted it, and leaves pending (delivered) when the conversation holds it', async () => {
    const sandbox = createSandboxGateway();
    const real = createSandboxChatClientFactory({ fetch: sandbox.fetch, reconnectDelaysMs: [5] });
    // The conversation's copy of each message is held until released (a slow chat service).
    const held: (() => void)[] = [];
    const slowEcho: ChatClientFactory = async (init) => {
      const client = await real(init);
      const openConversation = client.openConversation.bind(client);
      return Object.assign(Object.create(client) as typeof client, {
        openConversation: async (sid: string, options?: { signal?: AbortSignal }) => {
          const c = await openConversation(sid, options);
          return Object.assign(Object.create(c) as typeof c, {
            onMessageAdded: (listener: Parameters<typeof c.onMessageAdded>[0]) => c.onMessageAdded((message) => held.push(() => listener(message))),
          });
        },
      });
    };
    const { session, opening } = openThread(() => Promise.resolve(slowEcho), sandbox);
    await opening;
    session.send({ text: 'On my way' });
    expect(snapshotOf(session).pending.map((p) => p.state)).toEqual(['sending']);
    await vi.waitFor(() => expect(snapshotOf(session).pending.map((p) => p.state)).toEqual(['sent']));
    expect(snapshotOf(session).messages.some((m) => m.body === 'On my way')).toBe(false);
    for (const release of held.splice(0)) release();
    expect(snapshotOf(session).pending).toEqual([]);
    expect(snapshotOf(session).messages.at(-1)).toMatchObject({ body: 'On my way', author: 'provider-1001' });
  });

  it('Twilio: the read horizon of the other participant from getParticipants(), then participantUpdated', async () => {
    const { session, conversation } = await openTwilioThread((c) => c.joinParticipant('member-5001', 1));
    // The adapter's opening (its messages and participants open in the SDK), then the thread's read.
    expect(conversation.calls.filter((c) => c.method === 'getParticipants')).toHaveLength(2);
    expect(snapshotOf(session).readHorizon).toBe(1);
    conversation.readUpTo('member-5001', 3);
    expect(snapshotOf(session).readHorizon).toBe(3);
  });

  it('a host adapter without read horizons: every stored own message stays delivered (readHorizon null)', async () => {
    const sandbox = createSandboxGateway();
    const real = createSandboxChatClientFactory({ fetch: sandbox.fetch, reconnectDelaysMs: [5] });
    // The adapter as a host might have written it before read horizons and typing existed.
    const legacy: ChatClientFactory = async (init) => {
      const client = await real(init);
      return {
        get identity() {
          return client.identity;
        },
        get connectionState() {
          return client.connectionState;
        },
        onConnectionStateChange: (listener) => client.onConnectionStateChange(listener),
        close: () => client.close(),
        openConversation: async (sid, options) => {
          const c = await client.openConversation(sid, options);
          return {
            sid: c.sid,
            getMessages: (o) => c.getMessages(o),
            onMessageAdded: (l) => c.onMessageAdded(l),
            sendText: (t, o) => c.sendText(t, o),
            sendMedia: (f, o) => c.sendMedia(f, o),
            markAllRead: () => c.markAllRead(),
          };
        },
      };
    };
    const { session, opening } = openThread(() => Promise.resolve(legacy), sandbox);
    await opening;
    expect(snapshotOf(session)).toMatchObject({ status: 'ready', readHorizon: null, unreadAfter: null, typing: false });
    session.typing(); // nothing to call: no error
  });
});

describe('unread on opening', () => {
  it('remembers the own read horizon from before the thread marked everything read, when customer messages came after it', async () => {
    const { session, sandbox, conversation } = await openSandboxThread();
    // The seed: the provider read up to its own message (1); the member's 2 and 3 are unread.
    expect(snapshotOf(session).unreadAfter).toBe(1);
    // The thread marks everything read, as before; the remembered horizon stays for this opening.
    await vi.waitFor(() => expect(sandbox.chat.lastRead(conversation, 'provider-1001')).toBe(3));
    expect(snapshotOf(session).unreadAfter).toBe(1);
  });

  it('nothing unread: null (also when only own messages came after the horizon)', async () => {
    const sandbox = createSandboxGateway();
    const conversation = sandbox.chat.conversation(sandbox.chat.conversationSid(1001, 5001))!;
    sandbox.chat.markAllRead(conversation, 'provider-1001');
    sandbox.chat.post({ spId: 1001, memberId: 5001, leadId: null, fromProvider: true, text: 'Anything else?' });
    const { session } = await openSandboxThread(sandbox);
    expect(snapshotOf(session).unreadAfter).toBeNull();
  });

  it('Twilio: conversation.lastReadMessageIndex before the thread marks all read; never read at all (null) shows no marker', async () => {
    const read = await openTwilioThread((c) => {
      c.lastReadMessageIndex = 1;
    });
    expect(snapshotOf(read.session).unreadAfter).toBe(1);
    await vi.waitFor(() => expect(read.conversation.calls).toContainEqual({ method: 'advanceLastReadMessageIndex', index: 3 }));
    const never = await openTwilioThread();
    expect(snapshotOf(never.session).unreadAfter).toBeNull();
  });
});

describe('typing', () => {
  it('the customer typing (sandbox events), ended by their message; said once per reply', async () => {
    const { session, sandbox, conversation } = await openSandboxThread();
    sandbox.chat.setTyping(conversation, 'member-5001', true);
    await vi.waitFor(() => expect(snapshotOf(session).typing).toBe(true));
    expect(snapshotOf(session).announcement).toEqual({ kind: 'typing' });
    // They stop and start again before answering: not said again.
    sandbox.chat.setTyping(conversation, 'member-5001', false);
    await vi.waitFor(() => expect(snapshotOf(session).typing).toBe(false));
    const said = snapshotOf(session).announcement;
    sandbox.chat.setTyping(conversation, 'member-5001', true);
    await vi.waitFor(() => expect(snapshotOf(session).typing).toBe(true));
    expect(snapshotOf(session).announcement).toBe(said);
    // Their message ends it and is said; their next typing is said again.
    sandbox.chat.post({ spId: 1001, memberId: 5001, leadId: null, fromProvider: false, text: 'See you Thursday' });
    await vi.waitFor(() => expect(snapshotOf(session).typing).toBe(false));
    expect(snapshotOf(session).announcement).toMatchObject({ kind: 'message', message: { body: 'See you Thursday' } });
    sandbox.chat.setTyping(conversation, 'member-5001', true);
    await vi.waitFor(() => expect(snapshotOf(session).announcement).toEqual({ kind: 'typing' }));
  });

  it('Twilio: typingStarted / typingEnded of the customer', async () => {
    const { session, conversation } = await openTwilioThread((c) => c.joinParticipant('member-5001'));
    conversation.startTyping('member-5001');
    expect(snapshotOf(session).typing).toBe(true);
    conversation.endTyping('member-5001');
    expect(snapshotOf(session).typing).toBe(false);
  });

  it(`signals the provider's typing at most once per ${TYPING_SIGNAL_INTERVAL_MS / 1000} s while typing, again at once after a send (fake clock)`, async () => {
    const { session, conversation } = await openTwilioThread();
    const typingCalls = () => conversation.calls.filter((c) => c.method === 'typing').length;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-03-09T10:00:00Z'));
      session.typing();
      expect(typingCalls()).toBe(1);
      // Keystrokes over the next 4.999 s: no more signals.
      for (const ms of [100, 1000, 2500, 4999]) {
        vi.setSystemTime(new Date(Date.parse('2026-03-09T10:00:00Z') + ms));
        session.typing();
      }
      expect(typingCalls()).toBe(1);
      vi.setSystemTime(new Date(Date.parse('2026-03-09T10:00:00Z') + TYPING_SIGNAL_INTERVAL_MS));
      session.typing();
      expect(typingCalls()).toBe(2);
      // A send ends the burst: the next keystroke signals at once.
      session.send({ text: 'Done' });
      session.typing();
      expect(typingCalls()).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the sandbox adapter sends the signal as POST …/typing; a failed signal is nobody’s concern', async () => {
    const sandbox = createSandboxGateway();
    const { session, paths } = await openSandboxThread(sandbox);
    sandbox.faults.status(503, undefined, { route: 'POST /gateway/message-center/v1/chat/conversations/:sid/typing', times: 1 });
    session.typing();
    await vi.waitFor(() => expect(sandbox.store.requests.filter((r) => r.path.endsWith('/typing'))).toHaveLength(1));
    expect(snapshotOf(session).status).toBe('ready');
    expect(paths.filter((p) => p.endsWith('/typing'))).toEqual([]); // not through the gateway client: the chat's own call
  });
});
