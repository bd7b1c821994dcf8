import type { GatewayClient } from '../gateway/client';
import { isGatewayError } from '../gateway/errors';
import { getChatSession } from '../gateway/message-center/calls';
import type { ChatSession, ChatSessionRequest } from '../gateway/message-center/schemas';
import { ChatError, type ChatClient, type ChatClientFactory, type ChatConversation } from './chat-client';

/**
 * Opens a thread's chat: asks the gateway for the session (conversation sid, identity, token:
 * `messageCenter.getChatSession`), makes a client with the factory (the Twilio or the sandbox
 * adapter; it renews its token through the same call), and opens the conversation. On any
 * failure nothing stays open. Rejects with a ChatError: `aborted` when the signal aborted (a
 * superseded open: show nothing), otherwise the thread shows §8's chat init failure.
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

function toChatError(error: unknown, signal: AbortSignal | undefined): ChatError {
  if (signal?.aborted || (isGatewayError(error) && error.kind === 'aborted')) return new ChatError({ kind: 'aborted', operation: OPERATION, cause: error });
  if (error instanceof ChatError) return error;
  return new ChatError({ kind: 'unavailable', operation: OPERATION, status: isGatewayError(error) ? error.status : null, cause: error });
}

export async function openChat({ gateway, factory, thread, signal }: OpenChatOptions): Promise<OpenedChat> {
  const fetchSession = (callSignal?: AbortSignal) => getChatSession(gateway, thread, { signal: callSignal });
  let session: ChatSession;
  try {
    session = await fetchSession(signal);
  } catch (error) {
    throw toChatError(error, signal);
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
