import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { defaultRangeExtractor, observeElementRect, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { useRuntime } from '../../../runtime/runtime';
import { MessageBubble, PendingBubble, type BubbleFocus } from '../bubbles/thread-bubbles';
import { DaySeparator } from './thread-days';
import { Announcer, ListOverlays } from './thread-overlays';
import { threadRows } from './thread-rows';
import { AT_BOTTOM_PX, newestMessageIndex } from './thread-scroll';
import type { ThreadSnapshot } from '../session/thread-snapshot';
import { ThreadSpinner } from './thread-skeleton';
import { WelcomePanel } from './thread-welcome';

/**
 * The scrollable message list (docs/widgets/message-thread.md#list): oldest at the top, the provider's bubbles right and the
 * member's left (own messages by author identity), each with its media, body and timestamp
 * ('Monday, June 1, 2020 3:00 PM'); pending sends after them with their state. Virtualised
 * (@tanstack/react-virtual): only the rows in view (and a few around) are in the DOM, so a
 * 10,000-message thread stays small. Scrolling to within 250 px of the top loads the older page;
 * the reading position stays where it was (the virtualiser anchors to the end), and a new
 * message scrolls to the bottom only when the reader is there.
 *
 * A day separator ('Today', 'Yesterday', else the date) above the first message of
 * each day; 'New messages' above the first customer message that was unread when the thread
 * opened, and the list opens there instead of at the newest message; each own bubble shows its
 * state (sending, sent, delivered, read) as an icon in a corner kept for it, with the state as
 * text for screen readers, and the newest own message says it in words after its time while it
 * is the last word — nothing moves when a state changes.
 *
 * Each message's time (message-times.tsx): on a wide thread its full timestamp on a line under
 * its bubble; on a narrow one (a phone, under 560 px) the full timestamp under a group's last
 * bubble, and each bubble's time of day ('3:00 PM') beside it when it is tapped (again: hidden)
 * or has keyboard focus, over the row's free side, so nothing moves when it shows. Screen
 * readers get the full timestamp with every bubble (its description). The bubbles are one tab
 * stop (roving focus: the last focused, else the newest): ArrowUp/ArrowDown move between them,
 * Home/End to the first and last loaded; the focused bubble's row stays rendered while it is
 * scrolled out of view.
 *
 * Its parts: the rows' bubbles (thread-bubbles.tsx), the day separators (thread-days.tsx), what
 * floats over the list (thread-overlays.tsx: the pinned day, 'Jump to newest', the announcer)
 * and the empty thread's welcome (thread-welcome.tsx).
 */

/** Infinite scroll default threshold. */
const INFINITE_SCROLL_THRESHOLD_PX = 250;
const ESTIMATED_ROW_PX = 84;
const OVERSCAN = 4;
/**
 * Without a layout engine (a test DOM) the list measures 0 × 0: take a viewport's size, so
 * rows render (they measure 0 there too).
 */
const FALLBACK_RECT = { width: 600, height: 480 };

export interface MessageListHandle {
  /** Scrolls to the newest row (after an own send). */
  scrollToEnd(): void;
}

export interface MessageListProps {
  snapshot: ThreadSnapshot;
  memberName: string;
  onLoadOlder(): void;
  onRetry(id: string): void;
  onDiscard(id: string): void;
  handle?: Ref<MessageListHandle>;
  /** Shown at the top of the list, above the rows: the chat's init failure when sends are pending. */
  notice?: ReactNode;
}

function observeRect(instance: Virtualizer<HTMLDivElement, HTMLLIElement>, cb: (rect: { width: number; height: number }) => void) {
  return observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : FALLBACK_RECT));
}

