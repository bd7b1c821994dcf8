import { afterEach, describe, expect, it } from 'vitest';
import { sendMessage } from '../../../src/gateway/message-center/calls';
import { getChatSession } from '../../../src/gateway/message-center/chat-session';
import { CUSTOMER_PHOTO_REPLY, CUSTOMER_REPLIES, SANDBOX_HISTORY_THREAD, SANDBOX_LEADS, SANDBOX_LONG_THREAD, SANDBOX_MEMBER_ID } from './index';
import { failure, NOW, providerHeaders, setup } from './test-helpers';

/**
 * The sandbox's chat service (packages/sandbox/src/routes/chat.ts) over plain HTTP, as the sandbox chat
 * adapter uses it: the session call, history pages, live events, sends, media, reads, faults.
 */

const MC = '/gateway/message-center';
const CHAT = `${MC}/v1/chat`;
/** A 1×1 PNG. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4z8AAAAMBAQAY3Y2wAAAAAElFTkSuQmCC'), (ch) => ch.charCodeAt(0));

type Sandbox = ReturnType<typeof setup>['sandbox'];

/** Opens a session for 1001 and a member; returns the chat headers for the chat service. */
async function session(clients: ReturnType<typeof setup>, userId: number = SANDBOX_MEMBER_ID) {
  const s = await getChatSession(clients.provider, { serviceProviderId: 1001, userId });
  const headers = { ...providerHeaders(), Authorization: `Bearer ${s.token}` };
  return { ...s, headers };
}

interface ReadEvent {
  id: string | null;
  event: string | null;
  data: unknown;
}

/** Reads an event stream's `message` events (a tiny reader: the chat layer has the real one). */
function eventReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queue: ReadEvent[] = [];
  return {
    async next(): Promise<ReadEvent> {
      for (;;) {
        const ready = queue.shift();
        if (ready) return ready;
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split('\n')
              .find((line) => line.startsWith(`${name}: `))
              ?.slice(name.length + 2) ?? null;
          const data = field('data');
          if (data !== null) queue.push({ id: field('id'), event: field('event'), data: JSON.parse(data) });
        }
      }
    },
    close: () => reader.cancel(),
  };
}

const streams: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(streams.splice(0).map((s) => s.close()));
});

