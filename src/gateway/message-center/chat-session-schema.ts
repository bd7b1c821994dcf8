import * as v from 'valibot';
import { IsoDateTime, OptionalText } from '../core/shared-schemas';

// What a chat session is and what a host's `getChatToken` is asked with (the calls that get one:
// chat-session.ts). A leaf: the gateway client's config names these types, and chat-session.ts
// uses the client, so they live below both.

/** A session, from leadkit's call or the host's `getChatToken` (both checked against this schema). */
export const ChatSessionSchema = v.object({
  /** The conversation's sid (Twilio: `CH` + 32 hex digits). */
  conversationSid: v.pipe(v.string(), v.minLength(1)),
  /** Author identity of the caller's messages in the conversation. */
  identity: v.pipe(v.string(), v.minLength(1)),
  /** Chat service access token: memory only (never a URL, storage, log or analytics). */
  token: v.pipe(v.string(), v.minLength(1)),
  expiresAt: IsoDateTime,
  /**
   * The member's name as the thread shows it ('Your messages with {member name}'), for threads
   * opened without a lead (whose lead would give it). Optional: a thread falls back to 'Member'.
   */
  member: v.optional(v.object({ firstName: OptionalText, lastName: OptionalText })),
});
export type ChatSession = v.InferOutput<typeof ChatSessionSchema>;

/** What a host's `getChatToken` is asked with: the thread, why (its opening or a token renewal) and a signal that ends the wait. */
export interface ChatTokenContext {
  serviceProviderId: number;
  userId: number;
  leadId?: number;
  /** `open`: the thread opens (or opens again after 'Try again'); `renew`: the chat adapter's token is about to expire or was refused. */
  reason: 'open' | 'renew';
  /** Aborts when leadkit no longer waits: the thread closed, or the gateway's time limit passed. */
  signal?: AbortSignal;
}

/** Why a session is asked for (see ChatTokenContext). */
export type ChatSessionReason = ChatTokenContext['reason'];

/**
 * A host's provider of chat sessions (`getChatToken` of the gateway config): its own service
 * gives the conversation sid, the identity and the chat service's token for the thread.
 */
export type GetChatToken = (context: ChatTokenContext) => Promise<ChatSession>;