/**
 * A list at its end stays there as its rows grow: a state line under the newest bubble ('·
 * Delivered'), a photo measured. The virtualiser follows such growth itself, except while its own
 * scroll to the end is still on its way: then the list rested short of its end by the growth (17
 * px on a phone after a retried send), and here it is asked to the end again. Read from the
 * list's last scroll event (a growth moves no scroll position); `total` is the rows' height, null
 * while this does not apply (a server's first page, opened at its end by its layout; an older
 * page loading, its spinner above the rows).
 */
function useKeepAtEnd(scrollRef: { readonly current: HTMLDivElement | null }, virtualizer: Virtualizer<HTMLDivElement, HTMLLIElement>, total: number | null) {
  const atEnd = useRef(false);
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const onScroll = () => {
      atEnd.current = element.scrollHeight - element.clientHeight - element.scrollTop <= AT_BOTTOM_PX;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [scrollRef]);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (total === null || !element || !atEnd.current || element.clientHeight === 0) return;
    if (element.scrollHeight - element.clientHeight - element.scrollTop > 0.5) virtualizer.scrollToEnd();
  }, [scrollRef, virtualizer, total]);
}

export function MessageList({ snapshot, memberName, onLoadOlder, onRetry, onDiscard, handle, notice = null }: MessageListProps) {
  const { t, onLinkClick, now } = useRuntime();
  const scrollRef = useRef<HTMLDivElement>(null);
  const { messages, pending, identity, readHorizon, unreadAfter, hasOlder } = snapshot;
  // At midnight (the widget's clock) the separators are named again: 'Today' becomes 'Yesterday'.
  const [day, setDay] = useState(0);
  useEffect(() => {
    const current = now();
    const midnight = new Date(current.getFullYear(), current.getMonth(), current.getDate() + 1);
    const timer = setTimeout(() => setDay((n) => n + 1), midnight.getTime() - current.getTime() + 1000);
    return () => clearTimeout(timer);
  }, [now, day]);
  // (Not on the connection, typing or announcements: those change no row.)
  const rows = useMemo(
    () => threadRows({ messages, pending, identity, readHorizon, unreadAfter, hasOlder }),
    [messages, pending, identity, readHorizon, unreadAfter, hasOlder],
  );

  // The bubbles' one tab stop (roving focus): the last focused, else the newest. By key: an
  // older page moves every index.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const found = activeKey === null ? -1 : rows.findIndex((row) => row.key === activeKey);
  const activeIndex = found >= 0 ? found : rows.length - 1;
  // The bubble whose time a tap shows on a narrow thread (one at a time; a second tap hides it).
  const [revealedKey, setRevealedKey] = useState<string | null>(null);
  // A bubble to focus once its row is rendered (after an arrow key).
  const focusKey = useRef<string | null>(null);
  // The focused bubble's row stays in the DOM out of view: focus is not lost to the page when
  // the list scrolls, and Tab always finds the bubbles' stop.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (activeIndex < 0 || activeIndex >= range.count || indexes.includes(activeIndex)) return indexes;
      return [...indexes, activeIndex].sort((a, b) => a - b);
    },
    [activeIndex],
  );

  const virtualizer = useVirtualizer<HTMLDivElement, HTMLLIElement>({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: OVERSCAN,
    paddingStart: 12,
    paddingEnd: 12,
    // Chat: a prepended (older) page keeps the reading position; a new message at the end is
    // followed only when the reader was at the end.
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: AT_BOTTOM_PX,
    observeElementRect: observeRect,
    useFlushSync: false,
    rangeExtractor,
  });

  useEffect(() => {
    const key = focusKey.current;
    if (key === null) return;
    const index = rows.findIndex((row) => row.key === key);
    const bubble = scrollRef.current?.querySelector<HTMLElement>(`li[data-index="${index}"] .lk-msg`);
    if (!bubble) return;
    focusKey.current = null;
    bubble.focus({ preventScroll: true });
  });

  /** ArrowUp/ArrowDown: the bubble before or after; Home/End: the first or last loaded. */
  const onBubbleKeyDown = (event: KeyboardEvent<HTMLElement>, index: number) => {
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const last = rows.length - 1;
    const next = event.key === 'ArrowUp' ? index - 1 : event.key === 'ArrowDown' ? index + 1 : event.key === 'Home' ? 0 : event.key === 'End' ? last : null;
    if (next === null) return;
    event.preventDefault();
    const target = Math.min(Math.max(next, 0), last);
    if (target === index) return;
    focusKey.current = rows[target]!.key;
    setActiveKey(rows[target]!.key);
    virtualizer.scrollToIndex(target, { align: 'auto' });
  };

  useImperativeHandle(handle, () => ({ scrollToEnd: () => virtualizer.scrollToEnd() }), [virtualizer]);

  /** 'Jump to newest': the list to its end, focus on the newest bubble (the bubbles' tab stop). */
  const jumpToNewest = () => {
    const last = rows.at(-1);
    if (!last) return;
    focusKey.current = last.key;
    setActiveKey(last.key);
    virtualizer.scrollToEnd();
  };

  // The first page opens at the newest message — or at 'New messages' when the thread opened
  // with unread customer messages, the line at the top of the list. Before the frame
  // is painted: a server's first page (shown at its end without a script) is not seen at its top.
  // Opened at the newest message, the reader has it on screen from the first frame: it counts as
  // seen (no '1 new message' for it) though they flick up before a scroll event at the end
  // reaches the overlays — which happened on some runs and not on others.
  const opened = useRef(false);
  const [seenOnOpen, setSeenOnOpen] = useState(-1);
  useLayoutEffect(() => {
    if (opened.current || rows.length === 0 || snapshot.status !== 'ready') return;
    opened.current = true;
    // The row that opens with the line (and the day separator above it, if any).
    const unread = rows.findIndex((row) => row.unread);
    if (unread >= 0) {
      virtualizer.scrollToIndex(unread, { align: 'start' });
    } else {
      virtualizer.scrollToEnd();
      setSeenOnOpen(newestMessageIndex(rows));
    }
  }, [rows, snapshot.status, virtualizer]);

  useKeepAtEnd(scrollRef, virtualizer, snapshot.status === 'ready' && !snapshot.firstPage && !snapshot.loadingOlder ? virtualizer.getTotalSize() : null);

  // Not after a failed older page: its 'Try again' asks. Scroll events come by the dozen (and
  // from layout: a resize, the virtualiser keeping the reading position), so each asking again
  // was a request per event while the page kept failing (CI saw a second one within 2 s).
  const onScroll = () => {
    const element = scrollRef.current;
    if (element && element.scrollTop <= INFINITE_SCROLL_THRESHOLD_PX && !snapshot.olderFailed) onLoadOlder();
  };
  // A short first page (or a tall viewport) leaves nothing to scroll: ask for older ones at once.
  // Not after a failed one: its Retry asks (asking again at each render was a request loop
  // while the older page kept failing).
  useEffect(() => {
    const element = scrollRef.current;
    // (Only with a layout: a test DOM measures everything 0.)
    if (
      element &&
      element.clientHeight > 0 &&
      snapshot.status === 'ready' &&
      snapshot.hasOlder &&
      !snapshot.loadingOlder &&
      !snapshot.olderFailed &&
      element.scrollTop <= INFINITE_SCROLL_THRESHOLD_PX &&
      element.scrollHeight <= element.clientHeight + INFINITE_SCROLL_THRESHOLD_PX
    ) {
      onLoadOlder();
    }
  });

  const external = (event: MouseEvent<HTMLAnchorElement>) => onLinkClick(event, 'external');
  const renderRow = (index: number) => {
    const row = rows[index]!;
    const bubble: BubbleFocus = {
      tabIndex: index === activeIndex ? 0 : -1,
      revealed: row.key === revealedKey,
      onFocus: () => setActiveKey(row.key),
      onKeyDown: (event) => onBubbleKeyDown(event, index),
      // A tap on the bubble (not on a link or button in it) shows or hides its time.
      onClick: (event) => {
        if (!(event.target as Element).closest('a, button')) setRevealedKey((shown) => (shown === row.key ? null : row.key));
      },
    };
    return (
      <>
        {row.day ? <DaySeparator date={row.day} /> : null}
        {row.unread ? (
          <p className="lk-thread__unread" part="unread-marker">
            <span>{t('thread.newMessages')}</span>
          </p>
        ) : null}
        {row.kind === 'message' ? (
          <MessageBubble
            message={row.message}
            own={row.own}
            stamp={row.stamp}
            state={row.state}
            receipt={row.receipt}
            memberName={memberName}
            onLinkClick={external}
            focus={bubble}
          />
        ) : (
          <PendingBubble
            pending={row.pending}
            stamp={row.stamp}
            receipt={row.receipt}
            onRetry={onRetry}
            onDiscard={onDiscard}
            onLinkClick={external}
            focus={bubble}
          />
        )}
      </>
    );
  };

  const items = virtualizer.getVirtualItems();
  // (Not while the recent page is still to come: it failed, and 'Try again' asks for it.)
  const empty = snapshot.status === 'ready' && rows.length === 0 && !snapshot.hasOlder;
  // Sends written while the chat opens show at once, under the spinner.
  const opening = snapshot.status === 'loading';

  const rowsAndState = (
    <>
      {notice ? (
        <div className="lk-thread__notice">{notice}</div>
      ) : opening || snapshot.loadingOlder ? (
        <div className="lk-thread__older" role="status">
          <ThreadSpinner />
          <span className="lk-visually-hidden">{t(opening ? 'thread.loading' : 'thread.loadingOlder')}</span>
        </div>
      ) : snapshot.olderFailed ? (
        <div className="lk-thread__older" role="alert">
          <span>{t(snapshot.messages.length === 0 ? 'thread.recentFailed' : 'thread.olderFailed')}</span>
          <button type="button" className="lk-link-button" onClick={onLoadOlder}>
            {t('action.retry')}
          </button>
        </div>
      ) : null}
      {snapshot.firstPage ? (
        // A server's first page, while the chat opens: every row in the flow (no script
        // measured them), the list opened at its end by its layout (ui: column-reverse).
        <ul className="lk-thread__rows">
          {rows.map((row, index) => (
            <li key={row.key} data-index={index} className="lk-thread__row">
              {renderRow(index)}
            </li>
          ))}
        </ul>
      ) : (
        <ul className="lk-thread__rows" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => (
            <li
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className="lk-thread__row"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {renderRow(item.index)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
  // A server's first page is one block at the list's end (see ui: the list opens at its end).
  const contents = snapshot.firstPage ? <div className="lk-thread__first-page">{rowsAndState}</div> : rowsAndState;

  return (
    <div className="lk-thread__list-wrap">
      <div
        ref={scrollRef}
        className="lk-thread__list"
        role="region"
        aria-label={t('thread.messages')}
        tabIndex={0}
        onScroll={onScroll}
        part="message-list"
        aria-busy={opening || snapshot.loadingOlder}
        data-first-page={snapshot.firstPage || undefined}
      >
        {opening && rows.length === 0 ? (
          <div className="lk-thread__loading" role="status" aria-label={t('thread.loading')}>
            <ThreadSpinner />
          </div>
        ) : empty ? (
          <WelcomePanel memberName={memberName} />
        ) : (
          contents
        )}
      </div>
      <ListOverlays
        rows={rows}
        virtualizer={virtualizer}
        scrollRef={scrollRef}
        ready={snapshot.status === 'ready' && !snapshot.firstPage}
        seenOnOpen={seenOnOpen}
        onJump={jumpToNewest}
        announcer={(below) => <Announcer snapshot={snapshot} memberName={memberName} below={below} />}
      />
    </div>
  );
}
