import type { GatewayClient } from '../gateway/core/client';
import type { ChatSession } from '../gateway/message-center/chat-session-schema';
import { isPassingStatus } from '../gateway/core/errors';

/**
 * What the message thread talks to (docs/architecture.md#decision-chat): one chat client per open
 * thread, over one of two adapters —
 * - Twilio (`twilio-chat-client.ts`): @twilio/conversations, imported lazily when a thread opens;
 * - sandbox (`sandbox-chat-client.ts`): the sandbox gateway's chat service (HTTP + SSE).
 * Both get their conversation sid, identity and token from the thread's chat session (the host's
 * `getChatToken`, else the gateway's session call: gateway/message-center/chat-session.ts);
 * `openChat` (open-chat.ts) wires the three together.
 *
 * Messages are addressed by index (0 = the first message of the conversation, never reused).
 * Own messages are the ones whose `author` equals the client's `identity` (`isOwnMessage`).
 */

/**
 * - `connecting`: (re)connecting; the SDK or the event stream retries by itself;
 * - `connected`: live: new messages arrive;
 * - `disconnected`: no connection now (offline, or closed);
 * - `denied`: the chat service refused the token and renewing it did not help: give up.
 */
export type ChatConnectionState = 'connecting' | 'connected' | 'disconnected' | 'denied';

export type Unsubscribe = () => void;

export interface ChatMedia {
  readonly sid: string;
  readonly contentType: string;
  /** The file name given at upload; null when none. */
  readonly filename: string | null;
  /** Bytes. */
  readonly size: number;
  /**
   * A URL to show the content. It may be temporary (Twilio's expire in minutes): ask again,
   * never store it. Null when the service has no content for it.
   */
  getUrl(options?: { signal?: AbortSignal }): Promise<string | null>;
}

export interface ChatMessage {
  readonly index: number;
  readonly sid: string;
  /** The author's identity; null for system messages. */
  readonly author: string | null;
  /** Customer text: render it as text, never as HTML. */
  readonly body: string | null;
  readonly dateCreated: Date | null;
  readonly media: readonly ChatMedia[];
  readonly attributes: Readonly<Record<string, unknown>>;
}

/** Messages oldest first; `hasOlder` when there are messages before the first one. */
export interface ChatMessagePage {
  readonly messages: readonly ChatMessage[];
  readonly hasOlder: boolean;
}

export interface GetMessagesOptions {
  /** At most this many messages. */
  pageSize: number;
  /** Only messages with a smaller index (older ones); the newest page without it. */
  before?: number | undefined;
  signal?: AbortSignal | undefined;
}

export interface SendTextOptions {
  attributes?: Readonly<Record<string, unknown>> | undefined;
  /**
   * Made once per user action and reused on Retry, so a send whose answer was lost is not
   * stored twice (the sandbox honours it; Twilio's SDK has no such key).
   */
  idempotencyKey?: string | undefined;
  signal?: AbortSignal | undefined;
}

export interface SendMediaOptions {
  /** Default: the file's own name when it is a File. */
  filename?: string | undefined;
  /** The content type to send (e.g. the sniffed type of domain/attachment); default the Blob's. */
  contentType?: string | undefined;
  /**
   * Upload progress in bytes. Called with (0, total) first and (total, total) when stored; in
   * between only where the transport reports progress (XMLHttpRequest does; fetch and
   * Twilio's SDK do not).
   */
  onProgress?: ((loaded: number, total: number) => void) | undefined;
  idempotencyKey?: string | undefined;
  signal?: AbortSignal | undefined;
}

/** What a send returns: the new message's index (its `messageAdded` event carries the same). */
export interface SentMessage {
  readonly index: number;
}

/**
 * How far a participant has read (Twilio's read horizon, `Participant.lastReadMessageIndex`):
 * every message with an index up to `lastReadMessageIndex` is read; null when it has read nothing
 * yet (or its channel keeps no horizon, as SMS participants).
 */
export interface ChatReadHorizon {
  readonly identity: string;
  readonly lastReadMessageIndex: number | null;
}

/**
 * Another participant started or stopped typing (Twilio's `typingStarted` / `typingEnded`).
 * A start may repeat while they keep typing; an end comes after the service's typing timeout
 * without a new signal, or with their message.
 */
export interface ChatTypingEvent {
  readonly identity: string;
  readonly typing: boolean;
}

export interface ChatConversation {
  readonly sid: string;
  /**
   * This client's own read horizon as the conversation opened (Twilio's
   * `Conversation.lastReadMessageIndex`): the messages after it were unread when the thread
   * opened. Null when nothing was ever marked read; undefined when the adapter does not know.
   */
  readonly lastReadMessageIndex?: number | null | undefined;
  getMessages(options: GetMessagesOptions): Promise<ChatMessagePage>;
  /**
   * Every message added from now on, the client's own included. Subscribe before the first
   * `getMessages` and drop duplicates by index: a message can come both ways.
   */
  onMessageAdded(listener: (message: ChatMessage) => void): Unsubscribe;
  sendText(text: string, options?: SendTextOptions): Promise<SentMessage>;
  sendMedia(file: Blob, options?: SendMediaOptions): Promise<SentMessage>;
  /** Marks every message read for this client's identity. */
  markAllRead(): Promise<void>;
  /*
   * Read horizons and typing. Optional, so a host's own adapter written before them
   * still works: the thread then shows its messages as delivered, and no typing.
   */
  /** The other participants' read horizons now (Twilio: `getParticipants()`); without this client's own. */
  getReadHorizons?(options?: { signal?: AbortSignal | undefined }): Promise<readonly ChatReadHorizon[]>;
  /** Another participant's read horizon moved (Twilio: `participantUpdated` for `lastReadMessageIndex`). */
  onReadHorizonChange?(listener: (horizon: ChatReadHorizon) => void): Unsubscribe;
  /** Another participant started or stopped typing. */
  onTyping?(listener: (event: ChatTypingEvent) => void): Unsubscribe;
  /**
   * Tells the other participants that this client is typing (Twilio: `conversation.typing()`);
   * they see it end by itself after a few seconds without another call. The caller throttles.
   */
  typing?(): Promise<void>;
}

