import { isChatError, isOwnMessage, isRetryableChatError, type ChatConnectionState, type ChatMessage } from '../../../chat/chat-client';
import { isDeliveredBy, type PendingSend, type PendingState } from '../../../chat/pending-send';
import type { ChatSession } from '../../../gateway/message-center/chat-session-schema';
import type { ThreadFirstPage } from './thread-first-page';

/**
 * What an open thread shows (`ThreadSnapshot`, which thread-session.ts keeps and the list
 * renders) and the pure rules it is computed by: messages merged by index, read horizons,
 * where 'New messages' goes, a failure's report.
 *
 * Each own message's state (docs/widgets/message-thread.md#message-state): `sending` (the gateway or the upload has it in flight) →
 * `sent` (the message center accepted it, the conversation does not hold it yet) → `delivered`
 * (the conversation holds it: the chat service has stored it and pushes it to the customer's
 * devices) → `read` (its index is within the customer's read horizon). `delivered` is what the
 * adapters can honestly know: neither can tell that a customer's device received a message
 * (Twilio's delivery receipts exist only for SMS and WhatsApp participants), so "delivered"
 * means "in the conversation", never more.
 */

/** What an own message shows (see the module comment): a pending send's state, or a stored message's. */
export type OwnMessageState = PendingState | 'delivered' | 'read';

/** A stored own message is read once its index is within the customer's read horizon; delivered before. */
export function storedMessageState(index: number, readHorizon: number | null): 'delivered' | 'read' {
  return readHorizon !== null && index <= readHorizon ? 'read' : 'delivered';
}

/**
 * Whether the composer can send what it holds: a text while the chat is opening as
 * well as once it is open — a text goes through the message center, which needs no chat, and
 * shows at once as a pending send with its state (Enter used to do nothing while the chat
 * opened: the texts ran together in the box) — a file only once the chat is open (it is
 * uploaded to the conversation); nothing after the chat failed to open (the message box is
 * disabled when chat errored).
 */
export function composerCanSend(status: ThreadStatus, withFile: boolean): boolean {
  return status === 'ready' || (status === 'loading' && !withFile);
}

export type ThreadStatus = 'loading' | 'ready' | 'failed';

export interface ThreadSnapshot {
  readonly status: ThreadStatus;
  /** The identity this side writes as (own messages). */
  readonly identity: string | null;
  /** Oldest first. */
  readonly messages: readonly ChatMessage[];
  readonly pending: readonly PendingSend[];
  readonly hasOlder: boolean;
  readonly loadingOlder: boolean;
  readonly olderFailed: boolean;
  /**
   * The chat's connection as the thread tells it (`shownConnection`): null until it first
   * settled — a thread may be ready while its live connection is still opening, and that first
   * 'connecting' is not a reconnection.
   */
  readonly connection: ChatConnectionState | null;
  /** The member's name from the chat session (threads without a lead). */
  readonly member: ChatSession['member'] | null;
  /** The newest message from the other side that arrived live (for announcements). */
  readonly lastIncoming: ChatMessage | null;
  /**
   * The customer's read horizon: own messages up to this index are read. Null when they have
   * read none yet, or the adapter cannot tell (a host adapter without read horizons).
   */
  readonly readHorizon: number | null;
  /**
   * This side's read horizon when the thread opened, when customer messages came after it: the
   * thread opened with unread messages, and 'New messages' goes above the first of them. Null
   * otherwise (nothing unread, or never read at all: a conversation whose horizon is not kept).
   */
  readonly unreadAfter: number | null;
  /** Whether the customer is typing now. */
  readonly typing: boolean;
  /**
   * What to say to screen readers (politely): the customer's new message, or that they are
   * typing — once per reply, not each time their typing starts and stops again.
   */
  readonly announcement: ThreadAnnouncement | null;
  /** Why the chat could not open (status `failed`): reported to the host as `lk-error`. */
  readonly failure: ThreadFailure | null;
  /**
   * The messages are a server's first page (thread-first-page.ts), shown while the chat opens:
   * the list shows them as the server's HTML did, until the chat's own page takes their place.
   */
  readonly firstPage: boolean;
}

