import type { GatewayClient } from '../gateway/core/client';
import { isGatewayError, isPassingStatus, isRetryableError } from '../gateway/core/errors';
import { chatSession, type ChatSessionRequest } from '../gateway/message-center/chat-session';
import type { ChatSession } from '../gateway/message-center/chat-session-schema';
import { ChatError, type ChatClient, type ChatClientFactory, type ChatConversation } from './chat-client';
import { chatTimeLimitMs, withinTimeLimit } from './chat-support';

/**
 * Opens a thread's chat: gets the session (conversation sid, identity, token) — the host's
 * `getChatToken` or leadkit's session call (gateway/message-center/chat-session.ts; leadkit's
 * call is asked again twice after a failure that may pass) — makes a client with the factory (the
 * Twilio or the sandbox adapter, or the host's; it renews its token through the same source; given
 * the caller's `firstPageSize`, the sandbox adapter starts at once and asks for that page beside
 * the conversation), and opens the conversation. Each step has the gateway's time limit (docs/gateway.md#time-limit;
 * a chat service that never answers ends the opening like a gateway that never answers). On any
 * failure nothing stays open. Rejects with a ChatError: `aborted` when the signal aborted (a
 * superseded open: show nothing), otherwise the thread shows the chat init failure.
 */

export type ChatThread = ChatSessionRequest;

export interface OpenChatOptions {
  gateway: GatewayClient;
  factory: ChatClientFactory;
  thread: ChatThread;
  /** The size of the caller's first page (ChatClientInit's hint): the thread gives it. */
  firstPageSize?: number | undefined;
  signal?: AbortSignal | undefined;
}

export interface OpenedChat {
  readonly client: ChatClient;
  readonly conversation: ChatConversation;
  readonly session: ChatSession;
}

const OPERATION = 'chat.open';
/**
 * Waits before asking for the session again after a failure that may pass (no answer, 408, 429,
 * 5xx): one dropped request or one 5xx no longer ends the chat before it started (the
 * session call is a POST, which the gateway client never retries — it creates nothing here).
 */
const SESSION_RETRY_DELAYS_MS: readonly number[] = [500, 1500];

/** A session call that failed for now: no answer, or 408/429/5xx (not a time-out: its wait is spent; not a challenge). */
function mayPass(error: unknown): boolean {
  return isGatewayError(error) && (error.kind === 'network' || (error.kind === 'http' && isPassingStatus(error.status)));
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

function toChatError(error: unknown, signal: AbortSignal | undefined): ChatError {
  if (signal?.aborted || (isGatewayError(error) && error.kind === 'aborted')) return new ChatError({ kind: 'aborted', operation: OPERATION, cause: error });
  if (error instanceof ChatError) return error;
  // The gateway refusing the session (401, 403, 404…: isRetryableError false) denies the chat; opening it again would not help.
  const kind = isRetryableError(error) ? 'unavailable' : 'denied';
  return new ChatError({ kind, operation: OPERATION, status: isGatewayError(error) ? error.status : null, cause: error });
}

export async function openChat({ gateway, factory, thread, firstPageSize, signal }: OpenChatOptions): Promise<OpenedChat> {
  const timeoutMs = chatTimeLimitMs(gateway);
  let session: ChatSession | undefined;
  for (let attempt = 0; session === undefined; attempt++) {
    try {
      session = await chatSession(gateway, thread, 'open', { signal });
    } catch (error) {
      const delay = SESSION_RETRY_DELAYS_MS[attempt];
      if (delay === undefined || signal?.aborted || !mayPass(error)) throw toChatError(error, signal);
      await wait(delay, signal);
    }
  }
  const opened = session;
  let client: ChatClient;
  try {
    client = await withinTimeLimit(
      'chat.connect',
      timeoutMs,
      signal,
      (limited) =>
        factory({
          session: opened,
          renewSession: (renewSignal) => chatSession(gateway, thread, 'renew', { signal: renewSignal }),
          gateway,
          provider: thread.serviceProviderId,
          ...(firstPageSize === undefined ? {} : { firstPageSize }),
          signal: limited,
        }),
      // Started after the time was up: nobody uses it.
      (late) => void late.close(),
    );
  } catch (error) {
    throw toChatError(error, signal);
  }
  try {
    const conversation = await withinTimeLimit('chat.openConversation', timeoutMs, signal, (limited) =>
      client.openConversation(opened.conversationSid, { signal: limited }),
    );
    return { client, conversation, session: opened };
  } catch (error) {
    await client.close();
    throw toChatError(error, signal);
  }
}
