import { CHAT_TYPING_TIMEOUT_MS, type ChatConversationWire } from '../gateway/message-center/chat-service-schemas';
import type { ChatMessage, ChatReadHorizon, ChatTypingEvent, Unsubscribe } from './chat-client';
import { Listeners } from './chat-support';

/** Messages kept for a conversation nobody listens to yet, at most (the service replays 500 events). */
const HELD_MAX = 500;

/**
 * What one conversation of the sandbox chat adapter (sandbox-chat-client.ts) hears from the event
 * stream: its messages, the other participants' read horizons (kept, so `getReadHorizons` asks
 * nothing) and typing — a typing signal ends by itself after CHAT_TYPING_TIMEOUT_MS (as Twilio's),
 * with a `typing: false` event or with the typist's message.
 *
 * The stream may open (and replay what came after the snapshots' cursors) before the thread
 * subscribes: messages are held until the first listener comes, then handed to it in order. An
 * event the snapshots already hold is dropped: a message whose event id is at most the newest
 * page's cursor (it is in that page, or older), a read horizon at most the conversation's.
 */
export class ConversationChannel {
  private readonly messageListeners = new Listeners<ChatMessage>();
  readonly horizons = new Listeners<ChatReadHorizon>();
  readonly typing = new Listeners<ChatTypingEvent>();
  readonly readHorizons = new Map<string, number | null>();
  private readonly typingTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Messages before the first listener; null once it came. */
  private held: ChatMessage[] | null = [];
  /** The event cursor of the conversation's answer (read horizons up to it are in it). */
  private conversationCursor: number | null = null;
  /** The event cursor of the newest page (messages up to it are in it, or older). */
  pageCursor: number | null = null;

  constructor(private readonly identity: string) {}

  /** The read horizons the conversation call gave (other participants only), and its cursor. */
  seed(info: ChatConversationWire): void {
    for (const horizon of info.readHorizons) if (horizon.identity !== this.identity) this.readHorizons.set(horizon.identity, horizon.lastReadMessageIndex);
    this.conversationCursor = info.eventId ?? null;
  }

  onMessage(listener: (message: ChatMessage) => void): Unsubscribe {
    const off = this.messageListeners.add(listener);
    if (this.held !== null) {
      const held = this.held;
      // Handed on after the subscriber's own call returned, in order, before anything newer.
      queueMicrotask(() => {
        this.held = null;
        for (const message of held) this.messageListeners.emit(message);
      });
    }
    return off;
  }

  message(message: ChatMessage, eventId: number | null): void {
    if (eventId !== null && this.pageCursor !== null && eventId <= this.pageCursor) return;
    if (message.author !== null && this.typingTimers.has(message.author)) this.setTyping(message.author, false);
    if (this.held === null) this.messageListeners.emit(message);
    else if (this.held.push(message) > HELD_MAX) this.held.shift();
  }

  horizon(identity: string, lastReadMessageIndex: number | null, eventId: number | null): void {
    if (eventId !== null && this.conversationCursor !== null && eventId <= this.conversationCursor) return;
    if (identity === this.identity || this.readHorizons.get(identity) === lastReadMessageIndex) return;
    this.readHorizons.set(identity, lastReadMessageIndex);
    this.horizons.emit({ identity, lastReadMessageIndex });
  }

  setTyping(identity: string, typing: boolean): void {
    if (identity === this.identity) return;
    const timer = this.typingTimers.get(identity);
    if (timer !== undefined) clearTimeout(timer);
    if (typing) {
      this.typingTimers.set(
        identity,
        setTimeout(() => this.setTyping(identity, false), CHAT_TYPING_TIMEOUT_MS),
      );
    } else {
      if (timer === undefined) return;
      this.typingTimers.delete(identity);
    }
    this.typing.emit({ identity, typing });
  }

  clear(): void {
    for (const timer of this.typingTimers.values()) clearTimeout(timer);
    this.typingTimers.clear();
    this.held = null;
    this.messageListeners.clear();
    this.horizons.clear();
    this.typing.clear();
  }
}
