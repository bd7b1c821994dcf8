import type { GatewayClient } from '../gateway/client';
import { isGatewayError, isPassingStatus } from '../gateway/errors';
import { getChatSession } from '../gateway/message-center/calls';
import type { ChatSession, ChatSessionRequest } from '../gateway/message-center/schemas';
import { ChatError, type ChatClient, type ChatClientFactory, type ChatConversation } from './chat-client';

/**
 * Opens a thread's chat: asks the gateway for the session (conversation sid, identity, token:
 * `messageCenter.getChatSession`; asked again twice after a failure that may pass), makes a
 * client with the factory (the Twilio or the sandbox adapter; it renews its token through the
 * same call), and opens the conversation. On any failure nothing stays open. Rejects with a
 * ChatError: `aborted` when the signal aborted (a superseded open: show nothing), otherwise the
 * thread shows §8's chat init failure.
 */

export type ChatThread = ChatSessionRequest;

export interface OpenChatOptions {
  gateway: GatewayClient;
  factory: ChatClientFactory;
  thread: ChatThread;
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
 * 5xx): one dropped request or one 5xx no longer ends the chat before it started (issue 36: the
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
  return new ChatError({ kind: 'unavailable', operation: OPERATION, status: isGatewayError(error) ? error.status : null, cause: error });
}

export async function openChat({ gateway, factory, thread, signal }: OpenChatOptions): Promise<OpenedChat> {
  const fetchSession = (callSignal?: AbortSignal) => getChatSession(gateway, thread, { signal: callSignal });
  let session: ChatSession | undefined;
  for (let attempt = 0; session === undefined; attempt++) {
    try {
      session = await fetchSession(signal);
    } catch (error) {
      const delay = SESSION_RETRY_DELAYS_MS[attempt];
      if (delay === undefined || signal?.aborted || !mayPass(error)) throw toChatError(error, signal);
      await wait(delay, signal);
    }
  }
  let client: ChatClient;
  try {
    client = await factory({ session, renewSession: fetchSession, gateway, signal });
  } catch (error) {
    throw toChatError(error, signal);
  }
  try {
    if (signal?.aborted) throw new ChatError({ kind: 'aborted', operation: OPERATION });
    const conversation = await client.openConversation(session.conversationSid, signal ? { signal } : {});
    return { client, conversation, session };
  } catch (error) {
    await client.close();
    throw toChatError(error, signal);
  }
}
