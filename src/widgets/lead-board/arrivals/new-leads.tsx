import { useEffect, useRef, type RefObject } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai/react';
import { useRuntime } from '../../../runtime/runtime';
import { boardTouchedAtom } from '../view/view-atoms';
import { arrivalsCountAtom, arrivalsKeyAtom, checkArrivalsAtom, watchHiddenAtom } from './arrivals-atoms';
import { scheduleArrivals, type ArrivalsSchedule } from './arrivals.logic';

/**
 * Watches for new leads while `active` (the board's first page is on screen and nothing failed):
 * the schedule of arrivals.logic.ts on the page's timers and the runtime's clock, paused while the
 * page is hidden (unless the title count or notifications watch then: `watchHiddenAtom`) or offline, asking nothing while `root` is out of the document. What the
 * pro does on the board (view-atoms.ts `boardTouchedAtom`) starts the wait over from the first one.
 */
export function useArrivalsWatch(active: boolean, root: RefObject<Element | null>): void {
  const key = useAtomValue(arrivalsKeyAtom);
  const check = useSetAtom(checkArrivalsAtom);
  const { now } = useRuntime();
  const schedule = useRef<ArrivalsSchedule | null>(null);
  // Read when the schedule asks (a change does not start the schedule over).
  const watchHidden = useAtomValue(watchHiddenAtom);
  const watchingHidden = useRef(watchHidden);
  watchingHidden.current = watchHidden;
  useEffect(() => {
    if (!active || key === null) return;
    const watch = scheduleArrivals(
      {
        now: () => now().getTime(),
        setTimer: (run, ms) => setTimeout(run, ms),
        clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
        hidden: () => document.hidden,
        watchHidden: () => watchingHidden.current,
        offline: () => navigator.onLine === false,
        detached: () => !root.current?.isConnected,
      },
      check,
    );
    schedule.current = watch;
    const resume = () => watch.resume();
    const onVisibility = () => (document.visibilityState === 'visible' ? watch.resume() : watch.hide());
    addEventListener('online', resume);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      watch.stop();
      schedule.current = null;
      removeEventListener('online', resume);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active, key, check, now, root]);
  // Watching hidden from now on: a check skipped while hidden comes now, a far one within the hidden wait.
  useEffect(() => {
    if (!watchHidden) return;
    schedule.current?.resume();
    if (typeof document !== 'undefined' && document.hidden) schedule.current?.hide();
  }, [watchHidden]);
  const store = useStore();
  useEffect(() => store.sub(boardTouchedAtom, () => schedule.current?.nudge()), [store]);
}

/**
 * 'N new leads' just above the list (it takes no room: nothing moves when it appears), in a
 * polite live region that is always there, so its coming is announced.
 */
export function NewLeads({ onShow }: { onShow(): void }) {
  const { t } = useRuntime();
  const count = useAtomValue(arrivalsCountAtom);
  return (
    <div className="lk-board__arrivals" aria-live="polite">
      {count > 0 ? (
        <button type="button" className="lk-board__arrivals-button" onClick={onShow}>
          {count === 1 ? t('board.arrivalsOne') : t('board.arrivals', { count })}
        </button>
      ) : null}
    </div>
  );
}
