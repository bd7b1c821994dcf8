import type { ChatClientInit, ChatMessage, ChatReadHorizon } from './chat-client';

/**
 * What a server reads of a thread's chat for its first screen (leadkit/server): the newest page
 * of messages, this side's read horizon (what was unread) and the other participants' — read once
 * with the session the host's `getChatToken` gave the server, and nothing kept open. The session's
 * token stays on the server: only what the first screen shows goes in the page
 * (widgets/message-thread/message-thread.server.ts).
 */
export interface ChatFirstPage {
  /** Oldest first. */
  readonly messages: readonly ChatMessage[];
  readonly hasOlder: boolean;
  /** This side's read horizon (`ChatConversation.lastReadMessageIndex`); null when never read or unknown. */
  readonly lastReadMessageIndex: number | null;
  /** The other participants' read horizons. */
  readonly readHorizons: readonly ChatReadHorizon[];
}

/** What a chat reader is given: the session (with its renewal), the gateway client, the provider, the page's size. */
export interface ChatReaderInit extends ChatClientInit {
  readonly pageSize: number;
}

/**
 * Reads a thread's first page on a server (`chatReader` of leadkit/server's options). leadkit has
 * one for the sandbox's chat service (`createSandboxChatReader`); for Twilio a host writes its own
 * (Twilio's REST API with the token, or its server SDK) or leaves the messages to the browser.
 */
export type ChatReader = (init: ChatReaderInit) => Promise<ChatFirstPage>;
