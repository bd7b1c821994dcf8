import { isChatError, isOwnMessage, type ChatClientFactory, type ChatConversation, type ChatMessage, type ChatReadHorizon } from '../../../chat/chat-client';
import { chatTimeLimitMs, withinTimeLimit } from '../../../chat/chat-support';
import { MessageSender, type MessageDraft, type MessageSendOptions } from '../../../chat/message-sender';
import type { OpenedChat } from '../../../chat/open-chat';
import { isDeliveredBy } from '../../../chat/pending-send';
import { markThreadRead } from '../../../gateway/message-center/calls';
import { ExternalStore } from '../../../ui/external-store';
import type { ThreadFirstPage } from './thread-first-page';
import { giveUpOpening, openThreadChat, THREAD_PAGE_SIZE, type StartedOpening } from './thread-opening';
import {
  firstPageSnapshot,
  furthest,
  INITIAL_SNAPSHOT,
  mergeMessages,
  shownConnection,
  threadFailure,
  undelivered,
  unreadAfterOf,
  type ThreadSnapshot,
} from './thread-snapshot';

/**
 * One open message thread, React-free (docs/widgets/message-thread.md#opening): opens the
 * chat (session call, client, conversation), keeps the messages by index, loads older pages,
 * sends through leadkit's one send path (chat/message-sender.ts: a text through the message
 * center with one Idempotency-Key per message, reused on Retry, on a 511 replay and once back
 * online; a file through the chat), and tells the list what to show through `subscribe` /
 * `getSnapshot` (an ExternalStore, ui/external-store.ts).
 *
 * Nothing typed is lost: a send that fails stays in `pending` as `failed` (with its text or
 * file) until Retry delivers it; a 511 leaves it `held` until the gateway client replays it
 * after the challenge. A pending send leaves the list once the conversation holds its message
 * (matched by the message center's id or the chat index; by own author and text otherwise).
 *
 * What it shows, each own message's state included, and the pure rules behind it: thread-snapshot.ts.
 */

/** A member's new message is marked read this long after it arrived (one call for a burst). */
const MARK_READ_DELAY_MS = 1500;
/**
 * While the provider types, at most one typing signal per this many ms (one per 5 s).
 * @internal Exported for tests.
 */
export const TYPING_SIGNAL_INTERVAL_MS = 5000;

/** Who sends and what follows a send (chat/message-sender.ts), and what the chat opens with. */
export interface ThreadSessionOptions extends MessageSendOptions {
  /** The chat client factory (the host's, or the default adapter, loaded lazily). */
  factory: () => Promise<ChatClientFactory>;
  /** A server's first page of this thread: shown from the start, while the chat opens. */
  firstPage?: ThreadFirstPage | null;
  /** The chat's opening, already under way for these options (its element started it: thread-opening.ts), taken instead of opening. */
  started?: StartedOpening | null;
  markReadDelayMs?: number;
}

export class ThreadSession extends ExternalStore<ThreadSnapshot> {
  private chat: OpenedChat | null = null;
  private readonly unsubscribes: (() => void)[] = [];
  /** `before` indexes already asked for (an older page is fetched once). */
  private readonly fetchedBefore = new Set<number>();
  /** Sends what the composer holds; its sends are this snapshot's `pending`. */
  private readonly sender: MessageSender;
  private markReadTimer: ReturnType<typeof setTimeout> | null = null;
  private opened = false;
  /** The recent page (the newest messages) has come: older pages go before it. */
  private recentLoaded = false;
  /** The other participants' read horizons, by identity. */
  private readonly horizons = new Map<string, number | null>();
  /** The other participants typing now. */
  private readonly typists = new Set<string>();
  /** Whether "is typing" was said since the customer's last message (said once per reply). */
  private typingAnnounced = false;
  /** When this side's last typing signal went (ms since epoch), for the throttle. */
  private lastTypingSignal = Number.NEGATIVE_INFINITY;

  /** The opening given with the options, until `open` takes it. */
  private started: StartedOpening | null;

  constructor(private readonly options: ThreadSessionOptions) {
    super(options.firstPage ? firstPageSnapshot(options.firstPage) : INITIAL_SNAPSHOT);
    this.started = options.started ?? null;
    this.sender = new MessageSender(
      options,
      {
        get: () => this.snapshot.pending,
        set: (pending) => this.set({ pending }),
        newestIndex: () => this.snapshot.messages.at(-1)?.index ?? -1,
        holds: (sent) => this.snapshot.messages.some((message) => isOwnMessage(message, this.snapshot.identity ?? '') && isDeliveredBy(sent, message)),
        conversation: () => this.conversation,
      },
      this.lifetime.signal,
    );
  }

  private get conversation(): ChatConversation | null {
    return this.chat?.conversation ?? null;
  }

  // --- open -------------------------------------------------------------------------------

