/**
 * The thread's session logic without a DOM: how it opens a chat (message-thread.test.tsx covers
 * what the user sees).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandboxGateway } from '@leadkit/sandbox';
import type { ChatClientFactory } from '../../chat/chat-client';
import { createSandboxChatClientFactory } from '../../chat/sandbox-chat-client';
import { createGatewayClient } from '../../gateway/client';
import { ThreadSession } from './thread-session';

const SESSION_PATH = '/message-center/v1/chat/session';
const sessions: ThreadSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.close();
});

function openThread(adapter: Promise<ChatClientFactory> | (() => Promise<ChatClientFactory>)) {
  const sandbox = createSandboxGateway();
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
  const session = new ThreadSession({ gateway, factory: typeof adapter === 'function' ? adapter : () => adapter, spId: 1001, userId: 5001, leadId: 300001, contactContext: () => null, campaignId: () => null, sessionStartTimestamp: 0 });
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
