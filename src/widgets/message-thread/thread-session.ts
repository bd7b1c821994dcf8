import { isChatError, isOwnMessage, isRetryableChatError, type ChatClientFactory, type ChatConnectionState, type ChatConversation, type ChatMessage } from '../../chat/chat-client';
import { openChat, type OpenedChat } from '../../chat/open-chat';
import { CONTACT_PLACEMENT_UNKNOWN, CONTACT_TYPES } from '../../domain/contact-type';
import { newIdempotencyKey, type GatewayClient } from '../../gateway/client';
import { isGatewayError } from '../../gateway/errors';
import { createContact } from '../../gateway/lead/calls';
import { markThreadRead, sendMessage } from '../../gateway/message-center/calls';
import type { ChatSession } from '../../gateway/message-center/schemas';
import { chatThread } from './thread-atoms';

/**
 * One open message thread, React-free (spec §4 "Message thread", §5 message send): opens the
 * chat (session call, client, conversation), keeps the messages by index, loads older pages,
 * sends text through the message center (POST /v1/messages, one Idempotency-Key per message,
 * reused on Retry and on a 511 replay) and files through the chat, and tells the list what to
 * show through `subscribe` / `getSnapshot` (for `useSyncExternalStore`).
 *
 * Nothing typed is lost: a send that fails stays in `pending` as `failed` (with its text or
 * file) until Retry delivers it; a 511 leaves it `held` until the gateway client replays it
 * after the challenge. A pending send leaves the list once the conversation holds its message
 * (matched by the message center's id or the chat index; by own author and text otherwise).
 */

/** Messages per page (recent messages on open, then each older page). */
export const THREAD_PAGE_SIZE = 30;
/** Tracking field of the sends (where the message was written; never customer data). */
export const THREAD_PAGE_NAME = 'SP : Message Thread';
/** A member's new message is marked read this long after it arrived (one call for a burst). */
export const MARK_READ_DELAY_MS = 1500;

export type PendingState = 'sending' | 'sent' | 'failed' | 'held';

export interface PendingSend {
  readonly id: string;
  readonly kind: 'text' | 'media';
  /** The text ('' for a file). */
  readonly text: string;
  readonly file: Blob | null;
  readonly fileName: string | null;
  /** The type the file is sent as (its content's: domain/attachment). */
  readonly contentType: string | null;
  /** Made once for this message, reused by every retry and replay. */
  readonly idempotencyKey: string;
  readonly state: PendingState;
  readonly progress: { readonly loaded: number; readonly total: number } | null;
  /** The newest index known when it was written: its own message comes after. */
  readonly afterIndex: number;
  /** The message center's id once a text send succeeded. */
  readonly messageId: string | null;
  /** The chat index once a file send succeeded. */
  readonly index: number | null;
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
  readonly connection: ChatConnectionState | null;
  /** The member's name from the chat session (threads without a lead). */
  readonly member: ChatSession['member'] | null;
  /** The newest message from the other side that arrived live (for announcements). */
  readonly lastIncoming: ChatMessage | null;
  /** Why the chat could not open (status `failed`): reported to the host as `lk-error`. */
  readonly failure: ThreadFailure | null;
}

export interface ThreadFailure {
  /** `chat-` + the ChatError kind (`chat-sdk-missing`, `chat-unavailable`…), or `chat-unknown`. */
  readonly kind: string;
  readonly status: number | null;
  /** What a developer can do about it (the ChatError's hint), if anything. */
  readonly message: string | null;
  /** Whether opening again may help (the thread offers 'Try again'): `isRetryableChatError`. */
  readonly retryable: boolean;
}

/** The failure a thread reports for an error that kept its chat from opening. */
export function threadFailure(error: unknown): ThreadFailure {
  if (!isChatError(error)) return { kind: 'chat-unknown', status: null, message: null, retryable: true };
  return { kind: `chat-${error.kind}`, status: error.status, message: error.hint, retryable: isRetryableChatError(error) };
}

export interface ContactContext {
  readonly postalCode: string;
  readonly categoryId: number;
}

