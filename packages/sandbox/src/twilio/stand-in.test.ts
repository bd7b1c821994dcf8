import { Client, type Conversation, type Message, type Participant } from '@twilio/conversations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeChatToken } from '../chat-token';
import {
  CUSTOMER_REPLIES,
  conversationSid,
  createSandboxGateway,
  MAIN_PROVIDER_ID,
  memberIdentity,
  SANDBOX_HISTORY_THREAD,
  SANDBOX_MEMBER_ID,
  type SandboxGateway,
} from '../index';
import { SEEDED_PHOTO, seededPhotoBytes } from '../seed/chat';
import { startTwilioStandIn, type TwilioStandIn } from './stand-in';
import { nextEvent, until } from './test-waits';

/**
 * The REAL @twilio/conversations SDK (3.0.1, in Node) against the Twilio stand-in
 * (packages/sandbox/src/twilio/), answering from the sandbox's chat store: one provider's
 * client through a thread's journey — the chat-token call's token, initialisation, the
 * conversation by sid, paging back, participants, a photo, sending text and a photo, typing,
 * the simulated customer's reply, the read horizon, a dropped connection and its return.
 */

/** A 1×1 RGBA PNG. */
const DOT_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let sandbox: SandboxGateway;
let twilio: TwilioStandIn;
let client: Client;
let session: { conversationSid: string; identity: string; token: string };
let conversation: Conversation;
const member = memberIdentity(SANDBOX_HISTORY_THREAD.memberId);
/** Every messageAdded of the conversation, in order. */
const added: Message[] = [];
const states: string[] = [];

const thread = () => sandbox.chat.conversation(session.conversationSid)!;

async function download(url: string | null): Promise<Buffer> {
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sandbox\/chat\/media\//);
  const response = await fetch(url!);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

beforeAll(async () => {
  sandbox = createSandboxGateway();
  twilio = await startTwilioStandIn({ sandbox });
  // The token a host's page gets: the chat-token call (the host stand-in's, as a host's server answers it).
  const response = await sandbox.fetch('/host-stand-in/chat-token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ serviceProviderId: MAIN_PROVIDER_ID, userId: SANDBOX_HISTORY_THREAD.memberId }),
  });
  expect(response.status).toBe(200);
  session = (await response.json()) as typeof session;
  client = new Client(session.token, twilio.clientOptions());
  client.on('stateChanged', (state) => states.push(`state:${state}`));
  client.on('connectionStateChanged', (state) => states.push(state));
  await nextEvent(client, 'initialized');
}, 20_000);

afterAll(async () => {
  await client?.shutdown();
  await twilio?.close();
});

