import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../chat/chat-client';
import { localDayKey } from './message-groups';
import { threadRows } from './thread-rows';
import type { PendingSend } from '../../../chat/pending-send';
import { INITIAL_SNAPSHOT, type ThreadSnapshot } from '../session/thread-snapshot';

/** The list's rows: day separators, 'New messages', each own item's state and words. */

const ME = 'provider-1001';
const THEM = 'member-5001';
const message = (index: number, author: string, at: Date, body = `Message ${index}`): ChatMessage => ({
  index,
  sid: `IM${index}`,
  author,
  body,
  dateCreated: at,
  media: [],
  attributes: {},
});
const pending = (id: string, state: PendingSend['state'], at: Date): PendingSend => ({
  id,
  kind: 'text',
  text: id,
  file: null,
  fileName: null,
  contentType: null,
  idempotencyKey: id,
  state,
  progress: null,
  afterIndex: 0,
  messageId: null,
  index: null,
  createdAt: at.getTime(),
});
const snapshot = (patch: Partial<ThreadSnapshot>): ThreadSnapshot => ({ ...INITIAL_SNAPSHOT, status: 'ready', identity: ME, ...patch });
/** The rows in short, a row's day separator and unread line before it: `day 2026-03-06`, `unread`, `m3 own read | ·read`, `p:x sending`. */
const short = (s: ThreadSnapshot) =>
  threadRows(s).flatMap((row) => {
    const header = [...(row.day ? [`day ${localDayKey(row.day)}`] : []), ...(row.unread ? ['unread'] : [])];
    const words = row.receipt ? ` ·${row.receipt}` : '';
    if (row.kind === 'pending') return [...header, `${row.key} ${row.pending.state}${row.stamp ? ' |' : ''}${words}`];
    return [...header, `${row.key} ${row.own ? `own ${row.state}` : 'them'}${row.stamp ? ' |' : ''}${words}`];
  });

const d = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute);