type ThreadAnnouncement = { readonly kind: 'message'; readonly message: ChatMessage } | { readonly kind: 'typing' };

export interface ThreadFailure {
  /** `chat-` + the ChatError kind (`chat-sdk-missing`, `chat-unavailable`…), or `chat-unknown`. */
  readonly kind: string;
  readonly status: number | null;
  /** What a developer can do about it (the ChatError's hint), if anything. */
  readonly message: string | null;
  /** Whether opening again may help (the thread offers 'Try again'): `isRetryableChatError`. */
  readonly retryable: boolean;
}

/**
 * The connection state the thread shows (its status line says 'Reconnecting…' while it is not
 * `connected`): the client's `next` state, except that the first `connecting` — the live
 * connection opening, which may still be under way when the first page is on screen — stays
 * null until the connection has been up or its first attempt failed (`disconnected`,
 * `denied`). From then on every state shows, so a chat service whose stream never opens still
 * says so.
 */
export function shownConnection(shown: ChatConnectionState | null, next: ChatConnectionState): ChatConnectionState | null {
  return shown === null && next === 'connecting' ? null : next;
}

/** The failure a thread reports for an error that kept its chat from opening. */
export function threadFailure(error: unknown): ThreadFailure {
  if (!isChatError(error)) return { kind: 'chat-unknown', status: null, message: null, retryable: true };
  return { kind: `chat-${error.kind}`, status: error.status, message: error.hint, retryable: isRetryableChatError(error) };
}

/** A thread before its chat opened. */
export const INITIAL_SNAPSHOT: ThreadSnapshot = {
  status: 'loading',
  identity: null,
  messages: [],
  pending: [],
  hasOlder: false,
  loadingOlder: false,
  olderFailed: false,
  connection: null,
  member: null,
  lastIncoming: null,
  readHorizon: null,
  unreadAfter: null,
  typing: false,
  announcement: null,
  failure: null,
  firstPage: false,
};

/** A thread showing a server's first page while its chat opens (the same on the server and as it hydrates). */
export function firstPageSnapshot(page: ThreadFirstPage): ThreadSnapshot {
  const { identity, messages, hasOlder, readHorizon, unreadAfter } = page;
  return { ...INITIAL_SNAPSHOT, identity, messages, hasOlder, readHorizon, unreadAfter, firstPage: true };
}

/** The furthest any other participant has read (the customer's, in a two-party thread). */
export function furthest(horizons: ReadonlyMap<string, number | null>): number | null {
  let max: number | null = null;
  for (const index of horizons.values()) if (index !== null && (max === null || index > max)) max = index;
  return max;
}

/** Merges messages by index, oldest first (a message can come both in a page and live). */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): readonly ChatMessage[] {
  if (incoming.length === 0) return current;
  const last = current.at(-1);
  // The common cases stay cheap: a new message at the end, an older page at the start.
  if (incoming.length === 1 && (!last || incoming[0]!.index > last.index)) return [...current, incoming[0]!];
  const first = current[0];
  const sorted = [...incoming].sort((a, b) => a.index - b.index);
  if (first && sorted.at(-1)!.index < first.index) return [...sorted, ...current];
  const byIndex = new Map<number, ChatMessage>();
  for (const message of current) byIndex.set(message.index, message);
  for (const message of sorted) byIndex.set(message.index, message);
  return [...byIndex.values()].sort((a, b) => a.index - b.index);
}

/**
 * Where 'New messages' goes when a thread opens with `messages` and this side had read up to
 * `readBefore`: after it, when a customer message came since; else nowhere (null).
 */
export function unreadAfterOf(messages: readonly ChatMessage[], identity: string, readBefore: number | null): number | null {
  return readBefore !== null && messages.some((m) => m.index > readBefore && !isOwnMessage(m, identity)) ? readBefore : null;
}

/** The pending sends the conversation does not hold yet (a page may bring a sent one's message). */
export function undelivered(pending: readonly PendingSend[], messages: readonly ChatMessage[], identity: string): readonly PendingSend[] {
  if (!pending.some((p) => p.state === 'sent')) return pending;
  const own = messages.filter((message) => isOwnMessage(message, identity));
  return pending.filter((p) => !own.some((message) => isDeliveredBy(p, message)));
}
