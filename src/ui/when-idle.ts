import { useEffect, useState } from 'react';

/** How long idle work waits at most for an idle moment (a busy page still gets it). */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `work` when the browser is next idle (`requestIdleCallback`, at most IDLE_TIMEOUT_MS
 * later), or a task later where there is no such callback (Safari before 18); returns a cancel.
 */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 1);
  return () => clearTimeout(timer);
}

/** False until `ready` has been true and the browser was idle after it; then true for good. */
export function useIdleAfter(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    return whenIdle(() => setIdle(true));
  }, [ready, idle]);
  return idle;
}
