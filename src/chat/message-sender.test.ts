/**
 * leadkit's one send path (message-sender.ts), which the thread and the card's quick answer both
 * use, without a widget: what the in-process sandbox gateway received and stored, what a
 * conversation was asked to upload, and the states the owner's store went through.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandboxGateway, type SandboxGateway } from '@leadkit/sandbox';
import { answeredLeadIds } from '../domain/answered-leads';
import type { ConnectionSource } from '../domain/connection';
import { createGatewayClient, type GatewayClientConfig } from '../gateway/core/client';
import type { ChatConversation, SendMediaOptions } from './chat-client';
import { MessageSender, messageSendOptions } from './message-sender';
import type { PendingSend } from './pending-send';

const MESSAGES = '/gateway/message-center/v1/messages';
const CONTACT = '/gateway/lead/v1/contact';
/** Member 5001's thread about lead 300001 (the sandbox's seed). */
const THREAD = { spId: 1001, userId: 5001, leadId: 300001 } as const;

const lifetimes: AbortController[] = [];
afterEach(() => {
  for (const lifetime of lifetimes.splice(0)) lifetime.abort();
});

/** A connection the test brings back (`backOnline`), and how many listen for it now. */
function fakeConnection() {
  const listeners = new Set<() => void>();
  const connection: ConnectionSource = {
    online: () => true,
    onBackOnline: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onVisible: () => () => undefined,
    onHidden: () => () => undefined,
  };
  return { connection, listening: () => listeners.size, backOnline: () => [...listeners].forEach((listener) => listener()) };
}

/** A conversation that takes uploads (their keys and names kept), at indexes from 10. */
function uploadingConversation() {
  const uploads: { key: string | undefined; filename: string | undefined; contentType: string | undefined }[] = [];
  const conversation = {
    sid: 'CH-test',
    sendMedia: async (file: Blob, options: SendMediaOptions = {}) => {
      options.onProgress?.(file.size, file.size);
      uploads.push({ key: options.idempotencyKey, filename: options.filename, contentType: options.contentType });
      return { index: 9 + uploads.length };
    },
  } as unknown as ChatConversation;
  return { conversation, uploads };
}

function newSender(
  options: {
    sandbox?: SandboxGateway;
    onChallenge?: GatewayClientConfig['onChallenge'];
    conversation?: () => ChatConversation | null;
    holds?: (sent: PendingSend) => boolean;
    connection?: ConnectionSource;
  } = {},
) {
  const sandbox = options.sandbox ?? createSandboxGateway();
  const gateway = createGatewayClient({
    baseURL: 'http://sandbox.test',
    fetch: sandbox.fetch,
    auth: { kind: 'provider', spId: THREAD.spId },
    retry: { retries: 0 },
    onChallenge: options.onChallenge,
  });
  let pending: readonly PendingSend[] = [];
  /** Every state the store was given, per send (in order, repeats folded). */
  const states = new Map<string, string[]>();
  const onSent = vi.fn();
  const lifetime = new AbortController();
  lifetimes.push(lifetime);
  const sender = new MessageSender(
    {
      gateway,
      ...THREAD,
      contactContext: () => ({ postalCode: '78701', categoryId: 42 }),
      campaignId: () => 'spring-2025',
      sessionStartTimestamp: 1_700_000_000_000,
      onSent,
      connection: options.connection ?? fakeConnection().connection,
    },
    {
      get: () => pending,
      set: (next) => {
        pending = next;
        for (const send of next) {
          const seen = states.get(send.id) ?? [];
          if (seen.at(-1) !== send.state) states.set(send.id, [...seen, send.state]);
        }
      },
      newestIndex: () => 7,
      holds: options.holds ?? (() => false),
      conversation: options.conversation ?? (() => null),
    },
    lifetime.signal,
  );
  const posts = (path: string) => sandbox.store.requests.filter((r) => r.method === 'POST' && r.path === path);
  const stored = (text: string) => sandbox.store.messages.filter((m) => m.text === text);
  return { sender, sandbox, lifetime, pending: () => pending, states, onSent, posts, stored };
}

