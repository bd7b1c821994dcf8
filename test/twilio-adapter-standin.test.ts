import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxGateway, MAIN_PROVIDER_ID, memberIdentity, SANDBOX_HISTORY_THREAD, type SandboxGateway } from '@leadkit/sandbox';
import { startTwilioStandIn, type TwilioStandIn } from '../packages/sandbox/src/twilio/stand-in';
import { until } from '../packages/sandbox/src/twilio/test-waits';
import type { ChatClient, ChatConnectionState, ChatMessage, ChatReadHorizon, ChatTypingEvent } from '../src/chat/chat-client';
import { createGatewayClient } from '../src/gateway/core/client';
import { getChatSession } from '../src/gateway/message-center/chat-session';
import { createTwilioChatClientFactory } from '../src/twilio';

/**
 * leadkit's Twilio chat adapter (`leadkit/twilio`, src/chat/twilio-chat-client.ts) with the REAL
 * @twilio/conversations SDK, in Node, against the sandbox's Twilio stand-in
 * (packages/sandbox/README.md#the-twilio-stand-in): the thread's calls as the thread makes them.
 * Photos are not sent here: in Node the SDK's media upload goes through the `xmlhttprequest`
 * package, which cannot send the adapter's Blob (the stand-in's own test sends a Buffer).
 */

const body = { serviceProviderId: MAIN_PROVIDER_ID, userId: SANDBOX_HISTORY_THREAD.memberId };
const member = memberIdentity(SANDBOX_HISTORY_THREAD.memberId);
const open: { chat?: ChatClient; twilio?: TwilioStandIn } = {};

/** The adapter's events, as a listener list an `until` can poll. */
function recorder<T>(): { seen: T[]; add: (value: T) => void } {
  const seen: T[] = [];
  return { seen, add: (value) => seen.push(value) };
}

async function openThread(
  options: { tokenTtlMs?: number; tokenAboutToExpireMs?: number; expireFirstToken?: boolean; firstPage?: boolean; now?: () => Date } = {},
) {
  const sandbox: SandboxGateway = createSandboxGateway({ chat: { tokenTtlMs: options.tokenTtlMs ?? 3_600_000 }, ...(options.now ? { now: options.now } : {}) });
  const twilio = await startTwilioStandIn({ sandbox, tokenAboutToExpireMs: options.tokenAboutToExpireMs ?? 60_000 });
  open.twilio = twilio;
  const gateway = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'provider', spId: MAIN_PROVIDER_ID } });
  const session = await getChatSession(gateway, body);
  if (options.expireFirstToken) sandbox.chat.expireTokens();
  const renewals = recorder<string>();
  const factory = createTwilioChatClientFactory({ clientOptions: twilio.clientOptions() });
  const chat = await factory({
    session,
    gateway,
    renewSession: async () => {
      const renewed = await getChatSession(gateway, body);
      renewals.add(renewed.token);
      return renewed;
    },
  });
  open.chat = chat;
  const conversation = await chat.openConversation(session.conversationSid);
  // As the thread does: its first page right after opening.
  if (options.firstPage !== false) await conversation.getMessages({ pageSize: 10 });
  return { sandbox, twilio, chat, conversation, session, renewals: renewals.seen, thread: sandbox.chat.conversation(session.conversationSid)! };
}

afterEach(async () => {
  await open.chat?.close();
  await open.twilio?.close();
  delete open.chat;
  delete open.twilio;
});

