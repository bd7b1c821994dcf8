import type { Row } from './thread-rows';

/**
 * Where the reader is in the message list (thread-list.tsx), React- and DOM-free: whether the
 * list's end is out of view ('Jump to newest' shows), which customer messages came below what
 * the reader has seen (its count), and which day's label is pinned at the list's top.
 * The list gives the virtualiser's measurements (every row's start and end, estimated for rows
 * never rendered) and its scroll position.
 */

/**
 * Within this distance of the bottom the reader "is at the bottom": a new message is followed,
 * and 'Jump to newest' does not show.
 */
export const AT_BOTTOM_PX = 48;

/** The list's scroll position: its offset, its viewport's height, the height of all its rows. */
export interface ListView {
  readonly offset: number;
  readonly size: number;
  readonly total: number;
}

/** A row's place in the list (the virtualiser's measurement of it). */
export interface RowSpan {
  readonly index: number;
  readonly start: number;
  readonly end: number;
}

/**
 * How far the list's end is below the view (0 at the bottom).
 * @internal Exported for tests.
 */
export function distanceFromEnd(view: ListView): number {
  return Math.max(view.total - view.size - view.offset, 0);
}

/** The reader has scrolled up: the list's end is out of view by more than the threshold. */
export function isScrolledUp(view: ListView, threshold = AT_BOTTOM_PX): boolean {
  return distanceFromEnd(view) > threshold;
}

/**
 * The row at a vertical offset: the last whose start is at or above it (spans in row order); undefined above the first.
 * @internal Exported for tests.
 */
export function rowAt(spans: readonly RowSpan[], offset: number): RowSpan | undefined {
  let low = 0;
  let high = spans.length - 1;
  let found: RowSpan | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const span = spans[middle]!;
    if (span.start <= offset) {
      found = span;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/**
 * The newest message index the reader has had in view: the messages of the rows that start
 * above the view's bottom (a pending send has none). -1 when no message is there yet.
 */
export function seenUpTo(rows: readonly Row[], spans: readonly RowSpan[], view: ListView): number {
  const bottom = rowAt(spans, view.offset + view.size - 1);
  let seen = -1;
  if (!bottom) return seen;
  for (let index = Math.min(bottom.index, rows.length - 1); index >= 0; index--) {
    const row = rows[index]!;
    if (row.kind === 'message') {
      seen = row.message.index;
      break;
    }
  }
  return seen;
}

/** The newest message's index among `rows` (a pending send has none); -1 without one. */
export function newestMessageIndex(rows: readonly Row[]): number {
  const newest = rows.findLast((row) => row.kind === 'message');
  return newest?.kind === 'message' ? newest.message.index : -1;
}

/** How many of the customer's messages are below what the reader has seen (`seenUpTo`). */
export function unseenBelow(rows: readonly Row[], seen: number): number {
  let count = 0;
  for (let index = rows.length - 1; index >= 0; index--) {
    const row = rows[index]!;
    if (row.kind !== 'message') continue;
    if (row.message.index <= seen) break;
    if (!row.own) count += 1;
  }
  return count;
}

/**
 * The day pinned at the list's top while it scrolls: the day of the row at the top of the view
 * — none while that row's own separator is still in view there, nor while the next day's
 * separator (or the 'New messages' line) comes up under the label (`labelHeight`): it takes the
 * label's place. Returns the index of the row whose separator names the day, or null.
 */
export function pinnedDayRow(rows: readonly Pick<Row, 'day' | 'unread'>[], spans: readonly RowSpan[], offset: number, labelHeight: number): number | null {
  const top = rowAt(spans, offset);
  if (!top) return null;
  let day = -1;
  for (let index = Math.min(top.index, rows.length - 1); index >= 0; index--) {
    if (rows[index]!.day) {
      day = index;
      break;
    }
  }
  if (day < 0) return null;
  // Its own separator still at the top of the view, or the top row's 'New messages' line under the label.
  if (day === top.index && top.start >= offset) return null;
  if (rows[top.index]?.unread && top.start > offset - labelHeight) return null;
  // The next day's separator (or the line) under the label: it is taking the label's place.
  const under = rowAt(spans, offset + labelHeight);
  for (let index = top.index + 1; under && index <= under.index && index < rows.length; index++) {
    if (rows[index]!.day || rows[index]!.unread) return null;
  }
  return day;
}
