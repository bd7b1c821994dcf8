import { rememberAnswered } from '../domain/answered-leads';
import { browserConnection, type ConnectionSource } from '../domain/connection';
import type { GatewayClient } from '../gateway/core/client';
import { isGatewayError } from '../gateway/core/errors';
import { newIdempotencyKey } from '../gateway/core/request-spec';
import { campaignIdFromCookie, pageSessionStart, recordMessageContact, type SentMessage } from '../gateway/lead/message-contact';
import { sendMessage } from '../gateway/message-center/calls';
import { threadMessage } from '../gateway/message-center/thread-adapter';
import type { ChatConversation } from './chat-client';
import type { PendingSend } from './pending-send';

/**
 * The one way leadkit sends the pro's message — from the thread (its composer) and from the
 * board's card (its quick answer) alike, React-free (docs/widgets/message-thread.md#message-state):
 *
 * - a text goes through the message center (POST /v1/messages, `threadMessage`), with one
 *   Idempotency-Key made when it is written and reused by every Retry and by the gateway
 *   client's replay after a 511 challenge (docs/gateway.md#511-challenge), so the gateway stores
 *   it once; a file goes to the conversation (its upload, with its key and progress), after the
 *   text written with it;
 * - its state: `sending` → `sent`, or `failed` (Retry) or `held` (a 511: sent once the challenge
 *   is passed, `failed` if it is not); nothing typed is lost: a failed text is never dropped, a
 *   failed file only by the pro (`discard`);
 * - when the device comes back online (domain/connection.ts), every failed send goes again
 *   once, with its key, as the pro's Retry would — for every owner of a sender alike;
 * - after a text is taken, once per message: the lead is answered on this device (the board's
 *   'Respond first' ends: domain/answered-leads.ts), `onSent` (the `lk-message-send` event) and
 *   the contact record (docs/widgets/message-thread.md#after-a-send; a file sent alone has its
 *   own record, a file sent with a text is the text's);
 * - `send` resolves once the text is taken — at once, after a replay or after a later Retry —
 *   and never while it is not: the composer keeps its draft until then.
 *
 * The sends live in the owner's state (`SendStore`), so a change to them and to what the owner
 * shows beside them is one update.
 */

/** Who sends, to whom, and what a sent message is recorded with. */
export interface MessageSendOptions {
  gateway: GatewayClient;
  spId: number;
  /** The customer (the conversation's member). */
  userId: number;
  leadId: number | null;
  /** What the contact record needs from the lead; null skips the record (no lead, or not loaded yet). */
  contactContext: () => { readonly postalCode: string; readonly categoryId: number } | null;
  /** The campaign id for the contact record: the host page's cookie by default. */
  campaignId?: () => string | null;
  /** When the provider's session on this page started (ms since epoch): `pageSessionStart`. */
  sessionStartTimestamp: number;
  /** The host's clock (when a send was made, when the lead was answered); the real one by default. */
  now?: () => Date;
  /** The message center took a text (once per message): its id. */
  onSent?: (messageId: string) => void;
  /** When the device is back online (a failed send goes again then): the browser's by default. */
  connection?: ConnectionSource;
}

/** What a widget sends with, read at each use: the runtime's latest (a host may change its clock). */
export interface SendingWidget {
  now(): Date;
  /** The `lk-message-send` event. */
  emit(name: 'lk-message-send', detail: { messageId: string; leadId: number | null }): unknown;
}

/**
 * The sender's options for a widget's conversation (the thread's, the card's quick answer's): the
 * page's session start (`pageSessionStart`), the widget's clock and its `lk-message-send` event
 * read from `widget()` at each use — a new clock or event sink does not make a new sender.
 */
export function messageSendOptions(
  to: Pick<MessageSendOptions, 'gateway' | 'spId' | 'userId' | 'leadId' | 'contactContext'>,
  widget: () => SendingWidget,
): MessageSendOptions {
  const { leadId } = to;
  return {
    ...to,
    sessionStartTimestamp: pageSessionStart(widget().now().getTime()),
    now: () => widget().now(),
    onSent: (messageId) => void widget().emit('lk-message-send', { messageId, leadId }),
  };
}

/** Where the owner keeps the sends, and what it knows of the conversation. */
export interface SendStore {
  /** The sends, oldest first (the owner's snapshot's). */
  get(): readonly PendingSend[];
  set(next: readonly PendingSend[]): void;
  /** The newest message index the owner knows, -1 for none: a send's own message comes after it. */
  newestIndex(): number;
  /** Whether the conversation the owner shows holds this confirmed send already: it leaves the list then. */
  holds(sent: PendingSend): boolean;
  /** The open conversation a file is uploaded to; null: a file fails (Retry once it is open). */
  conversation(): ChatConversation | null;
}

/** What the composer hands over: a text, a file, or both (the text goes first). */
export interface MessageDraft {
  text?: string;
  file?: File | Blob | null;
  contentType?: string | null;
}

let pendingSeq = 0;

export class MessageSender {
  /** Sends whose contact record was made (or belongs to the text sent with them): once per message. */
  private readonly contacted = new Set<string>();
  /** Who waits for a text to be taken (the composer's draft), by pending id. */
  private readonly confirmWaiters = new Map<string, () => void>();
  /** Stops listening for the connection's return; set while a send has failed. */
  private stopWaitingOnline: (() => void) | null = null;

  constructor(
    private readonly options: MessageSendOptions,
    private readonly store: SendStore,
    /** The owner's lifetime: an upload under way stops with it, and nothing is sent again after it. */
    private readonly signal: AbortSignal,
  ) {
    signal.addEventListener('abort', () => this.waitOnline(false), { once: true });
  }