describe('a text', () => {
  it('goes to the message center once with a fresh key, after the newest message known; sent with its id; the lead answered, the event and the contact record follow once; send resolves', async () => {
    const { sender, pending, states, onSent, posts, stored } = newSender();
    await sender.send({ text: '  On my way  ' });
    expect(answeredLeadIds(THREAD.spId).has(THREAD.leadId)).toBe(true);
    const [send] = posts(MESSAGES);
    expect(send?.body).toMatchObject({ text: 'On my way' });
    expect(send?.headers['idempotency-key']).toBe(pending()[0]!.idempotencyKey);
    const [message] = stored('On my way');
    expect(pending()).toMatchObject([{ kind: 'text', text: 'On my way', state: 'sent', messageId: message!.messageId, afterIndex: 7 }]);
    expect([...states.values()]).toEqual([['sending', 'sent']]);
    expect(onSent.mock.calls).toEqual([[message!.messageId]]);
    await vi.waitFor(() => expect(posts(CONTACT)).toHaveLength(1));
    expect(posts(CONTACT)[0]?.body).toMatchObject({
      postalCode: '78701',
      categoryId: 42,
      campaignId: 'spring-2025',
      sessionStartTimestamp: 1_700_000_000_000,
      entityId: message!.messageId,
      entityType: 'message',
    });
  });

  it('nothing to send (blank text, no file): resolves at once and sends nothing', async () => {
    const { sender, pending, posts } = newSender();
    await sender.send({ text: '   ' });
    expect(pending()).toEqual([]);
    expect(posts(MESSAGES)).toEqual([]);
  });

  it('failed: kept with its text, send unresolved; Retry sends it with the same key, stored once, the event and the contact once', async () => {
    const sandbox = createSandboxGateway();
    sandbox.faults.drop({ route: `POST ${MESSAGES}`, afterHandling: true, times: 1 });
    const { sender, pending, onSent, posts, stored } = newSender({ sandbox });
    let taken = false;
    void sender.send({ text: 'Did you get my quote?' }).then(() => (taken = true));
    await vi.waitFor(() => expect(pending().map((p) => p.state)).toEqual(['failed']));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(taken).toBe(false);
    sender.discard(pending()[0]!.id); // a text is never dropped
    expect(pending()).toHaveLength(1);
    sender.retry(pending()[0]!.id);
    await vi.waitFor(() => expect(taken).toBe(true));
    const keys = posts(MESSAGES).map((r) => r.headers['idempotency-key']);
    expect(keys).toEqual([pending()[0]!.idempotencyKey, pending()[0]!.idempotencyKey]);
    expect(stored('Did you get my quote?')).toHaveLength(1);
    expect(onSent).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(posts(CONTACT)).toHaveLength(1));
  });

  it('a 511 holds it; once the challenge is passed the gateway client sends it once more, same key: sent, stored once, the event once', async () => {
    const sandbox = createSandboxGateway();
    sandbox.faults.challenge({ route: `POST ${MESSAGES}` });
    let pass!: () => void;
    const passed = new Promise<void>((resolve) => (pass = resolve));
    const { sender, pending, states, onSent, posts, stored } = newSender({
      sandbox,
      onChallenge: async ({ challengeId }) => {
        await passed;
        return sandbox.faults.passChallenge(challengeId);
      },
    });
    let taken = false;
    void sender.send({ text: 'After the check' }).then(() => (taken = true));
    await vi.waitFor(() => expect(pending().map((p) => p.state)).toEqual(['held']));
    expect(taken).toBe(false);
    pass();
    await vi.waitFor(() => expect(taken).toBe(true));
    const [first, replay] = posts(MESSAGES);
    expect(posts(MESSAGES)).toHaveLength(2);
    expect(replay?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(stored('After the check')).toHaveLength(1);
    expect([...states.values()]).toEqual([['sending', 'held', 'sent']]);
    expect(onSent.mock.calls).toEqual([[stored('After the check')[0]!.messageId]]);
  });

  it('a challenge not passed leaves it held, with Retry: Retry sends it with its key', async () => {
    const sandbox = createSandboxGateway();
    sandbox.faults.challenge({ route: `POST ${MESSAGES}`, times: 1 });
    const { sender, pending, posts, stored } = newSender({ sandbox, onChallenge: () => false });
    void sender.send({ text: 'Not checked' });
    await vi.waitFor(() => expect(pending().map((p) => p.state)).toEqual(['held']));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pending().map((p) => p.state)).toEqual(['held']);
    sender.retry(pending()[0]!.id);
    await vi.waitFor(() => expect(pending().map((p) => p.state)).toEqual(['sent']));
    expect(new Set(posts(MESSAGES).map((r) => r.headers['idempotency-key']))).toEqual(new Set([pending()[0]!.idempotencyKey]));
    expect(stored('Not checked')).toHaveLength(1);
  });

  it('a confirmed send the conversation already holds leaves the list', async () => {
    const { sender, pending } = newSender({ holds: (sent) => sent.state === 'sent' });
    await sender.send({ text: 'Already there' });
    expect(pending()).toEqual([]);
  });
});