  /**
   * Opens the chat, then loads the recent messages and marks the thread read. Once (`reopen`
   * after a failed opening). Only the chat's start can fail the thread ("error state if the
   * chat client fails to initialize"): once the chat is open the thread is `ready` whatever the
   * first page of history does — a page that failed shows in the list with 'Try again'
   * (`olderFailed`, `loadOlder`) instead of ending the chat with the unavailable text and a
   * disabled composer (one 5xx on that page did so under a faulty network).
   */
  async open(): Promise<void> {
    if (this.opened) return;
    this.opened = true;
    const { gateway, factory, spId, userId, leadId } = this.options;
    const signal = this.lifetime.signal;
    // An opening its element started as it connected is this one (once: 'Try again' opens anew);
    // closing the session gives it up.
    const started = this.started;
    this.started = null;
    if (started) signal.addEventListener('abort', () => started.abort(), { once: true });
    let opened: OpenedChat;
    try {
      opened = await (started?.opened ?? openThreadChat({ gateway, factory, spId, userId, leadId, signal }));
    } catch (error) {
      if (this.ended || (isChatError(error) && error.kind === 'aborted')) return;
      this.set({ status: 'failed', failure: threadFailure(error), firstPage: false });
      return;
    }
    if (this.ended) {
      await opened.client.close();
      return;
    }
    this.chat = opened;
    const { conversation, client } = opened;
    // Known from now on: a text sent while the first page comes is told from its own stored copy.
    this.set({ identity: client.identity });
    // This side's read horizon before the thread marks everything read: what was unread on opening.
    const readBefore = conversation.lastReadMessageIndex ?? null;
    // Subscribed before the first page: a message written meanwhile is not missed.
    this.unsubscribes.push(conversation.onMessageAdded((message) => this.received(message)));
    this.unsubscribes.push(client.onConnectionStateChange((next) => this.set({ connection: shownConnection(this.snapshot.connection, next) })));
    if (conversation.onReadHorizonChange) this.unsubscribes.push(conversation.onReadHorizonChange((horizon) => this.horizonMoved(horizon)));
    if (conversation.onTyping) this.unsubscribes.push(conversation.onTyping(({ identity, typing }) => this.typingChanged(identity, typing)));
    // The customer's read horizon beside the first page (read state is not worth failing the thread for).
    // Both within the gateway's time limit (docs/gateway.md#time-limit), whatever the adapter does.
    const timeoutMs = chatTimeLimitMs(gateway);
    const horizons = conversation.getReadHorizons
      ? withinTimeLimit('chat.getReadHorizons', timeoutMs, signal, (limited) => conversation.getReadHorizons!({ signal: limited })).catch(() => [])
      : Promise.resolve([]);
    const [page, initialHorizons] = await Promise.all([this.page(conversation, undefined).catch(() => null), horizons]);
    if (this.ended) return;
    // An event that came meanwhile is newer than the answer: it stays.
    for (const { identity, lastReadMessageIndex } of initialHorizons) if (!this.horizons.has(identity)) this.horizons.set(identity, lastReadMessageIndex);
    const opening = {
      status: 'ready',
      firstPage: false,
      identity: client.identity,
      member: opened.session.member ?? null,
      connection: shownConnection(this.snapshot.connection, client.connectionState),
      readHorizon: furthest(this.horizons),
    } as const;
    if (!page) {
      // The chat is open (live messages come, sends go); the recent page is asked again by the
      // list's 'Try again', and the thread is marked read once it has come.
      this.set({ ...opening, hasOlder: true, olderFailed: true, unreadAfter: null });
      return;
    }
    this.recentLoaded = true;
    const messages = mergeMessages(this.snapshot.messages, page.messages);
    const unreadAfter = unreadAfterOf(messages, client.identity, readBefore);
    this.set({
      ...opening,
      messages,
      pending: undelivered(this.snapshot.pending, messages, client.identity),
      hasOlder: page.hasOlder && (messages[0]?.index ?? 0) > 0,
      unreadAfter,
    });
    this.markRead();
  }

  /**
   * 'Try again' on a chat that could not open: opens it again in this session, so what was
   * written meanwhile (sent, failed with its Retry, or sending) stays as it is.
   */
  reopen(): void {
    if (this.ended || this.snapshot.status !== 'failed') return;
    this.opened = false;
    this.set({ status: 'loading', failure: null });
    void this.open();
  }

  /** The conversation read (message center) and all its messages read (chat). Errors are not the user's concern. */
  private markRead(): void {
    const { gateway, spId, userId } = this.options;
    void markThreadRead(gateway, { serviceProviderId: spId, userId, read: true }, { signal: this.lifetime.signal }).catch(() => undefined);
    void this.conversation?.markAllRead().catch(() => undefined);
  }

