import { useEffect } from 'react';
import { useStableHandler } from './use-stable-handler';

/**
 * While `active`, runs `again` when the connection comes back (`online`) or the page is shown
 * again after being hidden (the pro back from another app or tab): the moments worth asking once
 * more after something failed for a passing reason. No timer: a phone off the network is not kept
 * busy.
 */
export function useWhenBack(active: boolean, again: () => void): void {
  const run = useStableHandler(again);
  useEffect(() => {
    if (!active) return;
    const onVisibility = () => {
      if (document.visibilityState === 'visible') run();
    };
    window.addEventListener('online', run);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('online', run);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active, run]);
}
