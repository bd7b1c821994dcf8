import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A handler with a stable identity that always calls the latest `handler`: for callbacks passed
 * to memoised rows (a list re-rendering must not re-render every row because a parent made new
 * closures). Call it from events, not during render.
 */
export function useStableHandler<Args extends unknown[], Result>(handler: (...args: Args) => Result): (...args: Args) => Result {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