  private received(message: ChatMessage): void {
    const identity = this.chat?.client.identity ?? '';
    const own = isOwnMessage(message, identity);
    const messages = mergeMessages(this.snapshot.messages, [message]);
    const pending = own ? this.snapshot.pending.filter((p) => !isDeliveredBy(p, message)) : this.snapshot.pending;
    // Their message ends their typing (the adapters say so too; a missed end must not linger).
    if (!own && message.author !== null) this.typists.delete(message.author);
    if (!own) this.typingAnnounced = false;
    this.set({ messages, pending, ...(own ? {} : { lastIncoming: message, typing: this.typists.size > 0, announcement: { kind: 'message', message } }) });
    if (!own && this.snapshot.status === 'ready') {
      // The provider has the thread open: the member's new messages are read.
      if (this.markReadTimer) clearTimeout(this.markReadTimer);
      this.markReadTimer = setTimeout(() => {
        this.markReadTimer = null;
        this.markRead();
      }, this.options.markReadDelayMs ?? MARK_READ_DELAY_MS);
    }
  }

  private horizonMoved({ identity, lastReadMessageIndex }: ChatReadHorizon): void {
    this.horizons.set(identity, lastReadMessageIndex);
    const readHorizon = furthest(this.horizons);
    // Before the first page the snapshot is set with it (open).
    if (this.snapshot.status === 'ready' && readHorizon !== this.snapshot.readHorizon) this.set({ readHorizon });
  }

  private typingChanged(identity: string, typing: boolean): void {
    if (typing) this.typists.add(identity);
    else this.typists.delete(identity);
    const now = this.typists.size > 0;
    if (now === this.snapshot.typing) return;
    const announce = now && !this.typingAnnounced;
    if (announce) this.typingAnnounced = true;
    this.set({ typing: now, ...(announce ? { announcement: { kind: 'typing' } as const } : {}) });
  }

  /**
   * The provider is typing (the composer's text changed): tells the customer, at most once per
   * TYPING_SIGNAL_INTERVAL_MS — their side shows it for a few seconds after each signal. Its
   * failure is nobody's concern.
   */
  typing(): void {
    const conversation = this.conversation;
    if (this.snapshot.status !== 'ready' || !conversation?.typing) return;
    const now = Date.now();
    if (now - this.lastTypingSignal < TYPING_SIGNAL_INTERVAL_MS) return;
    this.lastTypingSignal = now;
    void conversation.typing().catch(() => undefined);
  }

  // --- older pages --------------------------------------------------------------------------

  /** A page of messages (the newest, or those before `before`) within the gateway's time limit, whatever the adapter does. */
  private page(conversation: ChatConversation, before: number | undefined) {
    return withinTimeLimit('chat.getMessages', chatTimeLimitMs(this.options.gateway), this.lifetime.signal, (signal) =>
      conversation.getMessages({ pageSize: THREAD_PAGE_SIZE, before, signal }),
    );
  }

  /**
   * Loads the page before the earliest message, while its index is nonzero and not already
   * fetched — or the recent page, when the thread opened without it (it failed) and no
   * message has come since.
   */
  loadOlder(): void {
    const { status, loadingOlder, hasOlder, messages, identity } = this.snapshot;
    const conversation = this.conversation;
    const earliest = messages[0]?.index;
    if (status !== 'ready' || loadingOlder || !hasOlder || !conversation || earliest === 0) return;
    if (earliest === undefined && this.recentLoaded) return;
    const key = earliest ?? Number.POSITIVE_INFINITY;
    if (this.fetchedBefore.has(key)) return;
    this.fetchedBefore.add(key);
    this.set({ loadingOlder: true, olderFailed: false });
    this.page(conversation, earliest).then(
      (page) => {
        const merged = mergeMessages(this.snapshot.messages, page.messages);
        this.set({
          messages: merged,
          pending: undelivered(this.snapshot.pending, merged, identity ?? ''),
          loadingOlder: false,
          hasOlder: page.hasOlder && (merged[0]?.index ?? 0) > 0,
        });
        if (!this.recentLoaded) {
          // The thread opened without its recent page: it is read now that it is on screen.
          this.recentLoaded = true;
          this.markRead();
        }
      },
      () => {
        // May be asked for again: the list's 'Try again' (a scroll does not ask after a failure).
        this.fetchedBefore.delete(key);
        this.set({ loadingOlder: false, olderFailed: true });
      },
    );
  }

  // --- sending ------------------------------------------------------------------------------

  /**
   * Sends what the composer holds (chat/message-sender.ts: the text first, then the file).
   * Resolves once the text is taken — at once, after a replay or after a later Retry — and
   * never while it is not (the composer keeps its draft until then).
   */
  send(draft: MessageDraft): Promise<void> {
    // A send is the end of this burst of typing: the next keystroke may signal again at once.
    this.lastTypingSignal = Number.NEGATIVE_INFINITY;
    return this.sender.send(draft);
  }

  /** Sends a failed (or held) message again with its own idempotency key. */
  retry(id: string): void {
    this.sender.retry(id);
  }

  /** Drops a failed file (the user's choice; a text is never dropped). */
  discard(id: string): void {
    this.sender.discard(id);
  }

  // --- close --------------------------------------------------------------------------------

  close(): void {
    if (!this.end()) return;
    if (this.started) giveUpOpening(this.started); // given, and never opened
    this.started = null;
    if (this.markReadTimer) clearTimeout(this.markReadTimer);
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
    void this.chat?.client.close();
    this.chat = null;
  }
}