export interface ChatClient {
  /** The identity this client writes as (the author of its own messages). */
  readonly identity: string;
  readonly connectionState: ChatConnectionState;
  onConnectionStateChange(listener: (state: ChatConnectionState) => void): Unsubscribe;
  openConversation(sid: string, options?: { signal?: AbortSignal }): Promise<ChatConversation>;
  /** Ends the connection and every subscription; later calls reject with kind `closed`. */
  close(): Promise<void>;
}

/** What a chat client factory gets (built by `openChat`). */
export interface ChatClientInit {
  /** The thread's chat session (gateway/message-center/chat-session.ts). */
  readonly session: ChatSession;
  /** Asks for a fresh session from the same source (the host's `getChatToken` with reason `renew`, or the session call): token renewal. */
  readonly renewSession: (signal?: AbortSignal) => Promise<ChatSession>;
  /**
   * The widget's gateway client: its base URL, fetch, headers and time limit are the sandbox
   * adapter's too (`transport`), and its time limit every adapter's.
   */
  readonly gateway: GatewayClient;
  /** The provider the thread acts for: the caller id of the adapter's own calls (default: the gateway auth's provider). */
  readonly provider?: number | undefined;
  /**
   * The size of the first page the caller will ask for (its first `getMessages` without
   * `before`), when it knows it: a hint. An adapter may ask for that page beside the
   * conversation (the sandbox's does: one round trip for both) or ignore it (Twilio's).
   */
  readonly firstPageSize?: number | undefined;
  readonly signal?: AbortSignal | undefined;
}

/**
 * Makes a chat client: resolves once the client is ready (Twilio: `initialized`; sandbox: the
 * event stream is open — or at once with `firstPageSize`, its stream then opening in the
 * background: `connectionState` 'connecting' until it is), rejects with a ChatError otherwise.
 * The `chat` property of `<message-thread>` takes one.
 */
export type ChatClientFactory = (init: ChatClientInit) => Promise<ChatClient>;

/**
 * - `unavailable`: the chat could not be set up (session call or client start failed);
 * - `denied`: the token was refused (also after renewing it);
 * - `not-found`: no such conversation (or not a participant);
 * - `network`: no answer;
 * - `rejected`: the service answered with an error status (`status`);
 * - `invalid-response`: the answer did not fit its schema;
 * - `aborted`: the caller's signal aborted it (a superseded request);
 * - `closed`: the client was closed;
 * - `sdk-missing`: the adapter's SDK is not installed (`@twilio/conversations` is an optional
 *   peer dependency of leadkit); `hint` says what to do.
 */
export type ChatErrorKind =
  | 'unavailable'
  | 'denied'
  | 'not-found'
  | 'network'
  | 'rejected'
  | 'invalid-response'
  | 'aborted'
  | 'closed'
  | 'sdk-missing'
  /** The chat service's signed-in identity is not the session's (own messages could not be told). */
  | 'identity-mismatch';

/**
 * The one error type of the chat layer. Its message names the operation and kind only (no URL,
 * token or text), followed by the `hint` when there is one.
 */
export class ChatError extends Error {
  override readonly name = 'ChatError';
  readonly kind: ChatErrorKind;
  readonly status: number | null;
  readonly operation: string;
  /** What a developer can do about it (English, fixed text, never customer data), or null. */
  readonly hint: string | null;

  constructor(init: { kind: ChatErrorKind; operation: string; status?: number | null; cause?: unknown; hint?: string }) {
    const status = init.status ?? null;
    const hint = init.hint ?? null;
    super(
      `${init.operation} failed: ${init.kind}${status === null ? '' : ` ${status}`}${hint === null ? '' : `. ${hint}`}`,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.kind = init.kind;
    this.status = status;
    this.operation = init.operation;
    this.hint = hint;
  }
}

export function isChatError(error: unknown): error is ChatError {
  return error instanceof ChatError;
}

/**
 * Whether opening the chat again may help: the service was unavailable or did not answer, its
 * answer could not be read, or it answered 408/429/5xx. Not when the token was denied, the
 * conversation is not there, the SDK is missing or the identities differ.
 */
export function isRetryableChatError(error: ChatError): boolean {
  switch (error.kind) {
    case 'unavailable':
    case 'network':
    case 'invalid-response':
      return true;
    case 'rejected':
      return isPassingStatus(error.status);
    default:
      return false;
  }
}

/**
 * Whether `message` is the conversation's copy of a text sent through the message center (its
 * send-message call) when the conversation held messages up to `afterIndex`. The spec does not say the two
 * services are connected: leadkit assumes the text lands in the conversation as the sender's own
 * message with the same body (docs/gateway-assumptions.md C4), and this is the one place that knows it.
 */
export function isMessageCenterCopy(send: { readonly text: string; readonly afterIndex: number }, message: Pick<ChatMessage, 'index' | 'body'>): boolean {
  return message.index > send.afterIndex && message.body === send.text;
}

/** Own messages are told by author identity. */
export function isOwnMessage(message: Pick<ChatMessage, 'author'>, identity: string): boolean {
  return message.author !== null && message.author === identity;
}
