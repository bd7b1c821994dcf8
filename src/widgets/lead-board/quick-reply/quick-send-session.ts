import { isMessageCenterCopy, isOwnMessage, type ChatClientFactory, type ChatMessage } from '../../../chat/chat-client';
import { openChat, type OpenedChat } from '../../../chat/open-chat';
import type { GatewayClient } from '../../../gateway/core/client';
import { newIdempotencyKey } from '../../../gateway/core/request-spec';
import { isGatewayError } from '../../../gateway/core/errors';
import { recordMessageContact } from '../../../gateway/lead/message-contact';
import { sendMessage } from '../../../gateway/message-center/calls';
import { chatSessionRequest } from '../../../gateway/message-center/chat-session';
import { threadMessage } from '../../../gateway/message-center/thread-adapter';

/**
 * The card's quick answer's one message, React-free: sent the way the thread sends a text
 * (docs/widgets/message-thread.md#message-state) — through the message center (POST /v1/messages,
 * `threadMessage`), one Idempotency-Key made at Send and reused by every retry and by the gateway
 * client's replay after a 511 challenge, so the gateway stores it once; the contact record after
 * it (`recordMessageContact`); its states the thread's: `sending` → `sent` (the message center
 * took it) → `delivered` (the conversation holds it: the chat, opened at Send with the thread's
 * `openChat`, shows it as the pro's own message), `failed` (Retry, or back online) or `held`
 * (a 511 challenge: sent once it is passed). The chat is only read: nothing is marked read; it
 * closes once the message is there. A chat that cannot open leaves the message `sent`.
 */

type QuickSendState = 'idle' | 'sending' | 'sent' | 'held' | 'failed' | 'delivered';

export interface QuickSendSnapshot {
  readonly state: QuickSendState;
  /** The text sent (being sent, or kept after a failure); '' before Send. */
  readonly text: string;
}

export interface QuickSendOptions {
  gateway: GatewayClient;
  /** The chat client factory (the host's `chat`, else the `chat-service` adapter; chat/chat-factory.ts). */
  factory: () => Promise<ChatClientFactory>;
  spId: number;
  /** The customer (the conversation's member). */
  userId: number;
  leadId: number;
  /** What the contact record needs from the lead; null skips it. */
  contactContext: () => { postalCode: string; categoryId: number } | null;
  campaignId: () => string | null;
  sessionStartTimestamp: number;
  /** The message center took it (once): the lead is answered. */
  onSent(messageId: string): void;
}

const IDLE: QuickSendSnapshot = { state: 'idle', text: '' };

export class QuickSendSession {
  private snapshot = IDLE;
  private readonly listeners = new Set<() => void>();
  private readonly lifetime = new AbortController();
  private idempotencyKey = '';
  private messageId: string | null = null;
  private confirmed: (() => void) | null = null;
  private adapter: Promise<ChatClientFactory> | null = null;
  private chat: OpenedChat | null = null;
  private watching = false;

  constructor(private readonly options: QuickSendOptions) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getSnapshot = (): QuickSendSnapshot => this.snapshot;

  private set(patch: Partial<QuickSendSnapshot>): void {
    if (this.lifetime.signal.aborted) return;
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  /** Sends `text` (once per session). Resolves once the message center took it — now, after a Retry or a replay — never before. */
  send(text: string): Promise<void> {
    const trimmed = text.trim();
    if (this.snapshot.state !== 'idle' || trimmed === '') return Promise.resolve();
    this.idempotencyKey = newIdempotencyKey();
    const done = new Promise<void>((resolve) => (this.confirmed = resolve));
    this.set({ state: 'sending', text: trimmed });
    // The chat adapter's code loads while the text is on its way (the thread does the same).
    this.adapter = Promise.resolve().then(() => this.options.factory());
    this.adapter.catch(() => undefined);
    void this.run();
    return done;
  }

  /** Sends a failed or held message again, same key: the gateway stores it once. */
  retry(): void {
    if (this.snapshot.state !== 'failed' && this.snapshot.state !== 'held') return;
    this.set({ state: 'sending' });
    void this.run();
  }

  private async run(): Promise<void> {
    const { gateway, spId, userId, leadId } = this.options;
    try {
      const { messageId } = await sendMessage(gateway, threadMessage({ text: this.snapshot.text, spId, userId, leadId }), {
        idempotencyKey: this.idempotencyKey,
        onReplayed: (outcome) => (outcome.ok ? this.took(outcome.value.messageId) : this.set({ state: 'failed' })),
      });
      this.took(messageId);
    } catch (error) {
      this.set({ state: isGatewayError(error) && error.kind === 'challenge' ? 'held' : 'failed' });
    }
  }

  /** The message center took it: `sent`, the lead answered and its contact recorded (once), then the conversation watched for it. */
  private took(messageId: string): void {
    if (this.messageId !== null) return;
    this.messageId = messageId;
    this.set({ state: 'sent' });
    this.confirmed?.();
    this.confirmed = null;
    const { gateway, spId, campaignId, sessionStartTimestamp, contactContext, onSent } = this.options;
    onSent(messageId);
    const context = contactContext();
    if (context) recordMessageContact(gateway, { spId, ...context, campaignId: campaignId(), sessionStartTimestamp }, { messageId });
    void this.watch();
  }

  /** Opens the chat (read only) and waits for the message to be in the conversation: `delivered`. */
  private async watch(): Promise<void> {
    if (this.watching || !this.adapter) return;
    this.watching = true;
    const { gateway, spId, userId, leadId } = this.options;
    const adapter = this.adapter;
    const signal = this.lifetime.signal;
    try {
      this.chat = await openChat({ gateway, factory: async (init) => (await adapter)(init), thread: chatSessionRequest(spId, userId, leadId), signal });
    } catch {
      // No chat (none given, or it could not open): the message stays 'sent'.
      return;
    }
    if (signal.aborted) return void this.chat.client.close();
    const { client, conversation } = this.chat;
    const landed = (message: ChatMessage) =>
      isOwnMessage(message, client.identity) && (message.sid === this.messageId || isMessageCenterCopy({ text: this.snapshot.text, afterIndex: -1 }, message));
    const arrived = (message: ChatMessage) => {
      if (this.snapshot.state !== 'sent' || !landed(message)) return;
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

  private unsubscribe: (() => void) | null = null;

  private closeChat(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    void this.chat?.client.close();
    this.chat = null;
  }

  close(): void {
    if (this.lifetime.signal.aborted) return;
    this.lifetime.abort();
    this.listeners.clear();
    this.closeChat();
  }
}
