import { isOwnMessage, type ChatClientFactory, type ChatMessage } from '../../../chat/chat-client';
import { MessageSender, type MessageSendOptions } from '../../../chat/message-sender';
import { openChat, type OpenedChat } from '../../../chat/open-chat';
import { isDeliveredBy, type PendingSend } from '../../../chat/pending-send';
import { chatSessionRequest } from '../../../gateway/message-center/chat-session';
import { ExternalStore } from '../../../ui/external-store';

/**
 * The card's quick answer's one message, React-free: sent by leadkit's one send path, the
 * thread's (chat/message-sender.ts: the message center, one Idempotency-Key reused by every
 * retry and by the replay after a 511 challenge, the contact record and `onSent` once), with the
 * thread's states: `sending` → `sent` (the message center took it) → `delivered` (the
 * conversation holds it: the chat, opened once it was taken with the thread's `openChat`, shows
 * it as the pro's own message), `failed` (Retry, or back online) or `held` (a 511 challenge:
 * sent once it is passed). The chat is only read: nothing is marked read; it closes once the
 * message is there. With no chat adapter (npm's leadkit, no `chat` given) no chat is opened —
 * the gateway is not asked for a chat session — and the message stays `sent`, as it does when
 * the chat cannot open.
 */

type QuickSendState = 'idle' | PendingSend['state'] | 'delivered';

export interface QuickSendSnapshot {
  readonly state: QuickSendState;
  /** The text sent (being sent, or kept after a failure); '' before Send. */
  readonly text: string;
}

export interface QuickSendOptions extends MessageSendOptions {
  /** The chat client factory (chat/chat-factory.ts), or null when the host has no chat adapter: no chat is opened. */
  factory: (() => Promise<ChatClientFactory>) | null;
  leadId: number;
}

/** Before Send. */
export const QUICK_SEND_IDLE: QuickSendSnapshot = { state: 'idle', text: '' };

export class QuickSendSession extends ExternalStore<QuickSendSnapshot> {
  /** Its one send, once Send was pressed (the sender keeps it here). */
  private pending: readonly PendingSend[] = [];
  private readonly sender: MessageSender;
  private adapter: Promise<ChatClientFactory> | null = null;
  private chat: OpenedChat | null = null;
  private unsubscribe: (() => void) | null = null;
  private watching = false;

  constructor(private readonly options: QuickSendOptions) {
    super(QUICK_SEND_IDLE);
    this.sender = new MessageSender(
      options,
      {
        get: () => this.pending,
        set: (next) => this.changed(next),
        newestIndex: () => -1,
        // The conversation is watched once the message was taken (`watch`).
        holds: () => false,
        // A text only.
        conversation: () => null,
      },
      this.lifetime.signal,
    );
  }

  /** Sends `text` (once per session). Resolves once the message center took it — now, after a Retry or a replay — never before. */
  send(text: string): Promise<void> {
    if (this.snapshot.state !== 'idle' || text.trim() === '') return Promise.resolve();
    // The chat adapter's code loads while the text is on its way (the thread does the same).
    const { factory } = this.options;
    if (factory) {
      this.adapter = Promise.resolve().then(factory);
      this.adapter.catch(() => undefined);
    }
    return this.sender.send({ text });
  }

  /** Sends a failed or held message again, same key: the gateway stores it once. */
  retry(): void {
    const [sent] = this.pending;
    if (sent) this.sender.retry(sent.id);
  }

  /** The send moved on: its state shown; once taken, the conversation watched for it. */
  private changed(next: readonly PendingSend[]): void {
    this.pending = next;
    const [sent] = next;
    if (!sent) return;
    this.set({ state: sent.state, text: sent.text });
    if (sent.state === 'sent') void this.watch(sent);
  }

  /**
   * Opens the chat (read only) once its adapter is here, and waits for the message to be in the
   * conversation: `delivered`. No adapter, or one that cannot load: no chat session is asked for.
   */
  private async watch(sent: PendingSend): Promise<void> {
    if (this.watching || !this.adapter) return;
    this.watching = true;
    const { gateway, spId, userId, leadId } = this.options;
    const signal = this.lifetime.signal;
    try {
      const factory = await this.adapter;
      if (signal.aborted) return;
      this.chat = await openChat({ gateway, factory, thread: chatSessionRequest(spId, userId, leadId), signal });
    } catch {
      // The chat could not open: the message stays 'sent'.
      return;
    }
    if (signal.aborted) return void this.chat.client.close();
    const { client, conversation } = this.chat;
    const arrived = (message: ChatMessage) => {
      if (this.snapshot.state !== 'sent' || !isOwnMessage(message, client.identity) || !isDeliveredBy(sent, message)) return;
      this.set({ state: 'delivered' });
      this.closeChat();
    };
    this.unsubscribe = conversation.onMessageAdded(arrived);
    try {
      const page = await conversation.getMessages({ pageSize: 30, signal });
      for (const message of page.messages) arrived(message);
    } catch {
      // Live messages still say it.
    }
  }

  private closeChat(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    void this.chat?.client.close();
    this.chat = null;
  }

  close(): void {
    if (this.end()) this.closeChat();
  }
}
