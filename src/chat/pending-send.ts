import { isMessageCenterCopy, type ChatMessage } from './chat-client';

/**
 * A message the pro sent that the conversation does not hold yet — the thread's and the card's
 * quick answer's alike (message-sender.ts sends it) — and the rules that tell when it has
 * arrived. Its state (docs/widgets/message-thread.md#message-state): `sending` (the gateway or
 * the upload has it in flight) → `sent` (the message center accepted it, the conversation does
 * not hold it yet); `failed` (Retry) or `held` (a 511 challenge: sent again once it is passed).
 * Once the conversation holds it, it is a stored message (`delivered`, then `read`).
 */

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
  /** When it was written (ms since epoch): its place among the day's messages until it is stored. */
  readonly createdAt: number;
}

/** Whether a sent (confirmed) pending send is this message of the conversation (an own message: the caller checks the author). */
export function isDeliveredBy(pending: PendingSend, message: ChatMessage): boolean {
  if (pending.state !== 'sent') return false;
  if (pending.kind === 'media') return pending.index === message.index;
  if (pending.messageId !== null && pending.messageId === message.sid) return true;
  // A chat service whose ids differ from the message center's: the own message with this text, written after.
  return isMessageCenterCopy(pending, message);
}
