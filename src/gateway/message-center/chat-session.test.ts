import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandboxGateway } from '@leadkit/sandbox';
import { hostChatTokens } from '../../../test/helpers/host-chat-token';
import { createGatewayClient, DEFAULT_TIMEOUT_MS, type GatewayClientConfig } from '../core/client';
import { chatSession, chatSessionRequest, earlyChatSessionCalls } from './chat-session';
import type { ChatTokenContext } from './chat-session-schema';

/**
 * The thread's chat session (row C1 of docs/gateway-assumptions.md): the host's `getChatToken`
 * when the gateway config gives one — then the sandbox's session call is never sent — else that
 * call. What the sandbox gateway received tells.
 */

const THREAD = chatSessionRequest(1001, 5001, 300001);

function setup(config: Partial<GatewayClientConfig> = {}) {
  const sandbox = createSandboxGateway();
  const client = createGatewayClient({
    baseURL: 'http://sandbox.test',
    fetch: sandbox.fetch,
    auth: { kind: 'provider', spId: 1001 },
    retry: { retries: 0 },
    ...config,
  });
  const sessionCalls = () => sandbox.store.requests.filter((r) => r.path.endsWith('/v1/chat/session'));
  return { sandbox, client, sessionCalls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('chat session: the host’s getChatToken, else the session call', () => {
  it('without getChatToken: POST …/v1/chat/session with the thread, caller id the provider', async () => {
    const { client, sessionCalls } = setup();
    const session = await chatSession(client, chatSessionRequest(1001, 5001, null), 'open');
    expect(session.identity).toBe('provider-1001');
    expect(sessionCalls().map((r) => [r.body, r.headers['x-caller-id']])).toEqual([[{ serviceProviderId: 1001, userId: 5001 }, '1001']]);
  });

  it('with getChatToken: asks the host with the thread, the reason and a signal, and sends nothing to the gateway', async () => {
    const sandbox = createSandboxGateway();
    const host = hostChatTokens(sandbox);
    const { client, sessionCalls } = setup({ getChatToken: host.getChatToken });
    const opened = await chatSession(client, THREAD, 'open');
    const renewed = await chatSession(client, THREAD, 'renew');
    expect(host.asked.map(({ signal, ...context }) => ({ ...context, signal: signal instanceof AbortSignal }))).toEqual([
      { serviceProviderId: 1001, userId: 5001, leadId: 300001, reason: 'open', signal: true },
      { serviceProviderId: 1001, userId: 5001, leadId: 300001, reason: 'renew', signal: true },
    ]);
    expect(opened.conversationSid).toBe(sandbox.chat.conversationSid(1001, 5001));
    expect(renewed.token).not.toBe(opened.token);
    expect(sessionCalls()).toEqual([]);
  });

  it("checks the host's answer like a gateway answer: a wrong shape is an invalid-response naming the fields, never their values", async () => {
    const { client } = setup({ getChatToken: async () => ({ conversationSid: 'CH1', identity: 'provider-1001', token: '', expiresAt: 'tomorrow' }) as never });
    const failure = await chatSession(client, THREAD, 'open').catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'GatewayError', kind: 'invalid-response', operation: 'messageCenter.getChatToken' });
    expect((failure as { issues: string[] }).issues.sort()).toEqual(['expiresAt', 'token']);
    expect(String(failure)).not.toContain('tomorrow');
  });

  it("passes the host's own failure on as it is, once (the host's function makes its own retries)", async () => {
    const down = new Error('chat service down');
    const getChatToken = vi.fn(async () => Promise.reject(down));
    const { client } = setup({ getChatToken });
    await expect(chatSession(client, THREAD, 'open')).rejects.toBe(down);
    expect(getChatToken).toHaveBeenCalledTimes(1);
  });

  it('gives the host the gateway’s time limit (15 s by default): then its signal aborts and the call fails as a timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const asked: ChatTokenContext[] = [];
    const { client } = setup({ getChatToken: (context) => (asked.push(context), new Promise(() => {})) });
    const failure = chatSession(client, THREAD, 'open').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
    expect(asked[0]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await failure).toMatchObject({ name: 'GatewayError', kind: 'timeout', operation: 'messageCenter.getChatToken' });
    expect(asked[0]?.signal?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a configured time limit, and the caller’s abort, end the wait too', async () => {
    const { client } = setup({ timeoutMs: 20, getChatToken: () => new Promise(() => {}) });
    await expect(chatSession(client, THREAD, 'renew')).rejects.toMatchObject({ kind: 'timeout' });
    const controller = new AbortController();
    const waiting = chatSession(client, THREAD, 'open', { signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('the first calls (the CDN loader’s, a server render’s) hold the session call only without getChatToken: the host’s is never asked early', async () => {
    const getChatToken = vi.fn();
    const { client, sessionCalls } = setup({ getChatToken });
    expect(earlyChatSessionCalls(client, THREAD)).toEqual([]);
    expect(getChatToken).not.toHaveBeenCalled();
    const plain = setup();
    await Promise.all(earlyChatSessionCalls(plain.client, THREAD));
    expect(plain.sessionCalls()).toHaveLength(1);
    expect(sessionCalls()).toEqual([]);
  });
});
