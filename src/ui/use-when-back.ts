import { useEffect } from 'react';
import { browserConnection } from '../domain/connection';

/**
 * While `active`, runs `again` when the connection comes back (`online`) or the page is shown
 * again after being hidden (the pro back from another app or tab): the moments worth asking once
 * more after something failed for a passing reason. No timer: a phone off the network is not kept
 * busy. `again` should be stable (a callback, a setter): it is listened with as given.
 * (domain/connection.ts)
 */
export function useWhenBack(active: boolean, again: () => void, { ifOnlineAlready = false }: { ifOnlineAlready?: boolean } = {}): void {
  useEffect(() => {
    if (!active) return;
    // `active` is rendered before this effect listens: an `online` in between would be missed. For
    // what only becomes active while offline (the outbox), being online here means it came back.
    if (ifOnlineAlready && browserConnection.online()) again();
    const stopOnline = browserConnection.onBackOnline(again);
    const stopVisible = browserConnection.onVisible(again);
    return () => {
      stopOnline();
      stopVisible();
    };
  }, [active, again, ifOnlineAlready]);
}