  /**
   * Sends what the composer holds: the text first, then the file. Both show at once as
   * pending; the file goes when the text has settled. Resolves once the text is taken (see the
   * module comment); at once when there is no text.
   */
  send({ text, file, contentType }: MessageDraft): Promise<void> {
    const trimmed = text?.trim() ?? '';
    const textSend = trimmed ? this.add({ kind: 'text', text: trimmed }) : null;
    const confirmed = textSend ? new Promise<void>((resolve) => this.confirmWaiters.set(textSend.id, resolve)) : Promise.resolve();
    const fileSend = file ? this.add({ kind: 'media', file, contentType: contentType ?? file.type }) : null;
    // A photo sent with a text is one contact with it (the text's); a photo alone is its own.
    if (textSend && fileSend) this.contacted.add(fileSend.id);
    void (async () => {
      if (textSend) await this.runText(textSend.id);
      if (fileSend) await this.runMedia(fileSend.id);
    })();
    return confirmed;
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
    this.write(this.store.get().filter((p) => p.id !== id));
  }

  /** The owner's sends changed: while one has failed, the connection's return sends it again. */
  private write(next: readonly PendingSend[]): void {
    this.store.set(next);
    this.waitOnline(next.some((p) => p.state === 'failed'));
  }

  /** Listens for the connection's return while `failed` (and the owner lives); else not. */
  private waitOnline(failed: boolean): void {
    const wait = failed && !this.signal.aborted;
    if (wait && !this.stopWaitingOnline) {
      this.stopWaitingOnline = (this.options.connection ?? browserConnection).onBackOnline(() => this.backOnline());
    } else if (!wait && this.stopWaitingOnline) {
      this.stopWaitingOnline();
      this.stopWaitingOnline = null;
    }
  }

  /** Back online: each failed send goes again, once, with its key. */
  private backOnline(): void {
    for (const pending of this.store.get()) if (pending.state === 'failed') this.retry(pending.id);
  }

  private add(init: { kind: 'text'; text: string } | { kind: 'media'; file: Blob; contentType: string }): PendingSend {
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
      afterIndex: this.store.newestIndex(),
      messageId: null,
      index: null,
      // On the widget's clock, as the day separators and every other time it shows: a send shown
      // meanwhile under another day than its stamped message would move when that comes.
      createdAt: this.now().getTime(),
    };
    this.write([...this.store.get(), pending]);
    return pending;
  }

  /** The host's clock (`now`), the real one without. */
  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private find(id: string): PendingSend | undefined {
    return this.store.get().find((p) => p.id === id);
  }

  private update(id: string, patch: Partial<PendingSend>): void {
    if (!this.find(id)) return;
    this.write(this.store.get().map((p) => (p.id === id ? { ...p, ...patch } : p)));
  }

  /** A confirmed send: it leaves the list when (or once) the conversation holds its message. */
  private confirm(id: string, patch: Pick<PendingSend, 'messageId'> | Pick<PendingSend, 'index'>): void {
    const current = this.find(id);
    if (!current) return;
    this.confirmWaiters.get(id)?.();
    this.confirmWaiters.delete(id);
    const sent: PendingSend = {
      ...current,
      ...patch,
      state: 'sent',
      progress: current.progress && { loaded: current.progress.total, total: current.progress.total },
    };
    const pending = this.store.get();
    this.write(this.store.holds(sent) ? pending.filter((p) => p.id !== id) : pending.map((p) => (p.id === id ? sent : p)));
  }

  private async runText(id: string): Promise<void> {
    const pending = this.find(id);
    if (!pending) return;
    const { gateway, spId, userId, leadId } = this.options;
    const taken = (messageId: string) => {
      this.confirm(id, { messageId });
      if (this.once(id)) {
        if (leadId !== null) rememberAnswered(spId, leadId, this.now());
        this.options.onSent?.(messageId);
        this.recordContact({ messageId });
      }
    };
    try {
      const { messageId } = await sendMessage(gateway, threadMessage({ text: pending.text, spId, userId, leadId }), {
        idempotencyKey: pending.idempotencyKey,
        // After a passed challenge the gateway client sends it once more, same key (docs/gateway.md#511-challenge).
        onReplayed: (outcome) => (outcome.ok ? taken(outcome.value.messageId) : this.update(id, { state: 'failed' })),
      });
      taken(messageId);
    } catch (error) {
      this.update(id, { state: isGatewayError(error) && error.kind === 'challenge' ? 'held' : 'failed' });
    }
  }

  private async runMedia(id: string): Promise<void> {
    const pending = this.find(id);
    const conversation = this.store.conversation();
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
        signal: this.signal,
      });
      this.confirm(id, { index: sent.index });
      if (this.once(id)) this.recordContact({ conversationSid: conversation.sid, index: sent.index });
    } catch {
      this.update(id, { state: 'failed' });
    }
  }

  /** True the first time it is asked for a send: what follows a send happens once per message. */
  private once(id: string): boolean {
    if (this.contacted.has(id)) return false;
    this.contacted.add(id);
    return true;
  }

  /** The contact record for a sent message (gateway/lead/message-contact.ts; its errors are swallowed). Needs the lead. */
  private recordContact(sent: SentMessage): void {
    const context = this.options.contactContext();
    if (!context) return;
    const { gateway, spId, campaignId = campaignIdFromCookie, sessionStartTimestamp } = this.options;
    recordMessageContact(
      gateway,
      { spId, postalCode: context.postalCode, categoryId: context.categoryId, campaignId: campaignId(), sessionStartTimestamp },
      sent,
    );
  }
}
