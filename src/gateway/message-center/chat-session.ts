import * as v from 'valibot';
import type { GatewayClient } from '../core/client';
import { checkRequest, type CallOptions } from '../core/request-spec';
import { askHost } from '../host-provider';
import { isNotOffered, unlessNotOffered } from '../not-offered';
import { Id } from '../core/shared-schemas';
import { ChatSessionSchema, type ChatSession, type ChatSessionReason, type GetChatToken } from './chat-session-schema';
import { MESSAGE_CENTER_BASE } from './paths';

/**
 * A thread's chat session: which conversation the provider–member thread lives in, the identity
 * the provider writes as and a chat token (row C1 of docs/gateway-assumptions.md). The spec does
 * not show where a thread gets them ("Messaging uses a chat client and a conversation sid";
 * "Chat messages are fetched through a chat service: not shown"), so this is the one module
 * that knows how: the host's `getChatToken` (a gateway-config function) when it gave one, else
 * leadkit's own call, `POST /gateway/message-center/v1/chat/session` (the sandbox serves it).
 * Opening a thread (src/chat/open-chat.ts), both chat adapters' token renewals (through the
 * `renewSession` openChat gives them) and the thread's first calls (the CDN loader's first call)
 * all come here; nothing else knows the session's path.
 */

/** What a thread asks a session for. */
export const ChatSessionRequestSchema = v.object({
  serviceProviderId: Id,
  userId: Id,
  /** The lead the thread was opened from, when there is one (checked against the pair). */
  leadId: v.optional(Id),
});
export type ChatSessionRequest = v.InferInput<typeof ChatSessionRequestSchema>;

/** leadkit's own session call (the sandbox's): the default when the host gives no `getChatToken`. */
export const CHAT_SESSION_PATH = `${MESSAGE_CENTER_BASE}/v1/chat/session`;
const OPERATION = 'messageCenter.getChatSession';
const HOST_OPERATION = 'messageCenter.getChatToken';

/** A thread's session request: the provider, the member and the lead it was opened from (if any). */
export function chatSessionRequest(serviceProviderId: number, userId: number, leadId: number | null): ChatSessionRequest {
  return { serviceProviderId, userId, ...(leadId !== null ? { leadId } : {}) };
}

/**
 * POST /v1/chat/session {serviceProviderId, userId, leadId?} → {conversationSid, identity, token,
 * expiresAt, member?}. Caller: the signed-in provider (caller id = provider, as on the other
 * provider calls). It gets or creates the pair's conversation, so calling it again is harmless:
 * it renews the token. Never retried, never replayed. Use `chatSession`, which asks the host first.
 */
export async function getChatSession(client: GatewayClient, body: ChatSessionRequest, opts: CallOptions = {}): Promise<ChatSession> {
  const checked = checkRequest(OPERATION, ChatSessionRequestSchema, body);
  return client.request({
    operation: OPERATION,
    invented: true,
    method: 'POST',
    read: true,
    path: CHAT_SESSION_PATH,
    body: checked,
    provider: checked.serviceProviderId,
    response: ChatSessionSchema,
    signal: opts.signal,
  });
}

/**
 * The host's `getChatToken`, held to a gateway call's rules: it has the gateway's time limit (its
 * `signal` aborts then, and leadkit stops waiting: `timeout`), and its answer is checked against
 * `ChatSessionSchema` (`invalid-response`, naming the fields, never their values). What the host's
 * function throws is passed on as it is: the thread says messaging is unavailable, with 'Try
 * again' (leadkit does not ask again by itself — the host's function makes its own retries).
 */
async function hostSession(
  client: GatewayClient,
  getChatToken: GetChatToken,
  thread: ChatSessionRequest,
  reason: ChatSessionReason,
  signal: AbortSignal | undefined,
): Promise<ChatSession> {
  const checked = checkRequest(HOST_OPERATION, ChatSessionRequestSchema, thread);
  return askHost(client, HOST_OPERATION, ChatSessionSchema, (ends) => getChatToken({ ...checked, reason, signal: ends }), signal);
}

/**
 * The thread's session — on opening (`open`) and for each token renewal (`renew`): the host's
 * `getChatToken` when its gateway config gave one, else leadkit's session call.
 */
export function chatSession(client: GatewayClient, thread: ChatSessionRequest, reason: ChatSessionReason, opts: CallOptions = {}): Promise<ChatSession> {
  if (client.getChatToken) return hostSession(client, client.getChatToken, thread, reason, opts.signal);
  // A gateway without the call (404) is not asked again for a day (not-offered.ts): the thread's unavailable state.
  return unlessNotOffered(client, 'C1', OPERATION, () => getChatSession(client, thread, opts));
}

/**
 * The session call among a thread's first calls (the CDN loader sends them beside the code:
 * the thread's `firstCalls`, message-thread.server.ts; a server render asks none): none when the host gives the session
 * itself — its `getChatToken` is asked when the thread opens, never early.
 */
export function earlyChatSessionCalls(client: GatewayClient, thread: ChatSessionRequest): Promise<ChatSession>[] {
  return client.getChatToken || isNotOffered(client.baseURL, 'C1') ? [] : [getChatSession(client, thread)];
}
