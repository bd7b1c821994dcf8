import type { ChatMessageWire } from '../../../src/gateway/message-center/chat-service-schemas';
import { SANDBOX_LONG_THREAD, SEEDED_PHOTO, longThreadMessage, seededPhotoBytes } from './seed/chat';
import type { SandboxStore } from './store';
import type { StoredMedia, StoredMessage } from './types';
import { conversationSid, memberIdentity, parseConversationSid, providerIdentity } from './chat-identities';
import { encodeChatToken } from './chat-token';

/**
 * The sandbox's chat service: the stand-in for Twilio Conversations behind the sandbox chat
 * adapter (src/chat/sandbox-chat-client.ts). One conversation per provider–member thread
 * (`store.threads`); its messages are the thread's `store.messages` in order (so a message sent
 * with the message center's POST /v1/messages shows up in the chat too), preceded by generated
 * ones for the long thread. Chat tokens, media bytes, read horizons, the event buffer and the
 * simulated customer live here, not in the seed: `reset()` empties them. Identities and
 * conversation sids: chat-identities.ts.
 */

/**
 * The simulated customer: answers `delayMs` after the provider's last message (one answer per burst). Before answering it reads
 * and types, as a person does: up to CUSTOMER_TYPING_MS before the answer (at most the last 60 % of the delay) its read horizon
 * moves to the newest message (a `read` event) and it starts typing (a `typing` event); the answer ends the typing.
 */
export interface CustomerReplies {
  delayMs: number;
}

const CUSTOMER_TYPING_MS = 3000; // the simulated customer's typing before its answer, at most (less than a typing signal lasts)

export interface SandboxChatOptions {
  /** Off (false) unless asked for: tests get no stray timers. `npm start` turns it on; `reset()` restores it. */
  customerReplies?: CustomerReplies | false;
  /** Chat token lifetime; default one hour. */
  tokenTtlMs?: number;
  /** Lifetime of a media content URL; default five minutes (Twilio's are minutes too). */
  mediaUrlTtlMs?: number;
}

export interface ChatConversationRef {
  readonly sid: string;
  readonly spId: number;
  readonly memberId: number;
  readonly participants: readonly [string, string];
}

/**
 * What the chat's event stream carries: a new message, or a participant's read horizon moving
 * (both kept for Last-Event-ID replays, with an id), or a participant typing (`id` null: never
 * kept or replayed — a stale "typing" after a reconnection would mislead).
 */
export type ChatEventRecord =
  | {
      readonly kind: 'message';
      readonly id: number;
      readonly conversationSid: string;
      readonly participants: readonly string[];
      readonly message: ChatMessageWire;
    }
  | {
      readonly kind: 'read';
      readonly id: number;
      readonly conversationSid: string;
      readonly participants: readonly string[];
      readonly identity: string;
      readonly lastReadMessageIndex: number | null;
    }
  | {
      readonly kind: 'typing';
      readonly id: null;
      readonly conversationSid: string;
      readonly participants: readonly string[];
      readonly identity: string;
      readonly typing: boolean;
    };

export type TokenCheck = { identity: string } | 'invalid' | 'expired';

export interface PostInput {
  spId: number;
  memberId: number;
  leadId: number | null;
  fromProvider: boolean;
  text: string;
  media?: StoredMedia[] | undefined;
  attributes?: Record<string, unknown> | undefined;
  pageName?: string | null | undefined;
  contactPlacementType?: number | null | undefined;
}

/** The customer's answers, in turn per conversation (deterministic). */
export const CUSTOMER_REPLIES: readonly string[] = [
  'Thanks for getting back to me!',
  'That works for me. When could you come by?',
  'Could you give me a rough estimate first?',
  'Sounds good, see you then.',
  'Great, thank you!',
];
/** The answer when the provider's last message was a photo. */
export const CUSTOMER_PHOTO_REPLY = 'Thanks for the photo, that helps.';

const EVENT_BUFFER = 500;
const HOUR = 3_600_000;