describe('threadRows', () => {
  it('puts a day separator above the first item of each local day; pending sends are of the day they were written', () => {
    const rows = short(
      snapshot({
        messages: [message(0, THEM, d(6, 9)), message(1, ME, d(6, 9, 2)), message(2, THEM, d(8, 23, 59)), message(3, THEM, d(9, 0, 1))],
        pending: [pending('p:x', 'sending', d(9, 0, 3))],
        readHorizon: 2,
      }),
    );
    expect(rows).toEqual([
      'day 2026-03-06',
      'm0 them |',
      'm1 own read |',
      'day 2026-03-08',
      'm2 them |',
      'day 2026-03-09',
      'm3 them |',
      'p:x sending | ·sending',
    ]);
  });

  it('own messages: delivered past the read horizon, read within it; the newest says it in words only while it is the last word', () => {
    const messages = [message(0, ME, d(6, 9)), message(1, ME, d(6, 9, 1))];
    expect(short(snapshot({ messages, readHorizon: 0 }))).toEqual(['day 2026-03-06', 'm0 own read', 'm1 own delivered | ·delivered']);
    expect(short(snapshot({ messages, readHorizon: null }))).toEqual(['day 2026-03-06', 'm0 own delivered', 'm1 own delivered | ·delivered']);
    expect(short(snapshot({ messages: [...messages, message(2, THEM, d(6, 9, 2))], readHorizon: 1 }))).toEqual([
      'day 2026-03-06',
      'm0 own read',
      'm1 own read |',
      'm2 them |',
    ]);
  });

  it('a pending send groups with the own message before it (its line does not move when the send is stored); failed says it in its bubble', () => {
    const messages = [message(0, ME, d(6, 9))];
    expect(short(snapshot({ messages, pending: [pending('p:a', 'sent', d(6, 9, 1))] }))).toEqual(['day 2026-03-06', 'm0 own delivered', 'p:a sent | ·sent']);
    expect(short(snapshot({ messages, pending: [pending('p:a', 'failed', d(6, 9, 1))] }))).toEqual(['day 2026-03-06', 'm0 own delivered', 'p:a failed |']);
  });

  it('a text the conversation holds before its send has answered shows once, as the stored message saying its state (two sends of one text: one message each, oldest first)', () => {
    const before = [message(0, THEM, d(6, 9))];
    const sending = [pending('p:a', 'sending', d(6, 9, 1)), pending('p:a', 'sending', d(6, 9, 2))].map((send, i) => ({ ...send, id: `p:${i}` }));
    expect(short(snapshot({ messages: [...before, message(1, ME, d(6, 9, 1), 'p:a')], pending: sending }))).toEqual([
      'day 2026-03-06',
      'm0 them |',
      'm1 own delivered',
      'p:1 sending | ·sending',
    ]);
    expect(short(snapshot({ messages: [...before, message(1, ME, d(6, 9, 1), 'p:a'), message(2, ME, d(6, 9, 2), 'p:a')], pending: sending }))).toEqual([
      'day 2026-03-06',
      'm0 them |',
      'm1 own delivered',
      'm2 own delivered | ·delivered',
    ]);
    // Not a message from before the send (its index is not after the send's), nor another text, nor a failed send.
    expect(short(snapshot({ messages: [message(0, ME, d(6, 9), 'p:a')], pending: [{ ...pending('p:a', 'sending', d(6, 9, 1)), afterIndex: 0 }] }))).toEqual([
      'day 2026-03-06',
      'm0 own delivered',
      'p:a sending | ·sending',
    ]);
    expect(short(snapshot({ messages: [...before, message(1, ME, d(6, 9, 1), 'other')], pending: [pending('p:a', 'sending', d(6, 9, 1))] }))).toEqual([
      'day 2026-03-06',
      'm0 them |',
      'm1 own delivered',
      'p:a sending | ·sending',
    ]);
    expect(short(snapshot({ messages: [...before, message(1, ME, d(6, 9, 1), 'p:a')], pending: [pending('p:a', 'failed', d(6, 9, 1))] }))).toEqual([
      'day 2026-03-06',
      'm0 them |',
      'm1 own delivered',
      'p:a failed |',
    ]);
  });

  it("'New messages' above the first customer message after the horizon the thread opened with", () => {
    const messages = [message(4, THEM, d(6, 9)), message(5, ME, d(6, 9, 1)), message(6, ME, d(6, 9, 2)), message(7, THEM, d(6, 9, 3))];
    expect(short(snapshot({ messages, unreadAfter: 5 }))).toEqual([
      'day 2026-03-06',
      'm4 them |',
      'm5 own delivered',
      'm6 own delivered |',
      'unread',
      'm7 them |',
    ]);
    expect(short(snapshot({ messages, unreadAfter: null }))).not.toContain('unread');
  });

  it("above the oldest loaded message while unread messages are still above it (older pages not loaded); after the day's separator", () => {
    const messages = [message(40, ME, d(6, 9)), message(41, THEM, d(6, 9, 1))];
    expect(short(snapshot({ messages, unreadAfter: 10, hasOlder: true }))).toEqual(['day 2026-03-06', 'unread', 'm40 own delivered |', 'm41 them |']);
    // Everything since loaded: in its place.
    expect(short(snapshot({ messages, unreadAfter: 39, hasOlder: true }))).toEqual(['day 2026-03-06', 'm40 own delivered |', 'unread', 'm41 them |']);
  });

  it('separators and the line open the row of their message (the row at the top keeps the reading position when an older page comes)', () => {
    const rows = threadRows(snapshot({ messages: [message(10, THEM, d(6, 9)), message(11, ME, d(7, 9))], unreadAfter: 9 }));
    expect(rows.map((row) => [row.key, row.day && localDayKey(row.day), row.unread])).toEqual([
      ['m10', '2026-03-06', true],
      ['m11', '2026-03-07', false],
    ]);
  });

  it('keys stay the same while the thread changes around them (no remounted rows)', () => {
    const first = threadRows(snapshot({ messages: [message(0, THEM, d(6, 9))], unreadAfter: -1 }));
    const later = threadRows(
      snapshot({ messages: [message(0, THEM, d(6, 9)), message(1, ME, d(6, 9, 5))], unreadAfter: -1, pending: [pending('p:b', 'sending', d(6, 9, 6))] }),
    );
    expect(later.slice(0, first.length).map((row) => row.key)).toEqual(first.map((row) => row.key));
  });
});
