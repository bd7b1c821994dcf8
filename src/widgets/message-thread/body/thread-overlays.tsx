import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';
import { useRuntime } from '../../../runtime/runtime';
import { DayName } from './thread-days';
import type { Row } from './thread-rows';
import { AT_BOTTOM_PX, isScrolledUp, newestMessageIndex, pinnedDayRow, seenUpTo, unseenBelow, type ListView } from './thread-scroll';
import type { ThreadSnapshot } from '../session/thread-snapshot';

/** What the reader moves the list with (a scroll that follows one of these is theirs). */
const READER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/** The pinned day label's height: the next day's separator takes its place as it comes under it. */
const PINNED_DAY_PX = 32;

/** The list's scroll position at `offset`, its viewport and rows as the virtualiser measures them. */
function viewAt(virtualizer: Virtualizer<HTMLDivElement, HTMLLIElement>, offset: number): ListView {
  return { offset, size: virtualizer.scrollRect?.height ?? 0, total: virtualizer.getTotalSize() };
}

/**
 * What floats over the list as it scrolls: the day of the messages at its top, pinned there
 * (a presentational copy: each day's separator is its one heading), and — once the reader has
 * scrolled up — 'Jump to newest' with the count of the customer's messages that came below
 * what they have seen. A message arriving then is not followed (the virtualiser follows only
 * at the end): the count rises, and the list's live region says it with the message.
 * Re-rendered on each scroll event of the list, not the rows.
 */
export function ListOverlays({
  rows,
  virtualizer,
  scrollRef,
  ready,
  seenOnOpen,
  onJump,
  announcer,
}: {
  rows: readonly Row[];
  virtualizer: Virtualizer<HTMLDivElement, HTMLLIElement>;
  scrollRef: { readonly current: HTMLDivElement | null };
  /** The list scrolls (the chat's rows, measured): not while it opens, nor a server's first page. */
  ready: boolean;
  /** The newest message index the list opened with on screen (at its end), -1 if none: seen from the first frame. */
  seenOnOpen: number;
  onJump(): void;
  announcer(below: number): ReactNode;
}) {
  const { t } = useRuntime();
  const [offset, setOffset] = useState(0);
  const [scrolledUp, setScrolledUp] = useState(false);
  // The newest message index the reader has had in view (indexes stay when older pages come).
  const [seen, setSeen] = useState(-1);
  // Opened at its end, the list gets there in steps (its rows measured as they render, each a
  // scroll): until it has been at its end once, or the reader moves it, a stop short of the end is
  // the opening's, and 'Jump to newest' flashed up on open (a narrow phone, long words).
  const opening = useRef(true);
  const openedAtEnd = seenOnOpen >= 0;
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || !ready) return;
    const onScroll = () => {
      setOffset(element.scrollTop);
      const up = isScrolledUp(viewAt(virtualizer, element.scrollTop));
      // At its end by the rows measured so far, or by the element's own scroll size (the two
      // differ while rows are being measured: WebKit's list reached its end by one alone).
      const atElementEnd = element.clientHeight > 0 && element.scrollHeight - element.clientHeight - element.scrollTop <= AT_BOTTOM_PX;
      if (!up || atElementEnd) opening.current = false;
      setScrolledUp(up && !(opening.current && openedAtEnd));
    };
    const byReader = () => void (opening.current = false);
    onScroll();
    element.addEventListener('scroll', onScroll, { passive: true });
    for (const type of READER_INPUT) element.addEventListener(type, byReader, { passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll);
      for (const type of READER_INPUT) element.removeEventListener(type, byReader);
    };
  }, [scrollRef, virtualizer, ready, openedAtEnd]);
  // On each render: the list renders again as its rows are measured, and what is in view with them.
  const view = viewAt(virtualizer, offset);
  const upTo = ready ? seenUpTo(rows, virtualizer.measurementsCache, view) : -1;
  useEffect(() => {
    if (upTo > seen) setSeen(upTo);
  }, [upTo, seen]);
  // Rows measured after the last scroll event can put its end back in view (never out of it: a
  // message arriving at the end grows the list before it is followed).
  const backAtEnd = scrolledUp && ready && !isScrolledUp(view);
  useEffect(() => {
    if (backAtEnd) setScrolledUp(false);
  }, [backAtEnd]);
  const below = scrolledUp ? unseenBelow(rows, Math.max(seen, seenOnOpen)) : 0;
  const pinned = ready ? pinnedDayRow(rows, virtualizer.measurementsCache, offset, PINNED_DAY_PX) : null;
  const day = pinned === null ? null : rows[pinned]!.day;
  const jump = () => {
    const newest = newestMessageIndex(rows);
    setSeen((before) => Math.max(before, newest));
    setScrolledUp(false);
    onJump();
  };
  return (
    <>
      {day ? (
        <div className="lk-thread__pinned-day" aria-hidden="true" part="pinned-day">
          <DayName date={day} />
        </div>
      ) : null}
      {ready && scrolledUp ? (
        <button
          type="button"
          className="lk-thread__jump"
          part="jump-to-newest"
          aria-label={below === 0 ? undefined : below === 1 ? t('thread.jumpToNewestCountOne') : t('thread.jumpToNewestCount', { count: below })}
          onClick={jump}
        >
          <span>{below === 0 ? t('thread.jumpToNewest') : below === 1 ? t('thread.newBelowOne') : t('thread.newBelow', { count: below })}</span>
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M8 2.5v10M3.5 8.5 8 13l4.5-4.5" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      ) : null}
      {announcer(below)}
    </>
  );
}

/**
 * New messages from the member, and that they are typing (once per reply: see the session),
 * said to screen readers (the list itself is not a live region: scrolling adds rows). With a
 * message that came below while the reader is scrolled up, how many there are now.
 */
export function Announcer({ snapshot, memberName, below }: { snapshot: ThreadSnapshot; memberName: string; below: number }) {
  const { t } = useRuntime();
  const said = snapshot.announcement;
  const text =
    said?.kind === 'typing'
      ? t('thread.typing', { memberName })
      : said?.kind === 'message'
        ? said.message.body
          ? t('thread.newMessage', { memberName, text: said.message.body })
          : t('thread.newPhoto', { memberName })
        : '';
  const count = said?.kind === 'message' && below > 0 ? (below === 1 ? t('thread.newBelowOne') : t('thread.newBelow', { count: below })) : '';
  return (
    <div className="lk-visually-hidden" role="status" aria-live="polite">
      {count ? (
        <>
          <p>{text}</p>
          <p>{count}</p>
        </>
      ) : (
        text
      )}
    </div>
  );
}
