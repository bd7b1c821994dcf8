import { useLayoutEffect, useRef } from 'react';
import { useStore } from 'jotai/react';
import type { WritableAtom } from 'jotai/vanilla';

function shallowEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * Pushes a widget's inputs (attributes) into its store with `store.set` (not a hydrate-once
 * helper): at once on the first render, before anything below subscribes, and after every
 * later change before the browser paints.
 */
export function useAtomInput<T>(input: WritableAtom<T, [T], void>, value: T): void {
  const store = useStore();
  const first = useRef(true);
  if (first.current) {
    first.current = false;
    if (!shallowEqual(store.get(input), value)) store.set(input, value);
  }
  useLayoutEffect(() => {
    if (!shallowEqual(store.get(input), value)) store.set(input, value);
  });
}