export class SandboxChat {
  private tokens = new Map<string, { identity: string; expiresAt: number }>();
  private media = new Map<string, Uint8Array>();
  private grants = new Map<string, { mediaSid: string; expiresAt: number }>();
  private reads = new Map<string, number | null>();
  private events: ChatEventRecord[] = [];
  /** Event ids keep growing across resets: a client reconnecting with an old Last-Event-ID misses nothing new. */
  private eventSeq = 0;
  private readonly subscribers = new Set<{ identity: string; send: (event: ChatEventRecord) => void }>();
  /** Per conversation, the simulated customer's pending steps (read and type, then answer). */
  private replyTimers = new Map<string, ReturnType<typeof setTimeout>[]>();
  /** Conversations where the simulated customer is typing now. */
  private typingNow = new Set<string>();
  private replyCounts = new Map<string, number>();
  private mediaSeq = 1;
  private seedNow: Date;
  private replies: CustomerReplies | false;
  private readonly startReplies: CustomerReplies | false;
  private readonly tokenTtlMs: number;
  private readonly mediaUrlTtlMs: number;

  constructor(
    private readonly store: SandboxStore,
    private readonly now: () => Date,
    options: SandboxChatOptions = {},
  ) {
    this.startReplies = options.customerReplies ?? false;
    this.replies = this.startReplies;
    this.tokenTtlMs = options.tokenTtlMs ?? HOUR;
    this.mediaUrlTtlMs = options.mediaUrlTtlMs ?? 5 * 60_000;
    this.seedNow = now();
    this.reset();
  }

  /** Back to the seed: tokens, media, reads, buffered events and pending replies go. Open streams stay open. */
  reset(): void {
    this.cancelReplies();
    this.replies = this.startReplies;
    this.replyCounts = new Map();
    this.tokens = new Map();
    this.grants = new Map();
    this.events = [];
    this.media = new Map([[SEEDED_PHOTO.mediaSid, seededPhotoBytes()]]);
    this.mediaSeq = 1;
    this.seedNow = this.now();
    this.reads = this.seededReads();
  }

  /**
   * The read horizons the seed implies: a member has read everything up to its own last message
   * (it answered what came before); the provider everything when its thread is read, else up to
   * its own last message — the member's messages after it are the unread ones the board's dot
   * and the thread's 'New messages' line show.
   */
  private seededReads(): Map<string, number> {
    const reads = new Map<string, number>();
    for (const thread of this.store.threads) {
      const conversation = this.conversation(conversationSid(thread.spId, thread.memberId));
      if (!conversation) continue;
      const count = this.messageCount(conversation);
      if (count === 0) continue;
      const member = this.lastIndexBy(conversation, false);
      if (member !== null) reads.set(`${conversation.sid}|${memberIdentity(thread.memberId)}`, member);
      const provider = thread.unreadForProvider ? this.lastIndexBy(conversation, true) : count - 1;
      if (provider !== null) reads.set(`${conversation.sid}|${providerIdentity(thread.spId)}`, provider);
    }
    return reads;
  }

  /** The index of the newest message by the provider (or the member), or null. */
  private lastIndexBy(conversation: ChatConversationRef, fromProvider: boolean): number | null {
    const generated = this.generatedCount(conversation);
    const stored = this.stored(conversation);
    for (let i = stored.length - 1; i >= 0; i--) if ((stored[i]!.authorType === 'ServiceProvider') === fromProvider) return generated + i;
    for (let i = generated - 1; i >= 0; i--) if ((longThreadMessage(i, this.seedNow).authorType === 'ServiceProvider') === fromProvider) return i;
    return null;
  }

  private cancelReplies(): void {
    for (const timers of this.replyTimers.values()) for (const timer of timers) clearTimeout(timer);
    this.replyTimers = new Map();
    this.typingNow = new Set();
  }

  // --- the simulated customer ---------------------------------------------------------------

  get customerReplies(): CustomerReplies | false {
    return this.replies;
  }

  /** Turns the simulated customer on (with its delay) or off; off cancels pending answers. */
  setCustomerReplies(replies: CustomerReplies | false): void {
    if (replies !== false && !(replies.delayMs >= 0)) throw new RangeError('delayMs must be 0 or more');
    this.replies = replies;
    if (!replies) this.cancelReplies();
  }

  /** Answers not sent yet (tests). */
  get pendingReplies(): number {
    return this.replyTimers.size;
  }

