import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { groupNotices, isOpenLeadMessage, noticeContent, noticeTag, type LeadNotice } from '../../../domain/new-lead-notice';
import { useRuntime, withMessages } from '../../../runtime/runtime';
import { useStyles } from '../../../runtime/styles';
import { openFromOutsideAtom } from '../board-page';
import { boardInputsAtom } from '../view/view-atoms';
import { arrivalsFoundAtom, lookAtArrivalsAtom, unlookedCountAtom, watchHiddenAtom } from './arrivals-atoms';
import { NOTICES_CATALOGUE } from './notices-messages';
import { showNotice } from './notices.logic';
import { NotifyControl, useNotifySetting } from './notify-control';
import noticesCss from './notices.css?inline';

const STYLES = [noticesCss];

export interface NoticesProps {
  /** The board's root: the pro looks at the board while it is in view on a visible, focused page; the control is its last row. */
  root: RefObject<Element | null>;
  /** The title count (the board's `title-count`): it also keeps the checks going while the page is hidden. */
  titleCount: boolean;
}

/**
 * The pro looks at the board: the page visible and focused, the board in view (any of it); or
 * the pro used it (a pointer or a key on it). `onLook` runs on each; `looking()` says whether it
 * is so now.
 */
function useLooking(root: RefObject<Element | null>, onLook: () => void): () => boolean {
  const inView = useRef(typeof IntersectionObserver !== 'function');
  const looking = useCallback(
    () => document.visibilityState === 'visible' && (typeof document.hasFocus !== 'function' || document.hasFocus()) && inView.current,
    [],
  );
  useEffect(() => {
    const board = root.current;
    if (!board) return;
    const look = () => looking() && onLook();
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => {
            inView.current = entries.some((entry) => entry.isIntersecting);
            look();
          })
        : null;
    observer?.observe(board);
    document.addEventListener('visibilitychange', look);
    addEventListener('focus', look);
    board.addEventListener('pointerdown', onLook);
    board.addEventListener('keydown', onLook);
    return () => {
      observer?.disconnect();
      document.removeEventListener('visibilitychange', look);
      removeEventListener('focus', look);
      board.removeEventListener('pointerdown', onLook);
      board.removeEventListener('keydown', onLook);
    };
  }, [root, onLook, looking]);
  return looking;
}

/**
 * While the board has new leads the pro has not looked at, the page's title starts with their
 * count ('(2) Business Center'): the host's own title kept after it, and back as it was when the
 * count goes (unless the host changed it meanwhile: then the host's stays).
 */
function useTitleCount(count: number): void {
  const { t } = useRuntime();
  useEffect(() => {
    if (count <= 0) return;
    const title = document.title;
    const counted = t('notify.titleCount', { count, title });
    document.title = counted;
    return () => {
      if (document.title === counted) document.title = title;
    };
  }, [count, t]);
}

/** The board's route with `reply=true` (the quick answer ready), absolute: what the host's service worker opens on a click. */
function replyUrl(route: string): string {
  try {
    const url = new URL(route, location.href);
    url.searchParams.set('reply', 'true');
    return url.href;
  } catch {
    return route;
  }
}

/**
 * The new-lead notification: each lead found while the page is hidden, the ones not looked at yet
 * in one notification (its tag: a new one replaces it), gone once the pro looks at the board.
 * A click focuses the page and opens the newest lead with its quick answer ready.
 */
function useNewLeadNotifications(spId: number | null, on: boolean, open: (leadId: number) => void): () => void {
  const { t, now, routes } = useRuntime();
  const found = useAtomValue(arrivalsFoundAtom);
  const group = useRef<readonly LeadNotice[]>([]);
  const shown = useRef<{ close(): void } | null>(null);
  const told = useRef(found?.seq ?? 0);
  useEffect(() => {
    if (!found || found.seq === told.current) return;
    told.current = found.seq;
    if (!on || spId === null || !found.hidden) return;
    const notices = groupNotices(group.current, found.notices);
    group.current = notices;
    const newest = notices[0]?.leadId ?? null;
    if (newest === null) return;
    const { title, body } = noticeContent(notices, now(), t);
    const data = { leadkit: 'new-leads', spId, notices, url: replyUrl(routes.leadBoard({ serviceProviderId: spId, leadId: newest })) } as const;
    void showNotice(title, { body, tag: noticeTag(spId), data, renotify: true }, () => {
      window.focus();
      group.current = [];
      shown.current = null;
      open(newest);
    }).then((notification) => {
      shown.current = notification;
    });
  }, [found, on, spId, now, t, routes, open]);
  return useCallback(() => {
    group.current = [];
    shown.current?.close();
    shown.current = null;
  }, []);
}

/** The host's service worker tells an open board page to open a lead (leadkit/notifications-sw, a notification clicked). */
function useOpenLeadMessages(open: (leadId: number) => void): void {
  useEffect(() => {
    const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!worker) return;
    const onMessage = (event: MessageEvent) => {
      if (isOpenLeadMessage(event.data)) open(event.data.leadId);
    };
    worker.addEventListener('message', onMessage);
    return () => worker.removeEventListener('message', onMessage);
  }, [open]);
}

/**
 * New leads told outside the board's box (docs/widgets/lead-board.md#new-lead-notifications): the
 * page title's count, the 'Notify me of new leads' control and its notifications, and a lead opened
 * from a notification (the board's own, or the host's service worker's) with its quick answer
 * ready — through the board's view, as `reply` opens one (lead-board.tsx). Part of the new-leads
 * part: it comes once the first page is on screen and the page is idle, never in the first load.
 */
function NoticesPart({ root, titleCount }: NoticesProps) {
  useStyles(STYLES);
  const { spId } = useAtomValue(boardInputsAtom);
  const setting = useNotifySetting(spId);
  const open = useSetAtom(openFromOutsideAtom);
  const unlooked = useAtomValue(unlookedCountAtom);
  const lookAtArrivals = useSetAtom(lookAtArrivalsAtom);
  const setWatchHidden = useSetAtom(watchHiddenAtom);
  // Checks while hidden only for what the pro (notifications on) or the host (`title-count`) asked
  // for: otherwise a board in a background tab asks the gateway nothing (docs/benchmarks.md#idle-calls).
  const watching = titleCount || setting.on;
  useEffect(() => {
    setWatchHidden(watching);
    return () => setWatchHidden(false);
  }, [watching, setWatchHidden]);

  const forget = useNewLeadNotifications(spId, setting.on, open);
  const onLook = useCallback(() => {
    lookAtArrivals();
    forget();
  }, [lookAtArrivals, forget]);
  const looking = useLooking(root, onLook);
  // Found while the pro looks at the board: seen as they come (the board's '1 new lead' shows them).
  useEffect(() => {
    if (unlooked > 0 && looking()) onLook();
  }, [unlooked, looking, onLook]);
  useTitleCount(titleCount ? unlooked : 0);

  useOpenLeadMessages(open);

  // The control is the board's last row, under the list (this part lives in the list's section,
  // mounted after the first card): nothing above it moves when it comes.
  const [board, setBoard] = useState<Element | null>(null);
  useEffect(() => setBoard(root.current), [root]);
  return board ? createPortal(<NotifyControl setting={setting} />, board) : null;
}

/** With its texts (notices-messages.ts): they come with the part's chunk. */
export const Notices = withMessages(NoticesPart, NOTICES_CATALOGUE);
