import {
  useCallback,
  useEffect,
  useId,
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
import type { ChatMedia, ChatMessage } from '../../chat/chat-client';
import { useRuntime } from '../../runtime/runtime';
import { useFormat } from '../../runtime/use-format';
import { dayName, localDayKey } from './message-groups';
import { MessageText } from './message-text';
import { threadRows, type Row } from './thread-rows';
import { AT_BOTTOM_PX, isScrolledUp, pinnedDayRow, seenUpTo, unseenBelow, type ListView } from './thread-scroll';
import type { OwnMessageState, PendingSend, ThreadSnapshot } from './thread-session';
import { ThreadSpinner } from './thread-skeleton';
import { BubbleTime, StampLine } from './message-times';

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
 */

/** Infinite scroll default threshold. */
export const INFINITE_SCROLL_THRESHOLD_PX = 250;
/** The pinned day label's height: the next day's separator takes its place as it comes under it. */
const PINNED_DAY_PX = 32;
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
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current || rows.length === 0 || snapshot.status !== 'ready') return;
    opened.current = true;
    // The row that opens with the line (and the day separator above it, if any).
    const unread = rows.findIndex((row) => row.unread);
    if (unread >= 0) virtualizer.scrollToIndex(unread, { align: 'start' });
    else virtualizer.scrollToEnd();
  }, [rows, snapshot.status, virtualizer]);

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
        onJump={jumpToNewest}
        announcer={(below) => <Announcer snapshot={snapshot} memberName={memberName} below={below} />}
      />
    </div>
  );
}

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
function ListOverlays({
  rows,
  virtualizer,
  scrollRef,
  ready,
  onJump,
  announcer,
}: {
  rows: readonly Row[];
  virtualizer: Virtualizer<HTMLDivElement, HTMLLIElement>;
  scrollRef: { readonly current: HTMLDivElement | null };
  /** The list scrolls (the chat's rows, measured): not while it opens, nor a server's first page. */
  ready: boolean;
  onJump(): void;
  announcer(below: number): ReactNode;
}) {
  const { t } = useRuntime();
  const [offset, setOffset] = useState(0);
  const [scrolledUp, setScrolledUp] = useState(false);
  // The newest message index the reader has had in view (indexes stay when older pages come).
  const [seen, setSeen] = useState(-1);
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || !ready) return;
    const onScroll = () => {
      setOffset(element.scrollTop);
      setScrolledUp(isScrolledUp(viewAt(virtualizer, element.scrollTop)));
    };
    onScroll();
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [scrollRef, virtualizer, ready]);
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
  const below = scrolledUp ? unseenBelow(rows, seen) : 0;
  const pinned = ready ? pinnedDayRow(rows, virtualizer.measurementsCache, offset, PINNED_DAY_PX) : null;
  const day = pinned === null ? null : rows[pinned]!.day;
  const jump = () => {
    const newest = rows.findLast((row) => row.kind === 'message');
    if (newest?.kind === 'message') setSeen((before) => Math.max(before, newest.message.index));
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
function Announcer({ snapshot, memberName, below }: { snapshot: ThreadSnapshot; memberName: string; below: number }) {
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

/** 'Today', 'Yesterday' (on the widget's clock), else 'Monday, June 1, 2020'. */
function DayName({ date }: { date: Date }) {
  const { t, now } = useRuntime();
  const format = useFormat();
  const name = dayName(date, now());
  return (
    <time dateTime={localDayKey(date)}>{name === 'today' ? t('thread.today') : name === 'yesterday' ? t('thread.yesterday') : format.messageDay(date)}</time>
  );
}

/** A day's separator: a heading per day, to move between days by heading. */
function DaySeparator({ date }: { date: Date }) {
  return (
    <h2 className="lk-thread__day" part="day-separator">
      <DayName date={date} />
    </h2>
  );
}

/** The state icons (the words are beside them for screen readers): a clock, one tick, two ticks, two ticks in colour. */
function StateIcon({ state }: { state: OwnMessageState }) {
  const common = { width: 18, height: 12, viewBox: '0 0 18 12', 'aria-hidden': true, focusable: false } as const;
  if (state === 'sending') {
    return (
      <svg {...common}>
        <circle cx="9" cy="6" r="4.75" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M9 3.5V6l1.75 1.25" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
    );
  }
  if (state === 'sent') {
    return (
      <svg {...common}>
        <path d="m3.5 6.5 3 3 7-7" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <path d="m1 6.5 3 3 7-7M8.5 8.5l1 1 7-7" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** An own bubble's state: the icon in the corner kept for it, the state in words for screen readers. */
function MessageState({ state, id }: { state: OwnMessageState; id: string }) {
  const { t } = useRuntime();
  if (state === 'failed' || state === 'held') return null;
  return (
    <span className="lk-msg__state-icon" data-state={state} part="message-state-icon">
      <StateIcon state={state} />
      <span className="lk-visually-hidden" id={id}>
        {t(`thread.state.${state}`)}
      </span>
    </span>
  );
}

/** How a bubble takes part in the list's roving focus and taps (MessageList). */
interface BubbleFocus {
  tabIndex: 0 | -1;
  /** Tapped: its time shows on a narrow thread. */
  revealed: boolean;
  onFocus(): void;
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
  onClick(event: MouseEvent<HTMLElement>): void;
}

/**
 * A bubble's element attributes: one of the list's focusable bubbles (a group named by who wrote
 * it and what it holds, described by its full timestamp and state), its time shown when tapped.
 */
function bubbleAttributes(focus: BubbleFocus, labelledBy: (string | false)[], describedBy: (string | false)[]) {
  return {
    role: 'group',
    tabIndex: focus.tabIndex,
    'aria-labelledby': labelledBy.filter(Boolean).join(' '),
    'aria-describedby': describedBy.filter(Boolean).join(' ') || undefined,
    'data-revealed': focus.revealed || undefined,
    onFocus: (event: { target: EventTarget; currentTarget: EventTarget }) => {
      if (event.target === event.currentTarget) focus.onFocus();
    },
    onKeyDown: focus.onKeyDown,
    onClick: focus.onClick,
  } as const;
}

/**
 * One message. Its full timestamp is read with it by screen readers, and shows on the line
 * under it (message-times.tsx: on a wide thread under every bubble, on a narrow one under a
 * group's last, the others' time beside them on a tap). An own message shows its state
 * (`state`), and in words before its time when it is the newest and the last word (`receipt`).
 */
function MessageBubble({
  message,
  own,
  stamp,
  state,
  receipt,
  memberName,
  onLinkClick,
  focus,
}: {
  message: ChatMessage;
  own: boolean;
  stamp: boolean;
  state: OwnMessageState | null;
  receipt: OwnMessageState | null;
  memberName: string;
  onLinkClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  focus: BubbleFocus;
}) {
  const { t } = useRuntime();
  const id = useId();
  const date = message.dateCreated;
  const attributes = bubbleAttributes(
    focus,
    [`${id}who`, ...message.media.map((media, i) => `${id}media${i}`), !!message.body && `${id}body`],
    [!!date && `${id}time`, !!state && `${id}state`],
  );
  return (
    <>
      <div
        className="lk-msg"
        data-own={own}
        data-group-end={stamp}
        data-receipt={state ? true : undefined}
        part={own ? 'message message-own' : 'message message-member'}
        {...attributes}
      >
        <span className="lk-visually-hidden" id={`${id}who`}>
          {own ? t('thread.you') : memberName}
        </span>
        {message.media.map((media, i) => (
          <MessageMedia key={media.sid} media={media} id={`${id}media${i}`} />
        ))}
        {message.body ? (
          <p className="lk-msg__body" dir="auto" id={`${id}body`}>
            <MessageText text={message.body} onLinkClick={onLinkClick} />
          </p>
        ) : null}
        {date ? <BubbleTime date={date} id={`${id}time`} /> : null}
        {state ? <MessageState state={state} id={`${id}state`} /> : null}
      </div>
      <StampLine date={date} own={own} receipt={receipt} groupEnd={stamp} />
    </>
  );
}

/**
 * A media URL the page may link or load: https: (the chat service's content host), blob:, or
 * this page's own origin (a path, or http: on it). A protocol-relative `//host/…` or an http:
 * URL elsewhere is refused (it passed the old `/^(https?:|blob:|\/)/` test and
 * linked to another host over http; test/e2e/xss.test.ts).
 */
function mediaUrl(url: string | null): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, document.baseURI);
  } catch {
    return null;
  }
  if (parsed.protocol === 'https:' || parsed.protocol === 'blob:') return url;
  return parsed.protocol === 'http:' && parsed.origin === location.origin ? url : null;
}

/** A photo (or a download link for other media). Its URL may be temporary: asked for when shown. */
function MessageMedia({ media, id }: { media: ChatMedia; id: string }) {
  const { t } = useRuntime();
  const [given, setUrl] = useState<string | null>(null);
  const url = mediaUrl(given);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    media.getUrl({ signal: controller.signal }).then(
      (next) => {
        if (!controller.signal.aborted) setUrl(next);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [media]);
  const name = media.filename ?? (media.contentType.startsWith('image/') ? t('thread.photo') : t('thread.file'));
  if (!media.contentType.startsWith('image/')) {
    return url ? (
      <a className="lk-msg__file" id={id} href={url} download={media.filename ?? undefined} rel="noopener noreferrer">
        {t('thread.download', { fileName: name })}
      </a>
    ) : (
      <span className="lk-msg__file" id={id}>
        {name}
      </span>
    );
  }
  // A fixed box: the row keeps its height when the image arrives.
  return url && !failed ? (
    <img className="lk-msg__image" id={id} src={url} alt={name} loading="lazy" decoding="async" />
  ) : (
    <span className="lk-msg__image lk-msg__image--placeholder" id={id} role="img" aria-label={name} />
  );
}

/**
 * A send not in the conversation yet: sending or sent (its state icon, as a stored own message
 * has, so the bubble keeps its size when the stored message takes its place), or failed / held
 * (the text with Retry, and Discard for a file).
 */
function PendingBubble({
  pending,
  stamp,
  receipt,
  onRetry,
  onDiscard,
  onLinkClick,
  focus,
}: {
  pending: PendingSend;
  stamp: boolean;
  receipt: OwnMessageState | null;
  onRetry(id: string): void;
  onDiscard(id: string): void;
  onLinkClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  focus: BubbleFocus;
}) {
  const { t } = useRuntime();
  const id = useId();
  const percent = pending.progress && pending.progress.total > 0 ? Math.round((pending.progress.loaded / pending.progress.total) * 100) : 0;
  const fileName = pending.fileName ?? t('thread.photo');
  const stuck = pending.state === 'failed' || pending.state === 'held';
  const createdAt = new Date(pending.createdAt);
  const attributes = bubbleAttributes(focus, [`${id}who`, `${id}body`], [`${id}time`, `${id}state`]);
  return (
    <>
      <div
        className="lk-msg"
        data-own="true"
        data-state={pending.state}
        data-group-end={stamp}
        data-receipt={stuck ? undefined : true}
        part="message message-own message-pending"
        {...attributes}
      >
        <span className="lk-visually-hidden" id={`${id}who`}>
          {t('thread.you')}
        </span>
        {pending.kind === 'text' ? (
          <p className="lk-msg__body" dir="auto" id={`${id}body`}>
            <MessageText text={pending.text} onLinkClick={onLinkClick} />
          </p>
        ) : (
          <p className="lk-msg__body lk-msg__file" id={`${id}body`}>
            {fileName}
          </p>
        )}
        <BubbleTime date={createdAt} id={`${id}time`} />
        {pending.kind === 'media' && pending.state === 'sending' ? (
          <progress className="lk-msg__progress" max={100} value={percent} aria-label={t('thread.uploading', { fileName, percent })} />
        ) : null}
        {stuck ? (
          <p className="lk-msg__state" role="alert" id={`${id}state`}>
            {pending.state === 'failed' && pending.kind === 'media' ? t('validation.fileDefault') : t(`thread.state.${pending.state}`)}{' '}
            <button type="button" className="lk-link-button" onClick={() => onRetry(pending.id)}>
              {t('thread.retry')}
            </button>
            {pending.kind === 'media' && pending.state === 'failed' ? (
              <>
                {' '}
                <button type="button" className="lk-link-button" onClick={() => onDiscard(pending.id)}>
                  {t('thread.discard')}
                </button>
              </>
            ) : null}
          </p>
        ) : (
          <MessageState state={pending.state} id={`${id}state`} />
        )}
      </div>
      <StampLine date={createdAt} own receipt={receipt} groupEnd={stamp} />
    </>
  );
}

/** The welcome-to-messaging panel with images, for a thread without messages. */
function WelcomePanel({ memberName }: { memberName: string }) {
  const { t } = useRuntime();
  return (
    <div className="lk-thread__welcome" part="welcome">
      <svg className="lk-thread__welcome-image" width="160" height="96" viewBox="0 0 160 96" aria-hidden="true" focusable="false">
        <rect x="8" y="10" width="92" height="44" rx="12" fill="var(--_lk-color-surface-alt)" stroke="var(--_lk-color-border)" />
        <path d="M26 54 20 66 38 54Z" fill="var(--_lk-color-surface-alt)" stroke="var(--_lk-color-border)" />
        <rect x="22" y="24" width="56" height="6" rx="3" fill="var(--_lk-color-border)" />
        <rect x="22" y="36" width="40" height="6" rx="3" fill="var(--_lk-color-border)" />
        <rect x="64" y="42" width="88" height="44" rx="12" fill="var(--_lk-color-primary)" />
        <path d="M134 86 142 96 124 86Z" fill="var(--_lk-color-primary)" />
        <rect x="78" y="56" width="56" height="6" rx="3" fill="var(--_lk-color-primary-text)" opacity="0.8" />
        <rect x="78" y="68" width="36" height="6" rx="3" fill="var(--_lk-color-primary-text)" opacity="0.8" />
      </svg>
      <svg className="lk-thread__welcome-image" width="72" height="72" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="var(--_lk-color-primary)" strokeWidth="1.5" />
        <circle cx="9" cy="10" r="2" fill="var(--_lk-color-primary)" />
        <path d="m5 17 5-5 3 3 2-2 4 4" fill="none" stroke="var(--_lk-color-primary)" strokeWidth="1.5" strokeLinejoin="round" />
      </svg>
      <h2 className="lk-thread__welcome-title">{t('thread.welcomeTitle')}</h2>
      <p>{t('thread.welcomeDetail', { memberName })}</p>
    </div>
  );
}