  private scheduleReply(conversation: ChatConversationRef, trigger: StoredMessage): void {
    const replies = this.replies;
    if (!replies) return;
    for (const timer of this.replyTimers.get(conversation.sid) ?? []) clearTimeout(timer);
    const photo = (trigger.media?.length ?? 0) > 0 && trigger.text === '';
    const member = memberIdentity(conversation.memberId);
    const gone = () => !this.store.thread(conversation.spId, conversation.memberId);
    // It reads what the provider wrote and starts typing, then answers (see CustomerReplies).
    const typingFor = Math.min(CUSTOMER_TYPING_MS, Math.floor(replies.delayMs * 0.6));
    const readsAndTypes = setTimeout(() => {
      if (gone()) return;
      this.markAllRead(conversation, member);
      this.setTyping(conversation, member, true);
    }, replies.delayMs - typingFor);
    const answers = setTimeout(() => {
      this.replyTimers.delete(conversation.sid);
      if (gone()) return;
      const count = this.replyCounts.get(conversation.sid) ?? 0;
      this.replyCounts.set(conversation.sid, count + 1);
      const text = photo ? CUSTOMER_PHOTO_REPLY : CUSTOMER_REPLIES[count % CUSTOMER_REPLIES.length]!;
      this.post({ spId: conversation.spId, memberId: conversation.memberId, leadId: trigger.leadId, fromProvider: false, text });
    }, replies.delayMs);
    // Never keeps a Node process (a test run) alive on its own.
    for (const timer of [readsAndTypes, answers]) (timer as { unref?: () => void }).unref?.();
    this.replyTimers.set(conversation.sid, [readsAndTypes, answers]);
  }

  // --- tokens -------------------------------------------------------------------------------

  /** A chat token for an identity (the session call). */
  issueToken(identity: string): { token: string; expiresAt: string } {
    const issuedAt = this.now().getTime();
    const expiresAt = issuedAt + this.tokenTtlMs;
    const token = encodeChatToken(identity, issuedAt, expiresAt);
    this.tokens.set(token, { identity, expiresAt });
    return { token, expiresAt: new Date(expiresAt).toISOString() };
  }

  checkToken(token: string): TokenCheck {
    const record = this.tokens.get(token);
    if (!record) return 'invalid';
    if (record.expiresAt <= this.now().getTime()) return 'expired';
    return { identity: record.identity };
  }

  /** Every token issued so far expires now (clients must renew through the session call). */
  expireTokens(): void {
    for (const record of this.tokens.values()) record.expiresAt = Number.NEGATIVE_INFINITY;
  }

  // --- conversations and messages -----------------------------------------------------------

  conversationSid(spId: number, memberId: number): string {
    return conversationSid(spId, memberId);
  }

  /** The conversation of a sid, when its thread exists. */
  conversation(sid: string): ChatConversationRef | null {
    const pair = parseConversationSid(sid);
    if (!pair || !this.store.thread(pair.spId, pair.memberId)) return null;
    return { sid, ...pair, participants: [providerIdentity(pair.spId), memberIdentity(pair.memberId)] };
  }

  private generatedCount(conversation: ChatConversationRef): number {
    return conversation.spId === SANDBOX_LONG_THREAD.spId && conversation.memberId === SANDBOX_LONG_THREAD.memberId ? SANDBOX_LONG_THREAD.messageCount : 0;
  }

  private stored(conversation: ChatConversationRef): StoredMessage[] {
    return this.store.messages.filter((m) => m.spId === conversation.spId && m.memberId === conversation.memberId);
  }

  messageCount(conversation: ChatConversationRef): number {
    return this.generatedCount(conversation) + this.stored(conversation).length;
  }

  /** Messages with an index below `before` (all when undefined), the newest `pageSize` of them, oldest first. */
  page(conversation: ChatConversationRef, options: { before?: number | undefined; pageSize: number }): { messages: ChatMessageWire[]; hasOlder: boolean } {
    const generated = this.generatedCount(conversation);
    const stored = this.stored(conversation);
    const total = generated + stored.length;
    const end = Math.min(options.before ?? total, total);
    const start = Math.max(0, end - options.pageSize);
    const messages: ChatMessageWire[] = [];
    for (let index = start; index < end; index++) {
      const message = index < generated ? longThreadMessage(index, this.seedNow) : stored[index - generated]!;
      messages.push(toWire(message, index));
    }
    return { messages, hasOlder: start > 0 };
  }

