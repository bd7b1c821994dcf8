import { isOwnMessage, type ChatMessage } from '../../chat/chat-client';
import { groupEnds, localDayKey } from './message-groups';
import { storedMessageState, type OwnMessageState, type PendingSend, type ThreadSnapshot } from './thread-session';

/**
 * The rows of the message list (thread-list.tsx), React-free: messages oldest first, then the
 * pending sends; a day separator above the first item of each day (issue 17); 'New messages'
 * above the first customer message that was unread when the thread opened; each own item's
 * state, and its state in words (`receipt`) for the newest own item while it is the last word.
 */

export type Row =
  | { key: string; kind: 'day'; date: Date }
  | { key: string; kind: 'unread' }
  | { key: string; kind: 'message'; message: ChatMessage; own: boolean; stamp: boolean; state: OwnMessageState | null; receipt: OwnMessageState | null }
  | { key: string; kind: 'pending'; pending: PendingSend; stamp: boolean; receipt: OwnMessageState | null };

/** A message, or a pending send (after every message), in the list's order. */
type Item = { kind: 'message'; message: ChatMessage; own: boolean; dateCreated: Date | null } | { kind: 'pending'; pending: PendingSend; own: true; dateCreated: Date };

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

/** The rows: day separators, the unread line, messages, pending sends. */
export function threadRows(snapshot: Pick<ThreadSnapshot, 'messages' | 'pending' | 'identity' | 'readHorizon' | 'unreadAfter' | 'hasOlder'>): Row[] {
  const identity = snapshot.identity ?? '';
  const messages = snapshot.messages.map((message) => ({ message, own: isOwnMessage(message, identity) }));
  const items: Item[] = [
    ...messages.map(({ message, own }): Item => ({ kind: 'message', message, own, dateCreated: message.dateCreated })),
    ...snapshot.pending.map((pending): Item => ({ kind: 'pending', pending, own: true, dateCreated: new Date(pending.createdAt) })),
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
    if (item.dateCreated) {
      const key = localDayKey(item.dateCreated);
      if (key !== day) rows.push({ key: `day-${key}`, kind: 'day', date: item.dateCreated });
      day = key;
    }
    if (i === unread) rows.push({ key: 'unread', kind: 'unread' });
    const stamp = ends[i] ?? true;
    if (item.kind === 'message') {
      const state = item.own ? storedMessageState(item.message.index, snapshot.readHorizon) : null;
      rows.push({ key: `m${item.message.index}`, kind: 'message', message: item.message, own: item.own, stamp, state, receipt: i === receiptAt ? state : null });
    } else {
      const { state } = item.pending;
      // A failed or held send says so in its bubble (with Retry), not in the line under it.
      const receipt = i === receiptAt && (state === 'sending' || state === 'sent') ? state : null;
      rows.push({ key: item.pending.id, kind: 'pending', pending: item.pending, stamp, receipt });
    }
  });
  return rows;
}
