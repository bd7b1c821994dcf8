import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../chat/chat-client';
import { threadRows } from './thread-rows';
import { AT_BOTTOM_PX, distanceFromEnd, isScrolledUp, pinnedDayRow, rowAt, seenUpTo, unseenBelow, type RowSpan } from './thread-scroll';
import { INITIAL_SNAPSHOT } from '../session/thread-snapshot';

/** Where the reader is in the list: 'Jump to newest', its count, the pinned day. */

const ME = 'provider-1001';
const THEM = 'member-5001';
const message = (index: number, author: string, at: Date): ChatMessage => ({
  index,
  sid: `IM${index}`,
  author,
  body: `Message ${index}`,
  dateCreated: at,
  media: [],
  attributes: {},
});
/** Rows of 100 px each after 12 px of padding, as the virtualiser measures them. */
const spans = (count: number): RowSpan[] => Array.from({ length: count }, (_, index) => ({ index, start: 12 + index * 100, end: 112 + index * 100 }));
const rowsOf = (messages: ChatMessage[]) =>
  threadRows({ ...INITIAL_SNAPSHOT, identity: ME, messages, pending: [], readHorizon: null, unreadAfter: null, hasOlder: false });

// Three days: 0–2 on March 6, 3–5 on March 7 (5 own), 6–9 on March 8.
const days = [new Date(2026, 2, 6, 9), new Date(2026, 2, 7, 9), new Date(2026, 2, 8, 9)];
const messages = Array.from({ length: 10 }, (_, index) => {
  const day = index < 3 ? 0 : index < 6 ? 1 : 2;
  return message(index, index === 5 ? ME : THEM, new Date(days[day]!.getTime() + index * 60_000));
});
const rows = rowsOf(messages);

describe('scrolled up', () => {
  it('the end out of view by more than the threshold', () => {
    expect(distanceFromEnd({ offset: 0, size: 480, total: 2000 })).toBe(1520);
    expect(isScrolledUp({ offset: 1520, size: 480, total: 2000 })).toBe(false);
    expect(isScrolledUp({ offset: 1520 - AT_BOTTOM_PX, size: 480, total: 2000 })).toBe(false);
    expect(isScrolledUp({ offset: 1520 - AT_BOTTOM_PX - 1, size: 480, total: 2000 })).toBe(true);
    // A list shorter than its view is at its end.
    expect(isScrolledUp({ offset: 0, size: 480, total: 300 })).toBe(false);
  });
});

describe('rowAt', () => {
  it('the last row starting at or above the offset; none above the first', () => {
    expect(rowAt(spans(10), 0)).toBeUndefined();
    expect(rowAt(spans(10), 12)?.index).toBe(0);
    expect(rowAt(spans(10), 111)?.index).toBe(0);
    expect(rowAt(spans(10), 112)?.index).toBe(1);
    expect(rowAt(spans(10), 5000)?.index).toBe(9);
    expect(rowAt([], 50)).toBeUndefined();
  });
});

describe('the count below', () => {
  it('seen: the newest message whose row starts above the view’s bottom', () => {
    // The view shows 112–592: rows 1 to 5 start in it.
    expect(seenUpTo(rows, spans(10), { offset: 112, size: 480, total: 1024 })).toBe(5);
    expect(seenUpTo(rows, spans(10), { offset: 544, size: 480, total: 1024 })).toBe(9);
  });

  it('counts the customer’s messages after the one seen, not the pro’s own', () => {
    expect(unseenBelow(rows, 9)).toBe(0);
    expect(unseenBelow(rows, 6)).toBe(3);
    // Message 5 is the pro's.
    expect(unseenBelow(rows, 4)).toBe(4);
    expect(unseenBelow(rows, -1)).toBe(9);
  });

  it('rises as the customer’s messages arrive below', () => {
    const more = rowsOf([...messages, message(10, THEM, new Date(2026, 2, 8, 10)), message(11, THEM, new Date(2026, 2, 8, 10, 1))]);
    expect(unseenBelow(more, 6)).toBe(5);
  });
});

describe('the pinned day', () => {
  const at = (offset: number) => pinnedDayRow(rows, spans(10), offset, 32);

  it('none at the top, while the first day’s separator is in view', () => {
    expect(at(0)).toBeNull();
    expect(at(12)).toBeNull();
  });

  it('the day of the row at the top once its separator scrolled away', () => {
    expect(at(40)).toBe(0);
    expect(at(250)).toBe(0);
    // Row 3 opens March 7: from there on it is that day's.
    expect(at(330)).toBe(3);
    expect(at(640)).toBe(6);
    expect(at(950)).toBe(6);
  });

  it('gives way to the next day’s separator as it comes up under the label', () => {
    // Row 3 (March 7) starts at 312: within 32 px under the top, no label.
    expect(at(285)).toBeNull();
    expect(at(311)).toBeNull();
    expect(at(279)).toBe(0);
  });

  it('names the day: the row whose separator it copies', () => {
    expect(rows[at(330)!]!.day).toEqual(messages[3]!.dateCreated);
  });
});

describe("the pinned day and 'New messages'", () => {
  it("gives way to the 'New messages' line at the top of the view", () => {
    // Unread from message 7 on (March 8): the line opens row 7.
    const unread = threadRows({ ...INITIAL_SNAPSHOT, identity: ME, messages, pending: [], readHorizon: null, unreadAfter: 6, hasOlder: false });
    const at = (offset: number) => pinnedDayRow(unread, spans(10), offset, 32);
    expect(unread[7]!.unread).toBe(true);
    // Row 7 starts at 712: the line under the label from 680, and while it is at the top.
    expect(at(670)).toBe(6);
    expect(at(690)).toBeNull();
    expect(at(712)).toBeNull();
    expect(at(750)).toBe(6);
  });
});