  /**
   * Records a message (the message center's POST /v1/messages and the chat's send routes both
   * come here): stored with the thread's unread flag and a GenericMessage activity for each side
   * ('Message History'), pushed to the event streams, and answered by the simulated
   * customer when it is on and the provider wrote.
   */
  post(input: PostInput): { stored: StoredMessage; wire: ChatMessageWire; conversation: ChatConversationRef } {
    const { store } = this;
    const at = this.now().toISOString();
    const stored: StoredMessage = {
      messageId: `msg-${String(store.next('message')).padStart(5, '0')}`,
      spId: input.spId,
      memberId: input.memberId,
      leadId: input.leadId,
      authorId: input.fromProvider ? input.spId : input.memberId,
      authorType: input.fromProvider ? 'ServiceProvider' : 'Member',
      text: input.text,
      createDate: at,
      pageName: input.pageName ?? null,
      contactPlacementType: input.contactPlacementType ?? null,
      ...(input.media && input.media.length > 0 ? { media: input.media } : {}),
      ...(input.attributes ? { attributes: input.attributes } : {}),
    };
    store.messages.push(stored);
    const thread = store.threadFor(input.spId, input.memberId);
    if (input.fromProvider) thread.unreadForMember = true;
    else thread.unreadForProvider = true;
    const actorId = stored.authorId;
    for (const [interactorId, interactorType, counterpartId] of [
      [input.memberId, 'Member', input.spId],
      [input.spId, 'ServiceProvider', input.memberId],
    ] as const) {
      store.activities.push({
        activityId: `act-${store.next('activity')}`,
        activityType: 'GenericMessage.v1',
        createDate: at,
        interactorId,
        interactorType,
        counterpartId,
        actorId,
        ...(input.text ? { text: input.text } : {}),
      });
    }
    const conversation = this.conversation(conversationSid(input.spId, input.memberId))!;
    const wire = toWire(stored, this.messageCount(conversation) - 1);
    // A message ends its author's typing (as Twilio's does).
    const author = input.fromProvider ? providerIdentity(input.spId) : memberIdentity(input.memberId);
    if (this.typingNow.has(`${conversation.sid}|${author}`)) this.setTyping(conversation, author, false);
    this.broadcast(conversation, { kind: 'message', message: wire });
    if (input.fromProvider) this.scheduleReply(conversation, stored);
    return { stored, wire, conversation };
  }

  // --- reads --------------------------------------------------------------------------------

  lastRead(conversation: ChatConversationRef, identity: string): number | null {
    return this.reads.get(`${conversation.sid}|${identity}`) ?? null;
  }

  /** The read horizons of the conversation's participants other than `identity`. */
  readHorizons(conversation: ChatConversationRef, identity: string): { identity: string; lastReadMessageIndex: number | null }[] {
    return conversation.participants.filter((p) => p !== identity).map((p) => ({ identity: p, lastReadMessageIndex: this.lastRead(conversation, p) }));
  }

  /**
   * Everything read for this identity (Twilio's setAllMessagesRead). A horizon that moved is
   * streamed to the participants (a `read` event: the provider's thread shows its messages read).
   */
  markAllRead(conversation: ChatConversationRef, identity: string): number | null {
    const last = this.messageCount(conversation) - 1;
    return last < 0 ? null : this.setLastRead(conversation, identity, last);
  }

  /** Moves `identity`'s read horizon to `index` (null: nothing read), streamed as markAllRead's is (Twilio's read horizon calls). */
  setLastRead(conversation: ChatConversationRef, identity: string, index: number | null): number | null {
    const key = `${conversation.sid}|${identity}`;
    if ((this.reads.get(key) ?? null) === index) return index;
    this.reads.set(key, index);
    this.broadcast(conversation, { kind: 'read', identity, lastReadMessageIndex: index });
    return index;
  }

  // --- typing -------------------------------------------------------------------------------

  /** Whether `identity` is typing in the conversation now (tests). */
  isTyping(conversation: ChatConversationRef, identity: string): boolean {
    return this.typingNow.has(`${conversation.sid}|${identity}`);
  }

  /**
   * `identity` started (a signal lasts CHAT_TYPING_TIMEOUT_MS on the clients) or stopped typing:
   * streamed to the other participants, not to its own streams and never replayed.
   */
  setTyping(conversation: ChatConversationRef, identity: string, typing: boolean): void {
    const key = `${conversation.sid}|${identity}`;
    if (typing) this.typingNow.add(key);
    else this.typingNow.delete(key);
    this.broadcast(conversation, { kind: 'typing', identity, typing });
  }