async function openEvents(sandbox: Sandbox, headers: Record<string, string>, lastEventId?: string) {
  const response = await sandbox.fetch(`${CHAT}/events`, { headers: { ...headers, ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = eventReader(response);
  streams.push(reader);
  return reader;
}

describe('POST /v1/chat/session', () => {
  it('gives the provider a token for the pair’s conversation; the same conversation every time', async () => {
    const clients = setup();
    const first = await getChatSession(clients.provider, { serviceProviderId: 1001, userId: 5001, leadId: SANDBOX_LEADS.newest });
    const again = await getChatSession(clients.provider, { serviceProviderId: 1001, userId: 5001 });
    expect(again.conversationSid).toBe(first.conversationSid);
    expect(first.conversationSid).toMatch(/^CH[0-9a-f]{32}$/);
    expect(again.token).not.toBe(first.token);
    expect(first.identity).toBe('provider-1001');
  });

  it('refuses another provider’s caller id, unknown members, unrelated leads and members without a lead or thread', async () => {
    const clients = setup();
    // Another provider's caller id (leadkit's client never sends one: a call's caller id is the provider it names).
    const otherCaller = await clients.sandbox.fetch(
      new Request(`http://sandbox.test${CHAT}/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-caller-type': 'ServiceProvider', 'x-caller-id': '1002' },
        body: JSON.stringify({ serviceProviderId: 1001, userId: 5001 }),
      }),
    );
    expect(otherCaller.status).toBe(403);
    expect((await failure(getChatSession(clients.provider, { serviceProviderId: 1001, userId: 9999 }))).status).toBe(404);
    const wrongLead = await failure(getChatSession(clients.provider, { serviceProviderId: 1001, userId: 5001, leadId: SANDBOX_LEADS.closedWon }));
    expect(wrongLead).toMatchObject({ status: 400, body: { fields: ['leadId'] } });
    // Member 5016's only lead went to 1002, never to 1001.
    expect((await failure(getChatSession(clients.provider, { serviceProviderId: 1001, userId: 5016 }))).status).toBe(403);
  });
});

describe('chat service: history', () => {
  it('pages a conversation by index, oldest first, newest page without `before`', async () => {
    const clients = setup();
    const { conversationSid, headers } = await session(clients, SANDBOX_HISTORY_THREAD.memberId);
    const newest = await (await clients.sandbox.fetch(`${CHAT}/conversations/${conversationSid}/messages?pageSize=15`, { headers })).json();
    expect(newest.messages.map((m: { index: number }) => m.index)).toEqual(Array.from({ length: 15 }, (_, i) => 25 + i));
    expect(newest.hasOlder).toBe(true);
    const older = await (await clients.sandbox.fetch(`${CHAT}/conversations/${conversationSid}/messages?pageSize=15&before=25`, { headers })).json();
    expect(older.messages.map((m: { index: number }) => m.index)).toEqual(Array.from({ length: 15 }, (_, i) => 10 + i));
    const oldest = await (await clients.sandbox.fetch(`${CHAT}/conversations/${conversationSid}/messages?pageSize=15&before=10`, { headers })).json();
    expect(oldest.messages.map((m: { index: number }) => m.index)).toEqual(Array.from({ length: 10 }, (_, i) => i));
    expect(oldest.hasOlder).toBe(false);
    expect(oldest.messages[0]).toMatchObject({
      author: 'provider-1001',
      body: 'Hi, thanks for reaching out about the kitchen drain. Is it fully blocked or just slow?',
      media: [],
      attributes: {},
    });
    expect(oldest.messages[1].author).toBe('member-5003');
  });

  it('serves the 10,000-message thread by index without storing it', async () => {
    const clients = setup();
    const { conversationSid, headers } = await session(clients, SANDBOX_LONG_THREAD.memberId);
    const info = await (await clients.sandbox.fetch(`${CHAT}/conversations/${conversationSid}`, { headers })).json();
    // Read by the provider (its thread is read); the member has read up to its own last message.
    expect(info).toEqual({
      sid: conversationSid,
      participants: ['provider-1001', 'member-5090'],
      lastMessageIndex: 9999,
      lastReadMessageIndex: 9999,
      readHorizons: [{ identity: 'member-5090', lastReadMessageIndex: expect.any(Number) }],
      eventId: 0,
    });
    const newest = await (await clients.sandbox.fetch(`${CHAT}/conversations/${conversationSid}/messages`, { headers })).json();
    expect(newest.messages).toHaveLength(30);
    expect(newest.messages.at(-1)).toMatchObject({ index: 9999, body: expect.stringMatching(/\(#10000\)$/) });
    const memberRead = info.readHorizons[0].lastReadMessageIndex as number;
    const after = newest.messages.filter((m: { index: number }) => m.index >= memberRead);
    expect(after[0]).toMatchObject({ index: memberRead, author: 'member-5090' });
    expect(after.slice(1).every((m: { author: string }) => m.author === 'provider-1001')).toBe(true);
    const page = await (await clients.sandbox.fetch(`${CHAT}/conversations/${conversationSid}/messages?before=100&pageSize=100`, { headers })).json();
    expect(page.messages.map((m: { index: number }) => m.index)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    // Generated from the index alone: the same page twice is the same.
    const again = await (await clients.sandbox.fetch(`${CHAT}/conversations/${conversationSid}/messages?before=100&pageSize=100`, { headers })).json();
    expect(again).toEqual(page);
    expect(new Date(page.messages[0].dateCreated).getTime()).toBeLessThan(new Date(page.messages[99].dateCreated).getTime());
    expect(clients.sandbox.store.messages.some((m) => m.memberId === SANDBOX_LONG_THREAD.memberId)).toBe(false);
  });

  it('needs a valid, unexpired chat token of a participant', async () => {
    const clients = setup();
    const { conversationSid, headers } = await session(clients);
    const url = `${CHAT}/conversations/${conversationSid}/messages`;
    expect((await clients.sandbox.fetch(url, { headers: providerHeaders() })).status).toBe(401);
    expect((await clients.sandbox.fetch(url, { headers: { ...providerHeaders(), Authorization: 'Bearer nope' } })).status).toBe(401);
    // 1002's token is valid, but 1002 is not in 1001's conversation with 5001.
    const other = await getChatSession(clients.providerAs(1002), { serviceProviderId: 1002, userId: 5016 });
    expect((await clients.sandbox.fetch(url, { headers: { ...providerHeaders(1002), Authorization: `Bearer ${other.token}` } })).status).toBe(403);
    expect((await clients.sandbox.fetch(`${CHAT}/conversations/CH${'0'.repeat(32)}/messages`, { headers })).status).toBe(404);
    clients.sandbox.chat.expireTokens();
    const expired = await clients.sandbox.fetch(url, { headers });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ message: 'The chat token has expired.' });
  });
});

describe('chat service: live events and sends', () => {
  it('streams a sent message to the provider, then the simulated customer’s reply', async () => {
    const clients = setup({ chat: { customerReplies: { delayMs: 5 } } });
    const { conversationSid, headers } = await session(clients);
    const events = await openEvents(clients.sandbox, headers);
    const sent = await clients.sandbox.fetch(`${CHAT}/conversations/${conversationSid}/messages`, {
      method: 'POST',
      headers: { ...headers, 'Idempotency-Key': 'send-1' },
      body: JSON.stringify({ body: 'We can come Thursday at 2.', attributes: { pageName: 'thread' } }),
    });
    expect(sent.status).toBe(201);
    const message = await sent.json();
    // The seeded thread has 4 messages (indexes 0–3): this is the fifth.
    expect(message).toMatchObject({ index: 4, author: 'provider-1001', body: 'We can come Thursday at 2.', attributes: { pageName: 'thread' } });
    expect(await events.next()).toEqual({ id: expect.stringMatching(/^\d+$/), event: 'message', data: { conversationSid, message } });
    // The customer reads it and types (its read horizon is replayable, its typing is not: no id), then answers.
    expect(await events.next()).toEqual({
      id: expect.stringMatching(/^\d+$/),
      event: 'read',
      data: { conversationSid, identity: 'member-5001', lastReadMessageIndex: 4 },
    });
    expect(await events.next()).toEqual({ id: null, event: 'typing', data: { conversationSid, identity: 'member-5001', typing: true } });
    expect(await events.next()).toEqual({ id: null, event: 'typing', data: { conversationSid, identity: 'member-5001', typing: false } });
    const reply = await events.next();
    expect(reply.data).toMatchObject({ conversationSid, message: { index: 5, author: 'member-5001', body: CUSTOMER_REPLIES[0] } });
    // The reply is a member message: the provider has unread messages again.
    expect(clients.sandbox.store.thread(1001, 5001)?.unreadForProvider).toBe(true);
  });

  it('a message sent with the message center’s POST /v1/messages is in the conversation and on the stream', async () => {
    const clients = setup();
    const { conversationSid, headers } = await session(clients);
    const events = await openEvents(clients.sandbox, headers);
    await sendMessage(clients.member, { text: 'Is 9am too early?', senderEntityId: 5001, receiverEntityId: 1001 });
    expect((await events.next()).data).toMatchObject({ conversationSid, message: { index: 4, author: 'member-5001', body: 'Is 9am too early?' } });
    const page = await (await clients.sandbox.fetch(`${CHAT}/conversations/${conversationSid}/messages?pageSize=1`, { headers })).json();
    expect(page.messages).toEqual([expect.objectContaining({ index: 4, body: 'Is 9am too early?' })]);
  });

  it('replays what a reconnecting stream missed (Last-Event-ID)', async () => {
    const clients = setup();
    const { conversationSid, headers } = await session(clients);
    const first = await openEvents(clients.sandbox, headers);
    await sendMessage(clients.provider, { text: 'One', senderEntityId: 1001, receiverEntityId: 5001 });
    const one = await first.next();
    await first.close();
    await sendMessage(clients.provider, { text: 'Two', senderEntityId: 1001, receiverEntityId: 5001 });
    await sendMessage(clients.provider, { text: 'Three', senderEntityId: 1001, receiverEntityId: 5001 });
    const second = await openEvents(clients.sandbox, headers, one.id!);
    expect((await second.next()).data).toMatchObject({ conversationSid, message: { body: 'Two' } });
    expect((await second.next()).data).toMatchObject({ conversationSid, message: { body: 'Three' } });
  });

  it('answers the conversation and a page with their event cursor: a stream opened from it replays what came after, not before', async () => {
    const clients = setup();
    const { conversationSid, headers } = await session(clients);
    const read = async (path: string) => (await clients.sandbox.fetch(`${CHAT}/conversations/${conversationSid}${path}`, { headers })).json();
    await sendMessage(clients.provider, { text: 'Before the snapshots', senderEntityId: 1001, receiverEntityId: 5001 });
    const info = await read('');
    const page = await read('/messages');
    // The newest event when each answer was made (the message above: the first event here).
    expect(info.eventId).toBe(clients.sandbox.chat.eventPosition);
    expect(page.eventId).toBe(info.eventId);
    expect(page.messages.at(-1)).toMatchObject({ body: 'Before the snapshots' });
    await sendMessage(clients.provider, { text: 'After the snapshots', senderEntityId: 1001, receiverEntityId: 5001 });
    expect((await read('/messages?pageSize=1')).eventId).toBe(page.eventId + 1);
    const events = await openEvents(clients.sandbox, headers, String(page.eventId));
    const replayed = await events.next();
    expect(replayed).toMatchObject({ id: String(page.eventId + 1), data: { conversationSid, message: { body: 'After the snapshots' } } });
  });

  it('streams only the identity’s own conversations, and ends the stream when the client hangs up', async () => {
    const clients = setup();
    const mine = await session(clients);
    const events = await openEvents(clients.sandbox, mine.headers);
    expect(clients.sandbox.chat.openStreams).toBe(1);
    await sendMessage(clients.providerAs(1002), { text: 'Not for 1001', senderEntityId: 1002, receiverEntityId: 5016 });
    await sendMessage(clients.provider, { text: 'For 1001', senderEntityId: 1001, receiverEntityId: 5001 });
    expect((await events.next()).data).toMatchObject({ message: { body: 'For 1001' } });
    await events.close();
    await expect.poll(() => clients.sandbox.chat.openStreams).toBe(0);
  });

  it('a send dropped before handling stores nothing; one dropped after handling is stored once, also when retried with its key', async () => {
    const clients = setup();
    const { conversationSid, headers } = await session(clients);
    const url = `${CHAT}/conversations/${conversationSid}/messages`;
    const route = `POST ${CHAT}/conversations/:sid/messages`;
    const post = (key: string, text: string) =>
      clients.sandbox.fetch(url, { method: 'POST', headers: { ...headers, 'Idempotency-Key': key }, body: JSON.stringify({ body: text }) });
    const count = (text: string) => clients.sandbox.store.messages.filter((m) => m.text === text).length;

    clients.sandbox.faults.drop({ route, times: 1 });
    await expect(post('k-1', 'Dropped before')).rejects.toBeInstanceOf(TypeError);
    expect(count('Dropped before')).toBe(0);

    clients.sandbox.faults.drop({ route, times: 1, afterHandling: true });
    await expect(post('k-2', 'Answer lost')).rejects.toBeInstanceOf(TypeError);
    expect(count('Answer lost')).toBe(1);
    const retried = await post('k-2', 'Answer lost');
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(count('Answer lost')).toBe(1);
  });

  it('drops the message center’s send after handling too (set over HTTP)', async () => {
    const clients = setup();
    const set = await clients.sandbox.fetch('/sandbox/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'drop', afterHandling: true, route: `POST ${MC}/v1/messages`, times: 1 }),
    });
    expect(set.status).toBe(200);
    const body = { text: 'Lost answer', senderEntityId: 1001, receiverEntityId: 5001 };
    expect((await failure(sendMessage(clients.provider, body, { idempotencyKey: 'once' }))).kind).toBe('network');
    const { messageId } = await sendMessage(clients.provider, body, { idempotencyKey: 'once' });
    expect(clients.sandbox.store.messages.filter((m) => m.text === 'Lost answer').map((m) => m.messageId)).toEqual([messageId]);
  });

  it('marks everything read for the caller only, and streams its new read horizon', async () => {
    const clients = setup();
    const { conversationSid, headers } = await session(clients);
    await sendMessage(clients.provider, { text: 'Thursday at 2?', senderEntityId: 1001, receiverEntityId: 5001 });
    const events = await openEvents(clients.sandbox, headers);
    const read = await clients.sandbox.fetch(`${CHAT}/conversations/${conversationSid}/read`, { method: 'POST', headers });
    expect(await read.json()).toEqual({ lastReadMessageIndex: 4 });
    expect(await events.next()).toEqual({
      id: expect.stringMatching(/^\d+$/),
      event: 'read',
      data: { conversationSid, identity: 'provider-1001', lastReadMessageIndex: 4 },
    });
    const info = await (await clients.sandbox.fetch(`${CHAT}/conversations/${conversationSid}`, { headers })).json();
    // The member's horizon stays where it was: it has not read the provider's new message.
    expect(info).toMatchObject({ lastMessageIndex: 4, lastReadMessageIndex: 4, readHorizons: [{ identity: 'member-5001', lastReadMessageIndex: 3 }] });
    const conversation = clients.sandbox.chat.conversation(conversationSid)!;
    expect(clients.sandbox.chat.lastRead(conversation, 'member-5001')).toBe(3);
  });

  it('seeds the read horizons the threads imply: the provider has not read what the member wrote after its own last message in an unread thread', async () => {
    const clients = setup();
    const { conversationSid, headers } = await session(clients);
    // 1001 and 5001: member, provider, member, member's photo; the thread is unread for the provider.
    expect(clients.sandbox.store.thread(1001, 5001)?.unreadForProvider).toBe(true);
    const info = await (await clients.sandbox.fetch(`${CHAT}/conversations/${conversationSid}`, { headers })).json();
    expect(info).toEqual({
      sid: conversationSid,
      participants: ['provider-1001', 'member-5001'],
      lastMessageIndex: 3,
      lastReadMessageIndex: 1,
      readHorizons: [{ identity: 'member-5001', lastReadMessageIndex: 3 }],
      eventId: 0,
    });
    // A read thread (the 40 messages of 5003) is read to its end; reset() brings the seed's horizons back.
    const history = await session(clients, SANDBOX_HISTORY_THREAD.memberId);
    expect(await (await clients.sandbox.fetch(`${CHAT}/conversations/${history.conversationSid}`, { headers: history.headers })).json()).toMatchObject({
      lastReadMessageIndex: 39,
    });
    await clients.sandbox.fetch(`${CHAT}/conversations/${conversationSid}/read`, { method: 'POST', headers });
    clients.sandbox.reset();
    const again = await session(clients);
    expect(await (await clients.sandbox.fetch(`${CHAT}/conversations/${again.conversationSid}`, { headers: again.headers })).json()).toMatchObject({
      lastReadMessageIndex: 1,
    });
  });

  it('says who is typing to the other participants only, never to the typist, and never replays it', async () => {
    const clients = setup();
    const provider = await session(clients);
    const providerEvents = await openEvents(clients.sandbox, provider.headers);
    const conversation = clients.sandbox.chat.conversation(provider.conversationSid)!;
    const typed = await clients.sandbox.fetch(`${CHAT}/conversations/${provider.conversationSid}/typing`, { method: 'POST', headers: provider.headers });
    expect(typed.status).toBe(200);
    expect(await typed.json()).toEqual({ typingTimeoutMs: 5000 });
    expect(clients.sandbox.chat.isTyping(conversation, 'provider-1001')).toBe(true);
    // The member's typing reaches the provider; the provider's own did not (its stream's first event is the member's).
    clients.sandbox.chat.setTyping(conversation, 'member-5001', true);
    expect(await providerEvents.next()).toEqual({
      id: null,
      event: 'typing',
      data: { conversationSid: provider.conversationSid, identity: 'member-5001', typing: true },
    });
    // A message ends its author's typing, announced before the message.
    await sendMessage(clients.member, { text: 'Almost done typing', senderEntityId: 5001, receiverEntityId: 1001 });
    expect(await providerEvents.next()).toMatchObject({ event: 'typing', data: { identity: 'member-5001', typing: false } });
    const message = await providerEvents.next();
    expect(message).toMatchObject({ event: 'message', data: { message: { author: 'member-5001', body: 'Almost done typing' } } });
    // Replayed after a reconnection: the message, not the typing.
    const replay = await openEvents(clients.sandbox, provider.headers, String(Number(message.id) - 1));
    expect(await replay.next()).toMatchObject({ event: 'message', id: message.id });
  });
});

describe('chat service: media', () => {
  it('stores an uploaded PNG, streams its message, and serves it from a temporary URL', async () => {
    const clients = setup({ chat: { customerReplies: { delayMs: 5 } } });
    const { conversationSid, headers } = await session(clients);
    const events = await openEvents(clients.sandbox, headers);
    const upload = await clients.sandbox.fetch(`${CHAT}/conversations/${conversationSid}/media`, {
      method: 'POST',
      // Declared as JPEG: the content (a PNG signature) decides.
      headers: { ...headers, 'content-type': 'image/jpeg', 'X-Media-Filename': encodeURIComponent('leak – kitchen.png') },
      body: PNG,
    });
    expect(upload.status).toBe(201);
    const message = await upload.json();
    expect(message).toMatchObject({
      author: 'provider-1001',
      body: null,
      media: [{ contentType: 'image/png', filename: 'leak – kitchen.png', size: PNG.length }],
    });
    expect(clients.sandbox.store.requests.at(-1)?.body).toBe(`[image/jpeg, ${PNG.length} bytes]`);
    expect((await events.next()).data).toMatchObject({ message: { index: message.index, media: [{ sid: message.media[0].sid }] } });
    // (The customer reads and types first.)
    expect((await events.next()).event).toBe('read');
    expect((await events.next()).event).toBe('typing');
    expect((await events.next()).event).toBe('typing');
    expect((await events.next()).data).toMatchObject({ message: { author: 'member-5001', body: CUSTOMER_PHOTO_REPLY } });

    const { url, expiresAt } = await (await clients.sandbox.fetch(`${CHAT}/media/${message.media[0].sid}`, { headers })).json();
    expect(url).toMatch(/^\/sandbox\/chat\/media\/[0-9a-f-]{36}$/);
    expect(expiresAt).toBe(new Date(NOW.getTime() + 5 * 60_000).toISOString());
    // The content URL needs no headers (an <img> loads it).
    const content = await clients.sandbox.fetch(url);
    expect(content.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await content.arrayBuffer())).toEqual(PNG);
    expect(clients.sandbox.chat.mediaContent(message.media[0].sid)).toEqual(PNG);
  });

  it('refuses what is not a JPEG or PNG, an empty body, and media of other conversations', async () => {
    const clients = setup();
    const { conversationSid, headers } = await session(clients);
    const url = `${CHAT}/conversations/${conversationSid}/media`;
    const text = await clients.sandbox.fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'image/png' },
      body: new TextEncoder().encode('not an image'),
    });
    expect(text.status).toBe(415);
    const empty = await clients.sandbox.fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'image/png' }, body: new Uint8Array() });
    expect(empty.status).toBe(400);
    const seededPhoto = clients.sandbox.store.messages.find((m) => m.media?.length)!.media![0]!.mediaSid;
    const other = await getChatSession(clients.providerAs(1002), { serviceProviderId: 1002, userId: 5016 });
    const foreign = await clients.sandbox.fetch(`${CHAT}/media/${seededPhoto}`, {
      headers: { ...providerHeaders(1002), Authorization: `Bearer ${other.token}` },
    });
    expect(foreign.status).toBe(403);
    expect((await clients.sandbox.fetch('/sandbox/chat/media/not-a-grant')).status).toBe(404);
  });

  it('has the seeded photo in the token member’s thread', async () => {
    const clients = setup();
    const { conversationSid, headers } = await session(clients);
    const page = await (await clients.sandbox.fetch(`${CHAT}/conversations/${conversationSid}/messages`, { headers })).json();
    const photo = page.messages.at(-1);
    expect(photo).toMatchObject({ index: 3, author: 'member-5001', body: null, media: [{ contentType: 'image/jpeg', filename: 'water-heater.jpg' }] });
    const { url } = await (await clients.sandbox.fetch(`${CHAT}/media/${photo.media[0].sid}`, { headers })).json();
    const bytes = new Uint8Array(await (await clients.sandbox.fetch(url)).arrayBuffer());
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xff, 0xd8, 0xff]); // a JPEG
    expect(bytes.length).toBe(photo.media[0].size);
  });
});

describe('chat controls under /sandbox/chat', () => {
  it('turns the simulated customer on and off, and expires tokens', async () => {
    const clients = setup();
    const post = (path: string, body?: unknown) =>
      clients.sandbox.fetch(`/sandbox/chat/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    expect(await (await post('customer-replies', { delayMs: 50 })).json()).toEqual({ customerReplies: { delayMs: 50 } });
    await sendMessage(clients.provider, { text: 'Hello', senderEntityId: 1001, receiverEntityId: 5001 });
    expect(clients.sandbox.chat.pendingReplies).toBe(1);
    expect(await (await post('customer-replies', { enabled: false })).json()).toEqual({ customerReplies: false });
    expect(clients.sandbox.chat.pendingReplies).toBe(0);

    const { token } = await session(clients);
    expect(clients.sandbox.chat.checkToken(token)).toEqual({ identity: 'provider-1001' });
    expect((await post('expire-tokens')).status).toBe(200);
    expect(clients.sandbox.chat.checkToken(token)).toBe('expired');
  });

  it('reset() forgets tokens and pending replies', async () => {
    const clients = setup({ chat: { customerReplies: { delayMs: 10_000 } } });
    const { token } = await session(clients);
    await sendMessage(clients.provider, { text: 'Hello', senderEntityId: 1001, receiverEntityId: 5001 });
    expect(clients.sandbox.chat.pendingReplies).toBe(1);
    clients.sandbox.reset();
    expect(clients.sandbox.chat.pendingReplies).toBe(0);
    expect(clients.sandbox.chat.checkToken(token)).toBe('invalid');
  });

  it('reset() brings the simulated customer back as it was started, after a test turned it off', async () => {
    const clients = setup({ chat: { customerReplies: { delayMs: 10_000 } } });
    clients.sandbox.chat.setCustomerReplies(false);
    clients.sandbox.reset();
    expect(clients.sandbox.chat.customerReplies).toEqual({ delayMs: 10_000 });
    await sendMessage(clients.provider, { text: 'Hello', senderEntityId: 1001, receiverEntityId: 5001 });
    expect(clients.sandbox.chat.pendingReplies).toBe(1);
  });
});
