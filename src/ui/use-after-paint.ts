import { useDeferredValue } from 'react';

/**
 * False in a component's first render, true in a re-render React makes right after that one
 * has painted (a deferred value with `false` as its initial value). For parts of a newly shown
 * view that the first frame does not need — closed dialogs, a modal's preloaded shell — so the
 * interaction that showed it paints sooner. (On Preact, whose `useDeferredValue` does not defer,
 * it is true at once.)
 */
export function useAfterPaint(): boolean {
  return useDeferredValue(true, false);
}