  // --- media --------------------------------------------------------------------------------

  /** Keeps uploaded bytes; the message that carries them is posted by the caller. */
  storeMedia(bytes: Uint8Array, contentType: string, filename: string | null): StoredMedia {
    const mediaSid = `ME${String(++this.mediaSeq).padStart(32, '0')}`;
    this.media.set(mediaSid, bytes);
    return { mediaSid, contentType, filename, size: bytes.length };
  }

  /** The bytes of a media (tests: what the server received). */
  mediaContent(mediaSid: string): Uint8Array | undefined {
    return this.media.get(mediaSid);
  }

  /** The media and the conversation of the message that carries it. */
  findMedia(mediaSid: string): { media: StoredMedia; conversation: ChatConversationRef } | null {
    for (const message of this.store.messages) {
      const media = message.media?.find((m) => m.mediaSid === mediaSid);
      if (media) {
        const conversation = this.conversation(conversationSid(message.spId, message.memberId));
        return conversation ? { media, conversation } : null;
      }
    }
    return null;
  }

  /** A temporary content URL (an unguessable grant that expires, like Twilio's temporary URLs). */
  grantMediaUrl(mediaSid: string): { url: string; expiresAt: string } {
    const grant = globalThis.crypto.randomUUID();
    const expiresAt = this.now().getTime() + this.mediaUrlTtlMs;
    this.grants.set(grant, { mediaSid, expiresAt });
    return { url: `/sandbox/chat/media/${grant}`, expiresAt: new Date(expiresAt).toISOString() };
  }

  /** The content behind a grant while it is valid. */
  grantedContent(grant: string): { bytes: Uint8Array; contentType: string } | null {
    const record = this.grants.get(grant);
    if (!record || record.expiresAt <= this.now().getTime()) return null;
    const bytes = this.media.get(record.mediaSid);
    const found = this.findMedia(record.mediaSid);
    return bytes && found ? { bytes, contentType: found.media.contentType } : null;
  }

  // --- live events --------------------------------------------------------------------------

  /**
   * Sends `identity` every new message of its conversations; with `lastEventId`, first the
   * buffered ones it missed (the last 500 events are kept).
   */
  subscribe(identity: string, lastEventId: number | null, send: (event: ChatEventRecord) => void): () => void {
    if (lastEventId !== null) {
      for (const event of this.events) if (event.id !== null && event.id > lastEventId && event.participants.includes(identity)) send(event);
    }
    const subscriber = { identity, send };
    this.subscribers.add(subscriber);
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  /** The id of the last event so far (0 before any): where a new event stream starts. */
  get eventPosition(): number {
    return this.eventSeq;
  }

  /** Event streams open now (tests: closing a client ends its stream). */
  get openStreams(): number {
    return this.subscribers.size;
  }

  private broadcast(
    conversation: ChatConversationRef,
    what:
      | { kind: 'message'; message: ChatMessageWire }
      | { kind: 'read'; identity: string; lastReadMessageIndex: number | null }
      | { kind: 'typing'; identity: string; typing: boolean },
  ): void {
    const base = { conversationSid: conversation.sid, participants: conversation.participants };
    let event: ChatEventRecord;
    if (what.kind === 'typing') {
      event = { ...base, ...what, id: null };
    } else {
      event = { ...base, ...what, id: ++this.eventSeq };
      this.events.push(event);
      if (this.events.length > EVENT_BUFFER) this.events.splice(0, this.events.length - EVENT_BUFFER);
    }
    for (const subscriber of [...this.subscribers]) {
      if (!event.participants.includes(subscriber.identity)) continue;
      // Nobody is told about their own typing.
      if (event.kind === 'typing' && subscriber.identity === event.identity) continue;
      subscriber.send(event);
    }
  }
}

function toWire(message: StoredMessage, index: number): ChatMessageWire {
  return {
    index,
    sid: message.messageId,
    author: message.authorType === 'ServiceProvider' ? providerIdentity(message.authorId) : memberIdentity(message.authorId),
    body: message.text === '' ? null : message.text,
    dateCreated: message.createDate,
    media: (message.media ?? []).map((m) => ({ sid: m.mediaSid, contentType: m.contentType, filename: m.filename, size: m.size })),
    attributes: message.attributes ?? {},
  };
}