describe('the real Conversations SDK against the Twilio stand-in', () => {
  it('initialises with the chat-token call’s JWT-shaped token (identity and expiry checked)', () => {
    const claims = decodeChatToken(session.token);
    expect(session.token.split('.')).toHaveLength(3);
    expect(claims?.grants.identity).toBe(session.identity);
    expect(claims!.exp * 1000).toBeGreaterThan(Date.now());
    expect(client.user.identity).toBe(session.identity);
    expect(states).toContain('connected');
    expect(states).toContain('state:initialized');
    expect(twilio.received[0]).toMatchObject({ method: 'GET', url: 'aim.us1.twilio.com/Client/v2/Configuration', status: 200, identity: session.identity });
  });

  it('gets the sandbox’s conversation by sid, pages its messages back and lists its participants', async () => {
    conversation = await client.getConversationBySid(session.conversationSid);
    conversation.on('messageAdded', (message: Message) => added.push(message));
    expect(conversation.sid).toBe(session.conversationSid);
    expect(conversation.lastReadMessageIndex).toBe(sandbox.chat.lastRead(thread(), session.identity));

    const newest = await conversation.getMessages(10);
    const expected = sandbox.chat.page(thread(), { pageSize: 10 }).messages;
    expect(newest.items.map((m) => m.index)).toEqual(expected.map((m) => m.index));
    expect(newest.items.map((m) => [m.sid, m.author, m.body, m.dateCreated?.toISOString()])).toEqual(
      expected.map((m) => [m.sid, m.author, m.body, m.dateCreated]),
    );
    expect(newest.hasPrevPage).toBe(true);

    // The adapter's paging: the anchor is the index of the newest message wanted.
    const older = await conversation.getMessages(10, newest.items[0]!.index - 1, 'backwards');
    expect(older.items.map((m) => m.index)).toEqual([20, 21, 22, 23, 24, 25, 26, 27, 28, 29]);
    expect(older.hasPrevPage).toBe(true);
    const first = await conversation.getMessages(30, 19, 'backwards');
    expect(first.items.map((m) => m.index)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(first.hasPrevPage).toBe(false);

    const participants = await conversation.getParticipants();
    expect(participants.map((p) => p.identity).sort()).toEqual([member, session.identity].sort());
    for (const participant of participants) expect(participant.lastReadMessageIndex).toBe(sandbox.chat.lastRead(thread(), participant.identity!));
  });

  it('shows a photo of the history: its media, and a temporary URL to its bytes', async () => {
    const photoThread = await client.getConversationBySid(conversationSid(MAIN_PROVIDER_ID, SANDBOX_MEMBER_ID));
    const [last] = (await photoThread.getMessages(1)).items;
    expect(last!.body).toBeNull();
    const media = last!.attachedMedia!;
    expect(media.map((m) => [m.sid, m.contentType, m.filename])).toEqual([[SEEDED_PHOTO.mediaSid, SEEDED_PHOTO.contentType, SEEDED_PHOTO.filename]]);
    expect((await download(await media[0]!.getContentTemporaryUrl())).equals(Buffer.from(seededPhotoBytes()))).toBe(true);
  });

  it('sends a text: the sandbox stores it and the SDK hears it back as messageAdded', async () => {
    const text = 'I can come by Thursday at 10.';
    const heard = nextEvent<Message>(conversation, 'messageAdded', (m) => m.body === text);
    const index = await conversation.sendMessage(text, { via: 'twilio' });
    expect(index).toBe(SANDBOX_HISTORY_THREAD.messageCount);
    const stored = sandbox.store.messages.at(-1)!;
    expect(stored).toMatchObject({
      spId: MAIN_PROVIDER_ID,
      memberId: SANDBOX_HISTORY_THREAD.memberId,
      authorType: 'ServiceProvider',
      text,
      attributes: { via: 'twilio' },
    });
    const sent = twilio.received.filter((r) => r.method === 'POST' && r.url.endsWith(`/Conversations/${session.conversationSid}/Messages`));
    expect(sent.map((r) => r.body)).toEqual([{ body: text, attributes: '{"via":"twilio"}' }]);
    const message = await heard;
    expect([message.index, message.author, message.attributes]).toEqual([index, session.identity, { via: 'twilio' }]);
  });

  it('sends a photo through the media service (MCS over HTTP) and serves it back', async () => {
    const heard = nextEvent<Message>(conversation, 'messageAdded', (m) => (m.attachedMedia?.length ?? 0) > 0);
    const index = await conversation.prepareMessage().addMedia({ contentType: 'image/png', filename: 'dot.png', media: DOT_PNG }).build().send();
    const stored = sandbox.store.messages.at(-1)!;
    expect(stored.media).toEqual([{ mediaSid: expect.stringMatching(/^ME/), contentType: 'image/png', filename: 'dot.png', size: DOT_PNG.length }]);
    expect(Buffer.from(sandbox.chat.mediaContent(stored.media![0]!.mediaSid)!).equals(DOT_PNG)).toBe(true);
    const message = await heard;
    expect(message.index).toBe(index);
    const [media] = message.attachedMedia!;
    expect([media!.sid, media!.contentType, media!.filename, media!.size]).toEqual([stored.media![0]!.mediaSid, 'image/png', 'dot.png', DOT_PNG.length]);
    expect((await download(await media!.getContentTemporaryUrl())).equals(DOT_PNG)).toBe(true);
  });

  it('shows typing both ways', async () => {
    await conversation.typing();
    expect(sandbox.chat.isTyping(thread(), session.identity)).toBe(true);
    expect(twilio.received.at(-1)).toMatchObject({
      method: 'POST',
      url: expect.stringMatching(/\/Typing$/),
      body: `ChannelSid=${session.conversationSid}`,
      status: 200,
    });

    const started = nextEvent<Participant>(conversation, 'typingStarted');
    sandbox.chat.setTyping(thread(), member, true);
    const typist = await started;
    expect([typist.identity, typist.isTyping]).toEqual([member, true]);
    // A message of the typist's ends its typing (the SDK's rule, conversation.js _onMessageAdded).
    const ended = nextEvent<Participant>(conversation, 'typingEnded');
    sandbox.chat.post({ spId: MAIN_PROVIDER_ID, memberId: SANDBOX_HISTORY_THREAD.memberId, leadId: null, fromProvider: false, text: 'One moment.' });
    expect((await ended).identity).toBe(member);
  });

  it('receives the simulated customer’s reply: it reads, types, then answers', async () => {
    sandbox.chat.setCustomerReplies({ delayMs: 600 });
    try {
      const read = nextEvent<{ participant: Participant; updateReasons: string[] }>(
        conversation,
        'participantUpdated',
        ({ participant, updateReasons }) => participant.identity === member && updateReasons.includes('lastReadMessageIndex'),
      );
      const typing = nextEvent<Participant>(conversation, 'typingStarted', (p) => p.identity === member);
      const reply = nextEvent<Message>(conversation, 'messageAdded', (m) => m.author === member && m.body === CUSTOMER_REPLIES[0]);
      const index = await conversation.sendMessage('Does that time work for you?');
      expect((await read).participant.lastReadMessageIndex).toBe(index);
      await typing;
      expect((await reply).index).toBe(index + 1);
    } finally {
      sandbox.chat.setCustomerReplies(false);
    }
  });

  it('moves the read horizon (setAllMessagesRead, updateLastReadMessageIndex) in the sandbox’s store', async () => {
    const last = sandbox.chat.messageCount(thread()) - 1;
    await conversation.setAllMessagesRead();
    expect(sandbox.chat.lastRead(thread(), session.identity)).toBe(last);
    // Each move comes back as the conversation's `updated` (the user's conversations map): wait for this one's.
    const updated = nextEvent<{ conversation: Conversation; updateReasons: string[] }>(
      conversation,
      'updated',
      (update) => update.updateReasons.includes('lastReadMessageIndex') && update.conversation.lastReadMessageIndex === 5,
    );
    const unread = await conversation.updateLastReadMessageIndex(5);
    expect(unread).toBe(last - 5);
    expect(sandbox.chat.lastRead(thread(), session.identity)).toBe(5);
    await updated;
    expect(conversation.lastReadMessageIndex).toBe(5);
    expect(twilio.received.at(-1)).toMatchObject({
      method: 'POST',
      url: expect.stringMatching(new RegExp(`/Users/${session.identity}/Conversations/${session.conversationSid}$`)),
      body: { last_read_message_index: 5 },
    });
  });

  it('loses the connection and gets it back without losing or repeating a message', async () => {
    const before = states.length;
    const whileAway = 'Sent while you were offline.';
    const back = nextEvent<Message>(conversation, 'messageAdded', (m) => m.body === whileAway, 15_000);
    twilio.dropConnections();
    await until(() => states.slice(before).includes('connecting'), 'connecting');
    // The customer writes while the socket is down.
    sandbox.chat.post({ spId: MAIN_PROVIDER_ID, memberId: SANDBOX_HISTORY_THREAD.memberId, leadId: null, fromProvider: false, text: whileAway });
    await until(() => client.connectionState === 'connected', 'connected again', 15_000);
    const message = await back;
    expect(states.slice(before)).toEqual(['connecting', 'connected']);
    expect(message.index).toBe(sandbox.chat.messageCount(thread()) - 1);

    // Every message since the first send arrived once, in order, and the SDK's pages agree with the store.
    const indices = added.map((m) => m.index);
    const first = SANDBOX_HISTORY_THREAD.messageCount;
    expect(indices).toEqual(Array.from({ length: message.index - first + 1 }, (_, i) => first + i));
    const page = await conversation.getMessages(8);
    expect(page.items.map((m) => [m.index, m.sid])).toEqual(sandbox.chat.page(thread(), { pageSize: 8 }).messages.map((m) => [m.index, m.sid]));
  }, 20_000);
});