describe('a file', () => {
  it('sent with a text goes after it, to the conversation with its own key; one contact record for both (the text’s)', async () => {
    const { conversation, uploads } = uploadingConversation();
    const { sender, pending, posts } = newSender({ conversation: () => conversation });
    const photo = new File([new Uint8Array(64)], 'kitchen.jpg', { type: 'image/jpeg' });
    void sender.send({ text: 'The kitchen', file: photo, contentType: 'image/jpeg' });
    expect(pending().map((p) => [p.kind, p.state])).toEqual([
      ['text', 'sending'],
      ['media', 'sending'],
    ]);
    await vi.waitFor(() => expect(pending().map((p) => p.state)).toEqual(['sent', 'sent']));
    const media = pending()[1]!;
    expect(uploads).toEqual([{ key: media.idempotencyKey, filename: 'kitchen.jpg', contentType: 'image/jpeg' }]);
    expect(media).toMatchObject({ index: 10, progress: { loaded: 64, total: 64 } });
    expect(posts(MESSAGES)).toHaveLength(1);
    await vi.waitFor(() => expect(posts(CONTACT)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(posts(CONTACT).map((r) => (r.body as { entityId: string }).entityId)).toEqual([pending()[0]!.messageId]);
  });

  it('sent alone has its own contact record (the conversation and index); no event (a text’s)', async () => {
    const { conversation } = uploadingConversation();
    const { sender, onSent, posts } = newSender({ conversation: () => conversation });
    await sender.send({ file: new Blob([new Uint8Array(8)], { type: 'image/png' }) });
    await vi.waitFor(() => expect(posts(CONTACT)).toHaveLength(1));
    expect(posts(CONTACT)[0]?.body).toMatchObject({ entityId: 'CH-test:10' });
    expect(onSent).not.toHaveBeenCalled();
  });

  it('fails while no conversation is open; Retry uploads it once one is, with its key; a failed file may be discarded', async () => {
    const { conversation, uploads } = uploadingConversation();
    let open: ChatConversation | null = null;
    const { sender, pending } = newSender({ conversation: () => open });
    void sender.send({ file: new Blob([new Uint8Array(8)], { type: 'image/png' }) });
    await vi.waitFor(() => expect(pending().map((p) => p.state)).toEqual(['failed']));
    open = conversation;
    sender.retry(pending()[0]!.id);
    await vi.waitFor(() => expect(pending().map((p) => p.state)).toEqual(['sent']));
    expect(uploads.map((u) => u.key)).toEqual([pending()[0]!.idempotencyKey]);
    open = null;
    void sender.send({ file: new Blob([new Uint8Array(8)], { type: 'image/png' }) });
    await vi.waitFor(() => expect(pending().map((p) => p.state)).toEqual(['sent', 'failed']));
    sender.discard(pending()[1]!.id);
    expect(pending().map((p) => p.state)).toEqual(['sent']);
  });
});

describe('back online (the sender holds the resend: the thread and the quick answer alike)', () => {
  it('a failed text goes again once, with its key, when the connection comes back; stored once; nobody listens while nothing has failed', async () => {
    const sandbox = createSandboxGateway();
    const outage = sandbox.faults.drop({ route: `POST ${MESSAGES}` });
    const online = fakeConnection();
    const { sender, pending, states, posts, stored } = newSender({ sandbox, connection: online.connection });
    expect(online.listening()).toBe(0);
    let taken = false;
    void sender.send({ text: 'Kept while offline' }).then(() => (taken = true));
    expect(online.listening()).toBe(0);
    await vi.waitFor(() => expect(pending().map((p) => p.state)).toEqual(['failed']));
    expect(online.listening()).toBe(1);
    outage.remove();
    online.backOnline();
    // Sent again at once (the Retry's path); nothing waits for the connection any more.
    expect(pending().map((p) => p.state)).toEqual(['sending']);
    expect(online.listening()).toBe(0);
    // A second 'online' while it goes: nothing more.
    online.backOnline();
    await vi.waitFor(() => expect(taken).toBe(true));
    const key = pending()[0]!.idempotencyKey;
    expect(posts(MESSAGES).map((r) => r.headers['idempotency-key'])).toEqual([key, key]);
    expect(stored('Kept while offline')).toHaveLength(1);
    expect([...states.values()]).toEqual([['sending', 'failed', 'sending', 'sent']]);
  });

  it('a text that fails again waits for the next return; once its owner has closed, nothing is sent again', async () => {
    const sandbox = createSandboxGateway();
    sandbox.faults.drop({ route: `POST ${MESSAGES}` });
    const online = fakeConnection();
    const { sender, lifetime, pending, posts } = newSender({ sandbox, connection: online.connection });
    void sender.send({ text: 'Still offline' });
    await vi.waitFor(() => expect(pending().map((p) => p.state)).toEqual(['failed']));
    online.backOnline();
    await vi.waitFor(() => expect(pending().map((p) => p.state)).toEqual(['failed']));
    expect(posts(MESSAGES)).toHaveLength(2);
    expect(online.listening()).toBe(1);
    lifetime.abort();
    expect(online.listening()).toBe(0);
    online.backOnline();
    expect(pending().map((p) => p.state)).toEqual(['failed']);
    expect(posts(MESSAGES)).toHaveLength(2);
  });
});

describe('messageSendOptions (what a widget sends with)', () => {
  it("reads the widget's clock and event sink at each use, and names the lead in the event", () => {
    const gateway = createGatewayClient({
      baseURL: 'http://sandbox.test',
      fetch: () => Promise.reject(new Error('no calls')),
      auth: { kind: 'provider', spId: 1 },
    });
    const emitted: unknown[] = [];
    let widget = { now: () => new Date(1_000), emit: (name: string, detail: unknown) => emitted.push([name, 'first', detail]) };
    const options = messageSendOptions({ gateway, ...THREAD, contactContext: () => null }, () => widget);
    expect(options).toMatchObject({ gateway, ...THREAD });
    expect(typeof options.sessionStartTimestamp).toBe('number');
    widget = { now: () => new Date(2_000), emit: (name, detail) => emitted.push([name, 'second', detail]) };
    expect(options.now?.().getTime()).toBe(2_000);
    options.onSent?.('m-1');
    expect(emitted).toEqual([['lk-message-send', 'second', { messageId: 'm-1', leadId: THREAD.leadId }]]);
  });
});