export interface ThreadSessionOptions {
  gateway: GatewayClient;
  /** The chat client factory (the host's, or the default adapter, loaded lazily). */
  factory: () => Promise<ChatClientFactory>;
  spId: number;
  userId: number;
  leadId: number | null;
  /** What the contact-creation call needs from the lead; null skips the call (no lead). */
  contactContext: () => ContactContext | null;
  /** The campaign id from the host page's cookie, or null. */
  campaignId: () => string | null;
  /** When the provider's session on this page started (ms since epoch). */
  sessionStartTimestamp: number;
  /** A text was sent (the message center's id): for the `lk-message-send` event. */
  onSent?: (messageId: string) => void;
  markReadDelayMs?: number;
}

const INITIAL: ThreadSnapshot = {
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
  failure: null,
};

let pendingSeq = 0;

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

export class ThreadSession {
  private snapshot: ThreadSnapshot = INITIAL;
  private readonly listeners = new Set<() => void>();
  private readonly lifetime = new AbortController();
  private chat: OpenedChat | null = null;
  private readonly unsubscribes: (() => void)[] = [];
  /** `before` indexes already asked for (an older page is fetched once). */
  private readonly fetchedBefore = new Set<number>();
  /** Pending sends whose contact-creation call was made (once per message). */
  private readonly contacted = new Set<string>();
  private markReadTimer: ReturnType<typeof setTimeout> | null = null;
  private opened = false;

  constructor(private readonly options: ThreadSessionOptions) {}

  // --- store ------------------------------------------------------------------------------

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getSnapshot = (): ThreadSnapshot => this.snapshot;