describe('the Twilio chat adapter with the real SDK, on the sandbox’s Twilio stand-in', () => {
  it('opens a thread, pages back to its first message and reads the other side’s read horizon', async () => {
    const { chat, conversation, session, thread, sandbox } = await openThread();
    expect([chat.identity, chat.connectionState]).toEqual([session.identity, 'connected']);
    const newest = await conversation.getMessages({ pageSize: 10 });
    expect(newest.messages.map((m) => m.index)).toEqual([30, 31, 32, 33, 34, 35, 36, 37, 38, 39]);
    expect(newest.hasOlder).toBe(true);
    const older = await conversation.getMessages({ pageSize: 10, before: 30 });
    expect(older.messages.map((m) => m.index)).toEqual([20, 21, 22, 23, 24, 25, 26, 27, 28, 29]);
    const first = await conversation.getMessages({ pageSize: 30, before: 20 });
    expect([first.messages[0]?.index, first.messages.at(-1)?.index, first.hasOlder]).toEqual([0, 19, false]);
    expect(newest.messages.map((m) => m.body)).toEqual(sandbox.chat.page(thread, { pageSize: 10 }).messages.map((m) => m.body));
    expect(await conversation.getReadHorizons?.()).toEqual([{ identity: member, lastReadMessageIndex: sandbox.chat.lastRead(thread, member) }]);
  }, 15_000);

  it('sends, marks read, types, and hears the customer read, type and answer', async () => {
    const { sandbox, conversation, session, thread } = await openThread();
    const added = recorder<ChatMessage>();
    const typing = recorder<ChatTypingEvent>();
    const horizons = recorder<ChatReadHorizon>();
    conversation.onMessageAdded(added.add);
    conversation.onTyping?.(typing.add);
    conversation.onReadHorizonChange?.(horizons.add);

    const sent = await conversation.sendText('Via the adapter', { attributes: { from: 'adapter' } });
    expect(sandbox.store.messages.at(-1)).toMatchObject({ text: 'Via the adapter', attributes: { from: 'adapter' } });
    // markAllRead reads the newest message the SDK has heard of (see the last test): wait for it.
    await until(() => added.seen.some((m) => m.index === sent.index), 'the sent message heard back');
    await conversation.markAllRead();
    expect(sandbox.chat.lastRead(thread, session.identity)).toBe(sent.index);
    await conversation.typing?.();
    expect(sandbox.chat.isTyping(thread, session.identity)).toBe(true);

    sandbox.chat.setCustomerReplies({ delayMs: 400 });
    const asked = await conversation.sendText('Does Thursday work?');
    await until(() => added.seen.some((m) => m.author === member), 'the customer’s answer');
    sandbox.chat.setCustomerReplies(false);
    expect(added.seen.map((m) => [m.index, m.author])).toEqual([
      [sent.index, session.identity],
      [asked.index, session.identity],
      [asked.index + 1, member],
    ]);
    expect(horizons.seen).toContainEqual({ identity: member, lastReadMessageIndex: asked.index });
    // The SDK ends a typist's typing when its message arrives (conversation.js _onMessageAdded).
    expect(typing.seen).toEqual([
      { identity: member, typing: true },
      { identity: member, typing: false },
    ]);
  }, 15_000);

  it('loses the connection and gets it back: connecting, connected, and the message sent meanwhile once', async () => {
    const { sandbox, twilio, chat, conversation } = await openThread();
    const states = recorder<ChatConnectionState>();
    const added = recorder<ChatMessage>();
    chat.onConnectionStateChange(states.add);
    conversation.onMessageAdded(added.add);
    twilio.dropConnections();
    await until(() => states.seen.includes('connecting'), 'connecting');
    // The customer writes while the socket is down.
    sandbox.chat.post({ spId: MAIN_PROVIDER_ID, memberId: SANDBOX_HISTORY_THREAD.memberId, leadId: null, fromProvider: false, text: 'While you were away' });
    await until(() => added.seen.length > 0 && chat.connectionState === 'connected', 'back, with the message', 15_000);
    expect(states.seen).toEqual(['connecting', 'connected']);
    expect(added.seen.map((m) => [m.index, m.body])).toEqual([[SANDBOX_HISTORY_THREAD.messageCount, 'While you were away']]);
  }, 20_000);

  it('renews its token from the session call on tokenAboutToExpire, and outlives the first token', async () => {
    // The sandbox's clock, moved by the test: the stand-in reads token expiry against it.
    let aheadMs = 0;
    const now = () => new Date(Date.now() + aheadMs);
    const { chat, conversation, renewals, twilio, sandbox } = await openThread({ tokenTtlMs: 60_000, tokenAboutToExpireMs: 10_000, now });
    const [firstExpiry] = twilio.tokenExpiries();
    expect(renewals).toEqual([]);
    aheadMs = 55_000; // within the last 10 s of the first token: the stand-in warns, the adapter renews
    await until(() => renewals.length > 0, 'a renewal', 10_000);
    await until(() => twilio.tokenExpiries().every((expiry) => expiry > firstExpiry!), 'the renewed token taken by the connection', 10_000);
    aheadMs = 65_000; // past the first token's expiry
    const sent = await conversation.sendText('After the first token');
    expect(chat.connectionState).toBe('connected');
    expect(sandbox.store.messages.at(-1)!.text).toBe('After the first token');
    expect(sent.index).toBe(SANDBOX_HISTORY_THREAD.messageCount);
  }, 20_000);

  // Twilio ends a connection whose token expired (`close` 410, twilsock's tokenExpired, then
  // `disconnected` after its 3 s DISCONNECTING_TIMEOUT); the adapter renews from the session call
  // and hands the SDK the new token (client.updateToken), which reconnects and resubscribes.
  it('renews when its token expires while the thread is open: back on the new token, what came meanwhile once', async () => {
    const { sandbox, chat, conversation, renewals } = await openThread();
    const states = recorder<ChatConnectionState>();
    const added = recorder<ChatMessage>();
    chat.onConnectionStateChange(states.add);
    conversation.onMessageAdded(added.add);
    sandbox.chat.expireTokens();
    await until(() => renewals.length > 0, 'a renewal');
    sandbox.chat.post({ spId: MAIN_PROVIDER_ID, memberId: SANDBOX_HISTORY_THREAD.memberId, leadId: null, fromProvider: false, text: 'After the expiry' });
    await until(() => added.seen.length > 0 && chat.connectionState === 'connected', 'back, with the message', 15_000);
    expect(states.seen).not.toContain('denied');
    expect(added.seen.map((m) => m.body)).toEqual(['After the expiry']);
    const sent = await conversation.sendText('On the new token');
    expect(sent.index).toBe(SANDBOX_HISTORY_THREAD.messageCount + 1);
  }, 20_000);

  // The SDK's setAllMessagesRead marks read up to the newest message of its cached page
  // (conversation.js: getMessages(1), served from the Sync list's cache, synclist.js
  // queryItems), and a message just sent is not in it until its messageAdded: the reply to a
  // send comes before the event (twilsock client.js defers notifications a turn).
  it('marks the message it has just sent as read, with one read-horizon request', async () => {
    const { sandbox, twilio, conversation, session, thread } = await openThread();
    const sent = await conversation.sendText('Sent, then everything read');
    twilio.clearReceived();
    await conversation.markAllRead();
    expect(sandbox.chat.lastRead(thread, session.identity)).toBe(sent.index);
    expect(twilio.received.map((r) => [r.method, r.url.replace(/^.*\/Users\//, 'Users/'), r.body])).toEqual([
      ['POST', `Users/${session.identity}/Conversations/${session.conversationSid}`, { last_read_message_index: sent.index }],
    ]);
  }, 15_000);

  // A first token that has expired: twilsock answers `init` 401/20104, and the SDK says
  // initFailed ("Twilsock has disconnected.") before tokenExpired (twilsock.js sendInit:
  // tokenRejected finalises the socket first). client.updateToken cannot rescue that client
  // (client.js updateToken: `mcsClient` is made only by _initialize → TypeError); a new Client
  // with a renewed token can.
  it('opens when the first token has already expired, by renewing it once', async () => {
    const { chat, renewals, conversation, session } = await openThread({ expireFirstToken: true });
    expect(chat.connectionState).toBe('connected');
    expect(renewals).toHaveLength(1);
    // The session's token was refused; the renewed one is the client's.
    expect((await conversation.getMessages({ pageSize: 1 })).messages).toHaveLength(1);
    expect(renewals[0]).not.toBe(session.token);
  }, 15_000);

  // Until its messages list is open in the SDK, a message added never comes as messageAdded
  // (client.js getConversationBySid can resolve on the document alone while the fetch of the
  // user's conversations is still opening the lists): the adapter's open waits for it.
  it('hears a message added right after the conversation opened, before any page was asked for', async () => {
    const { sandbox, conversation } = await openThread({ firstPage: false });
    const added = recorder<ChatMessage>();
    conversation.onMessageAdded(added.add);
    sandbox.chat.post({ spId: MAIN_PROVIDER_ID, memberId: SANDBOX_HISTORY_THREAD.memberId, leadId: null, fromProvider: false, text: 'Right after opening' });
    await until(() => added.seen.length > 0, 'the message as messageAdded');
    expect(added.seen.map((m) => [m.index, m.body])).toEqual([[SANDBOX_HISTORY_THREAD.messageCount, 'Right after opening']]);
  }, 15_000);

  it('opens with no request of its own: the thread’s first load asks for one page of messages after opening', async () => {
    const { twilio, conversation, session } = await openThread({ firstPage: false });
    // The conversation's Sync objects were opened by the opening (here, or by the SDK's fetch of the user's conversations).
    const opened = twilio.received.map((r) => `${r.method} ${r.url}`);
    expect(opened.filter((r) => r.includes(`${session.conversationSid}.messages`))).toEqual([
      `GET cds.us1.twilio.com/v3/Lists/${session.conversationSid}.messages`,
    ]);
    twilio.clearReceived();
    await Promise.all([conversation.getMessages({ pageSize: 30 }), conversation.getReadHorizons!()]);
    // This conversation's requests: the SDK's fetch of the user's other conversations may still be under way.
    expect(twilio.received.filter((r) => r.url.includes(session.conversationSid)).map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET cds.us1.twilio.com/v3/Lists/${session.conversationSid}.messages/Items?HideExpired=true&PageSize=30&Order=desc`,
    ]);
  }, 15_000);

  // The SDK goes on fetching the user's conversations after `initialized` (client.js
  // `_initialize`: `_conversationsPromise`); a client shut down meanwhile rejects it.
  it('closes while the SDK still fetches the user’s conversations: no unhandled rejection, no request to absorb it', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const sandbox = createSandboxGateway();
      const twilio = await startTwilioStandIn({ sandbox });
      open.twilio = twilio;
      // Each conversation's document answers late: the fetch is under way when the factory resolves.
      sandbox.faults.latency(1000, { route: 'GET /gateway/message-center/v1/chat/conversations/:sid' });
      const gateway = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'provider', spId: MAIN_PROVIDER_ID } });
      const session = await getChatSession(gateway, body);
      const chat = await createTwilioChatClientFactory({ clientOptions: twilio.clientOptions() })({
        session,
        gateway,
        renewSession: () => getChatSession(gateway, body),
      });
      await chat.close();
      // Until the late answers came and the SDK heard of them (a rejection is reported a task later).
      await until(() => twilio.answering === 0 && twilio.received.length > 0, 'the stand-in done answering', 10_000);
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
      expect(twilio.received.filter((r) => r.url.includes('.conversations/Items'))).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  }, 15_000);
});
