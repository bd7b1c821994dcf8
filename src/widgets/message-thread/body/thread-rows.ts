import { isMessageCenterCopy, isOwnMessage, type ChatMessage } from '../../../chat/chat-client';
import { groupEnds, localDayKey } from './message-groups';
import type { PendingSend } from '../../../chat/pending-send';
import { storedMessageState, type OwnMessageState, type ThreadSnapshot } from '../session/thread-snapshot';

/**
 * The rows of the message list (thread-list.tsx), React-free: messages oldest first, then the
 * pending sends. A row may open with a day separator (above the first item of each
 * day) and 'New messages' (above the first customer message that was unread when the thread
 * opened); own items carry their state, and the newest own item its state in words (`receipt`)
 * while it is the last word.
 *
 * The separators and the line belong to the row of the message they stand above, not to rows of
 * their own: the list keeps the reading position when an older page comes by the row at the top
 * of the view, and a separator row there (the same day's, before and after) would have kept its
 * place at the top while the messages under it moved down.
 */
interface RowHeader {
  /** The day separator: the first item of this local day. */
  readonly day: Date | null;
  /** 'New messages' goes above this row. */
  readonly unread: boolean;
}

export type Row = RowHeader &
  (
    | { key: string; kind: 'message'; message: ChatMessage; own: boolean; stamp: boolean; state: OwnMessageState | null; receipt: OwnMessageState | null }
    | { key: string; kind: 'pending'; pending: PendingSend; stamp: boolean; receipt: OwnMessageState | null }
  );

/** A message, or a pending send (after every message), in the list's order. */
type Item =
  | { kind: 'message'; message: ChatMessage; own: boolean; dateCreated: Date | null }
  | { kind: 'pending'; pending: PendingSend; own: true; dateCreated: Date };

/**
 * Where 'New messages' goes: above the first customer message after the horizon the thread
 * opened with — or above the oldest loaded message when messages after that horizon are not
 * loaded yet (older pages fill in, and the line moves up to its place). -1: nowhere.
 */
function unreadAt(messages: readonly { message: ChatMessage; own: boolean }[], after: number | null, hasOlder: boolean): number {
  if (after === null || messages.length === 0) return -1;
  if (hasOlder && messages[0]!.message.index > after + 1) return 0;
  return messages.findIndex(({ message, own }) => !own && message.index > after);
}

/**
 * The pending sends still to show. The conversation may push a text's message before the message
 * center has answered its send (the send is still `sending`): the stored message shows it from
 * then on, not both bubbles for that moment (one message each, oldest send first; the session
 * drops the send when its answer comes).
 */
function pendingToShow(messages: readonly { message: ChatMessage; own: boolean }[], pending: readonly PendingSend[]): PendingSend[] {
  const taken = new Set<number>();
  return pending.filter((send) => {
    if (send.kind !== 'text' || send.state !== 'sending') return true;
    const stored = messages.find(({ message, own }) => own && !taken.has(message.index) && isMessageCenterCopy(send, message));
    if (!stored) return true;
    taken.add(stored.message.index);
    return false;
  });
}

/** The rows: messages, then pending sends, with their day separators and the unread line. */
export function threadRows(snapshot: Pick<ThreadSnapshot, 'messages' | 'pending' | 'identity' | 'readHorizon' | 'unreadAfter' | 'hasOlder'>): Row[] {
  const identity = snapshot.identity ?? '';
  const messages = snapshot.messages.map((message) => ({ message, own: isOwnMessage(message, identity) }));
  const items: Item[] = [
    ...messages.map(({ message, own }): Item => ({ kind: 'message', message, own, dateCreated: message.dateCreated })),
    ...pendingToShow(messages, snapshot.pending).map((pending): Item => ({ kind: 'pending', pending, own: true, dateCreated: new Date(pending.createdAt) })),
  ];
  // Pending sends group with the messages before them: the stamp line under a message does not
  // move when the pending send after it is stored (it left when that send was written).
  const ends = groupEnds(items);
  const last = items.at(-1);
  // The newest own message says its state in words while it is the last word of the thread.
  const receiptAt = last?.own ? items.length - 1 : -1;
  const unread = unreadAt(messages, snapshot.unreadAfter, snapshot.hasOlder);
  const rows: Row[] = [];
  let day: string | null = null;
  items.forEach((item, i) => {
    let header: RowHeader = { day: null, unread: i === unread };
    if (item.dateCreated) {
      const key = localDayKey(item.dateCreated);
      if (key !== day) header = { ...header, day: item.dateCreated };
      day = key;
    }
    const stamp = ends[i] ?? true;
    if (item.kind === 'message') {
      const state = item.own ? storedMessageState(item.message.index, snapshot.readHorizon) : null;
      rows.push({
        ...header,
        key: `m${item.message.index}`,
        kind: 'message',
        message: item.message,
        own: item.own,
        stamp,
        state,
        receipt: i === receiptAt ? state : null,
      });
    } else {
      const { state } = item.pending;
      // A failed or held send says so in its bubble (with Retry), not in the line under it.
      const receipt = i === receiptAt && (state === 'sending' || state === 'sent') ? state : null;
      rows.push({ ...header, key: item.pending.id, kind: 'pending', pending: item.pending, stamp, receipt });
    }
  });
  return rows;
}
