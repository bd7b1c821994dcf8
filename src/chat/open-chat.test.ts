import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandboxGateway } from '@leadkit/sandbox';
import { createGatewayClient, DEFAULT_TIMEOUT_MS } from '../gateway/core/client';
import type { GatewayError } from '../gateway/core/errors';
import { isRetryableChatError, type ChatClient, type ChatClientFactory, type ChatClientInit, type ChatError } from './chat-client';
import { openChat } from './open-chat';

/**
 * openChat holds any adapter — a host's own included — to the gateway's time limit: a
 * start-up or a conversation that never comes ends the opening like a gateway call that never
 * answers, and the thread offers 'Try again'.
 */

afterEach(() => {
  vi.useRealTimers();
});

/** A host's adapter: its client is closed-tracked; `start` and `conversation` say when (if ever) each comes. */
function hostAdapter({ start, conversation }: { start: Promise<void>; conversation: Promise<void> }) {
  const inits: ChatClientInit[] = [];
  /** When (on the test's clock) the factory was called. */
  const calledAt: number[] = [];
  const closed: ChatClient[] = [];
  const factory: ChatClientFactory = async (init) => {
    inits.push(init);
    calledAt.push(Date.now());
    await start;
    const client: ChatClient = {
      identity: init.session.identity,
      connectionState: 'connected',
      onConnectionStateChange: () => () => {},
      openConversation: async (sid) => {
        await conversation;
        return {
          sid,
          getMessages: async () => ({ messages: [], hasOlder: false }),
          onMessageAdded: () => () => {},
          sendText: async () => ({ index: 0 }),
          sendMedia: async () => ({ index: 0 }),
          markAllRead: async () => {},
        };
      },
      close: async () => void closed.push(client),
    };
    return client;
  };
  return { factory, inits, calledAt, closed };
}

function gatewayFor(timeoutMs?: number) {
  const sandbox = createSandboxGateway();
  return createGatewayClient({
    baseURL: 'http://sandbox.test',
    fetch: sandbox.fetch,
    auth: { kind: 'provider', spId: 1001 },
    retry: { retries: 0 },
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
}

describe('openChat: every step within the gateway’s time limit', () => {
  it('a start-up that never ends fails as no answer at 15 s, its signal aborted; a client that comes later is closed', async () => {
    let started!: () => void;
    const adapter = hostAdapter({ start: new Promise((resolve) => (started = resolve)), conversation: Promise.resolve() });
    const gateway = gatewayFor();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let outcome: unknown = 'pending';
    void openChat({ gateway, factory: adapter.factory, thread: { serviceProviderId: 1001, userId: 5001 } }).then(
      () => (outcome = 'opened'),
      (error: unknown) => (outcome = error),
    );
    await vi.waitFor(() => expect(adapter.inits).toHaveLength(1), { interval: 1 });
    // The adapter is told which provider the thread acts for (its calls' caller id).
    expect(adapter.inits[0]?.provider).toBe(1001);
    await vi.advanceTimersByTimeAsync(adapter.calledAt[0]! + DEFAULT_TIMEOUT_MS - 1 - Date.now());
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toMatchObject({ name: 'ChatError', kind: 'network', operation: 'chat.connect' });
    expect(adapter.inits[0]?.signal?.aborted).toBe(true);
    started();
    await vi.waitFor(() => expect(adapter.closed).toHaveLength(1), { interval: 1 });
  });

  it('a conversation that never opens fails at the configured time limit, and the client is closed', async () => {
    const adapter = hostAdapter({ start: Promise.resolve(), conversation: new Promise(() => {}) });
    await expect(openChat({ gateway: gatewayFor(100), factory: adapter.factory, thread: { serviceProviderId: 1001, userId: 5001 } })).rejects.toMatchObject({
      kind: 'network',
      operation: 'chat.openConversation',
    });
    expect(adapter.closed).toHaveLength(1);
  });
});

describe('openChat: a session the gateway refuses', () => {
  async function openingWith(status: number) {
    const sandbox = createSandboxGateway();
    sandbox.faults.status(status, undefined, { route: 'POST /gateway/message-center/v1/chat/session' });
    const gateway = createGatewayClient({
      baseURL: 'http://sandbox.test',
      fetch: sandbox.fetch,
      auth: { kind: 'provider', spId: 1001 },
      retry: { retries: 0 },
    });
    const adapter = hostAdapter({ start: Promise.resolve(), conversation: Promise.resolve() });
    const failure = await openChat({ gateway, factory: adapter.factory, thread: { serviceProviderId: 1001, userId: 5001 } }).then(
      () => null,
      (error: unknown) => error as ChatError,
    );
    return { failure, adapter };
  }

  it.each([401, 403])('is denied after a %i: opening it again would not help (the thread offers no Try again)', async (status) => {
    const { failure, adapter } = await openingWith(status);
    expect(failure).toMatchObject({ name: 'ChatError', kind: 'denied', status });
    expect(isRetryableChatError(failure!)).toBe(false);
    expect(adapter.inits).toHaveLength(0);
  });

  it('is denied on a gateway without the session call and no `getChatToken`, its cause the missing setting', async () => {
    const { failure } = await openingWith(404);
    expect(failure).toMatchObject({ name: 'ChatError', kind: 'denied', status: 404 });
    expect((failure?.cause as GatewayError).setup?.cause).toBe('chat-token-missing');
  });

  it('is unavailable after a 500 (asked again twice first): opening it again may help', async () => {
    const { failure } = await openingWith(500);
    expect(failure).toMatchObject({ name: 'ChatError', kind: 'unavailable', status: 500 });
    expect(isRetryableChatError(failure!)).toBe(true);
  });
});