  private set(patch: Partial<ThreadSnapshot>): void {
    if (this.closed) return;
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  private get closed(): boolean {
    return this.lifetime.signal.aborted;
  }

  private get conversation(): ChatConversation | null {
    return this.chat?.conversation ?? null;
  }

  // --- open -------------------------------------------------------------------------------

  /** Opens the chat, loads the recent messages and marks the thread read. Once. */
  async open(): Promise<void> {
    if (this.opened) return;
    this.opened = true;
    const { gateway, spId, userId, leadId } = this.options;
    const signal = this.lifetime.signal;
    // The adapter's code loads while the gateway is asked for the session (not one after the other).
    // A factory that throws instead of rejecting fails the thread the same way (inside the promise).
    const adapter = Promise.resolve().then(() => this.options.factory());
    adapter.catch(() => undefined); // its failure is openChat's, below
    try {
      const opened = await openChat({
        gateway,
        factory: async (init) => (await adapter)(init),
        thread: chatThread(spId, userId, leadId),
        signal,
      });
      if (this.closed) {
        await opened.client.close();
        return;
      }
      this.chat = opened;
      // Subscribed before the first page: a message written meanwhile is not missed.
      this.unsubscribes.push(opened.conversation.onMessageAdded((message) => this.received(message)));
      this.unsubscribes.push(opened.client.onConnectionStateChange((connection) => this.set({ connection })));
      const page = await opened.conversation.getMessages({ pageSize: THREAD_PAGE_SIZE, signal });
      const messages = mergeMessages(this.snapshot.messages, page.messages);
      this.set({
        status: 'ready',
        identity: opened.client.identity,
        member: opened.session.member ?? null,
        connection: opened.client.connectionState,
        messages,
        hasOlder: page.hasOlder && (messages[0]?.index ?? 0) > 0,
      });
      this.markRead();
    } catch (error) {
      if (this.closed || (isChatError(error) && error.kind === 'aborted')) return;
      this.set({ status: 'failed', failure: threadFailure(error) });
    }
  }

  /** §4: the conversation read (message center) and all its messages read (chat). Errors are not the user's concern. */
  private markRead(): void {
    const { gateway, spId, userId } = this.options;
    void markThreadRead(gateway, { serviceProviderId: spId, userId, read: true }, { signal: this.lifetime.signal }).catch(() => undefined);
    void this.conversation?.markAllRead().catch(() => undefined);
  }

  private received(message: ChatMessage): void {
    const identity = this.chat?.client.identity ?? '';
    const own = isOwnMessage(message, identity);
    const messages = mergeMessages(this.snapshot.messages, [message]);
    const pending = own ? this.snapshot.pending.filter((p) => !this.isDeliveredBy(p, message)) : this.snapshot.pending;
    this.set({ messages, pending, ...(own ? {} : { lastIncoming: message }) });
    if (!own && this.snapshot.status === 'ready') {
      // The provider has the thread open: the member's new messages are read.
      if (this.markReadTimer) clearTimeout(this.markReadTimer);
      this.markReadTimer = setTimeout(() => {
        this.markReadTimer = null;
        this.markRead();
      }, this.options.markReadDelayMs ?? MARK_READ_DELAY_MS);
    }
  }

  /** Whether a sent (confirmed) pending send is this message of the conversation. */
  private isDeliveredBy(pending: PendingSend, message: ChatMessage): boolean {
    if (pending.state !== 'sent') return false;
    if (pending.kind === 'media') return pending.index === message.index;
    if (pending.messageId !== null && pending.messageId === message.sid) return true;
    // A chat service whose ids differ from the message center's: the own message with this text, written after.
    return message.index > pending.afterIndex && message.body === pending.text;
  }

  // --- older pages --------------------------------------------------------------------------

  /** Loads the page before the earliest message, while its index is nonzero and not already fetched (§4). */
  loadOlder(): void {
    const { status, loadingOlder, hasOlder, messages } = this.snapshot;
    const conversation = this.conversation;
    const earliest = messages[0]?.index;
    if (status !== 'ready' || loadingOlder || !hasOlder || !conversation || earliest === undefined || earliest === 0) return;
    if (this.fetchedBefore.has(earliest)) return;
    this.fetchedBefore.add(earliest);
    this.set({ loadingOlder: true, olderFailed: false });
    conversation.getMessages({ pageSize: THREAD_PAGE_SIZE, before: earliest, signal: this.lifetime.signal }).then(
      (page) => {
        const merged = mergeMessages(this.snapshot.messages, page.messages);
        this.set({ messages: merged, loadingOlder: false, hasOlder: page.hasOlder && (merged[0]?.index ?? 0) > 0 });
      },
      () => {
        // May be asked for again (the 'Try again' button, or the next scroll).
        this.fetchedBefore.delete(earliest);
        this.set({ loadingOlder: false, olderFailed: true });
      },
    );
  }

  // --- sending ------------------------------------------------------------------------------

  /**
   * Sends what the composer holds: the text first, then the file (§5). Both show at once as
   * pending; the file goes when the text has settled.
   */
  send({ text, file, contentType }: { text?: string; file?: File | Blob | null; contentType?: string | null }): void {
    const trimmed = text?.trim() ?? '';
    const textSend = trimmed ? this.addPending({ kind: 'text', text: trimmed }) : null;
    const fileSend = file ? this.addPending({ kind: 'media', file, contentType: contentType ?? file.type }) : null;
    // A photo sent with a text is one contact with it (the text's); a photo alone is its own.
    if (textSend && fileSend) this.contacted.add(fileSend.id);
    void (async () => {
      if (textSend) await this.runText(textSend.id);
      if (fileSend) await this.runMedia(fileSend.id);
    })();
  }

  private addPending(init: { kind: 'text'; text: string } | { kind: 'media'; file: Blob; contentType: string }): PendingSend {
    const pending: PendingSend = {
      id: `pending-${++pendingSeq}`,
      kind: init.kind,
      text: init.kind === 'text' ? init.text : '',
      file: init.kind === 'media' ? init.file : null,
      fileName: init.kind === 'media' ? ((init.file as Partial<File>).name ?? null) : null,
      contentType: init.kind === 'media' ? init.contentType : null,
      idempotencyKey: newIdempotencyKey(),
      state: 'sending',
      progress: init.kind === 'media' ? { loaded: 0, total: init.file.size } : null,
      afterIndex: this.snapshot.messages.at(-1)?.index ?? -1,
      messageId: null,
      index: null,
    };
    this.set({ pending: [...this.snapshot.pending, pending] });
    return pending;
  }

  private find(id: string): PendingSend | undefined {
    return this.snapshot.pending.find((p) => p.id === id);
  }

  private update(id: string, patch: Partial<PendingSend>): void {
    if (!this.find(id)) return;
    this.set({ pending: this.snapshot.pending.map((p) => (p.id === id ? { ...p, ...patch } : p)) });
  }

  /** A confirmed send: it leaves the list when (or once) the conversation holds its message. */
  private confirm(id: string, patch: Pick<PendingSend, 'messageId'> | Pick<PendingSend, 'index'>): void {
    const current = this.find(id);
    if (!current) return;
    const sent: PendingSend = { ...current, ...patch, state: 'sent', progress: current.progress && { loaded: current.progress.total, total: current.progress.total } };
    const delivered = this.snapshot.messages.some((message) => isOwnMessage(message, this.snapshot.identity ?? '') && this.isDeliveredBy(sent, message));
    this.set({ pending: delivered ? this.snapshot.pending.filter((p) => p.id !== id) : this.snapshot.pending.map((p) => (p.id === id ? sent : p)) });
  }

  private async runText(id: string): Promise<void> {
    const pending = this.find(id);
    if (!pending) return;
    const { gateway, spId, userId, leadId } = this.options;
    const delivered = (messageId: string) => {
      this.confirm(id, { messageId });
      this.afterSend(id, messageId);
    };
    try {
      const { messageId } = await sendMessage(
        gateway,
        {
          text: pending.text,
          senderEntityId: spId,
          receiverEntityId: userId,
          ...(leadId !== null ? { leadId } : {}),
          pageName: THREAD_PAGE_NAME,
          contactPlacementType: CONTACT_PLACEMENT_UNKNOWN,
        },
        {
          idempotencyKey: pending.idempotencyKey,
          // After a passed challenge the gateway client sends it once more, same key (§4).
          onReplayed: (outcome) => (outcome.ok ? delivered(outcome.value.messageId) : this.update(id, { state: 'failed' })),
        },
      );
      delivered(messageId);
    } catch (error) {
      this.update(id, { state: isGatewayError(error) && error.kind === 'challenge' ? 'held' : 'failed' });
    }
  }

  /** After a successful text send: the contact-creation call (§7; its errors are swallowed) and the event. Once per message. */
  private afterSend(id: string, messageId: string): void {
    if (this.contacted.has(id)) return;
    this.contacted.add(id);
    this.options.onSent?.(messageId);
    this.createContactFor(messageId);
  }

  /**
   * §7 contact creation for a sent message: a text's message-center id, or for a photo sent
   * alone (it has none) its chat message, `<conversation sid>:<index>`. Needs the lead (its
   * postal code and category); errors are swallowed.
   */
  private createContactFor(messageId: string): void {
    const context = this.options.contactContext();
    if (!context) return;
    void createContact(this.options.gateway, {
      postalCode: context.postalCode,
      payloads: [{ contactPlacementType: CONTACT_PLACEMENT_UNKNOWN, serviceProviderIds: [this.options.spId] }],
      campaignId: this.options.campaignId(),
      sessionStartTimestamp: this.options.sessionStartTimestamp,
      categoryId: context.categoryId,
      contactType: CONTACT_TYPES.MessageSent,
      entityId: messageId,
      entityType: 'message',
    }).catch(() => undefined);
  }

  private async runMedia(id: string): Promise<void> {
    const pending = this.find(id);
    const conversation = this.conversation;
    if (!pending?.file) return;
    if (!conversation) {
      this.update(id, { state: 'failed' });
      return;
    }
    try {
      const sent = await conversation.sendMedia(pending.file, {
        filename: pending.fileName ?? undefined,
        contentType: pending.contentType ?? undefined,
        idempotencyKey: pending.idempotencyKey,
        onProgress: (loaded, total) => this.update(id, { progress: { loaded, total } }),
        signal: this.lifetime.signal,
      });
      this.confirm(id, { index: sent.index });
      if (!this.contacted.has(id)) {
        this.contacted.add(id);
        this.createContactFor(`${conversation.sid}:${sent.index}`);
      }
    } catch {
      this.update(id, { state: 'failed' });
    }
  }

  /** Sends a failed (or held) message again with its own idempotency key. */
  retry(id: string): void {
    const pending = this.find(id);
    if (!pending || (pending.state !== 'failed' && pending.state !== 'held')) return;
    this.update(id, { state: 'sending', progress: pending.progress && { loaded: 0, total: pending.progress.total } });
    void (pending.kind === 'text' ? this.runText(id) : this.runMedia(id));
  }

  /** Drops a failed file (the user's choice; a text is never dropped). */
  discard(id: string): void {
    const pending = this.find(id);
    if (!pending || pending.kind !== 'media' || pending.state !== 'failed') return;
    this.set({ pending: this.snapshot.pending.filter((p) => p.id !== id) });
  }

  // --- close --------------------------------------------------------------------------------

  close(): void {
    if (this.closed) return;
    this.lifetime.abort();
    if (this.markReadTimer) clearTimeout(this.markReadTimer);
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
    this.listeners.clear();
    void this.chat?.client.close();
    this.chat = null;
  }
}
