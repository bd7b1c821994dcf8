import { useMemo } from 'react';
import { useStore } from 'jotai/react';
import { atom } from 'jotai/vanilla';
import type { ServerAnswer } from '../gateway/server-answers';
import type { WidgetStore } from './store';

/**
 * A server render's first-screen values (gateway/server-answers.ts `firstScreenValue`): what a
 * first screen showed that no gateway call of the browser's gives as such (the thread's latest
 * messages). The widget shell puts the page's values in the element's store once; a widget reads
 * its own with `useFirstScreenValue` while it makes its first screen (on the server and while it
 * hydrates), and says when it has used it: a later render of the widget (another thread, the
 * element back in the page) never shows it again.
 */
const firstScreenValuesAtom = atom<readonly ServerAnswer[]>([]);

const given = new WeakSet<WidgetStore>();

/** The page's first-screen values, into the element's store (once: what a widget used stays used). */
export function giveFirstScreenValues(store: WidgetStore, values: readonly ServerAnswer[]): void {
  if (values.length === 0 || given.has(store)) return;
  given.add(store);
  store.set(firstScreenValuesAtom, values);
}

/**
 * The first-screen value named `name`, read by `parse` (null: none, or unreadable — the widget
 * then shows what it shows without it), and `used()`, to call once the widget holds it (an effect).
 */
export function useFirstScreenValue<T>(name: string | null, parse: (value: unknown) => T | null): { value: T | null; used: () => void } {
  const store = useStore();
  const entry = name === null ? undefined : store.get(firstScreenValuesAtom).find((value) => value.path === name);
  const value = useMemo(() => {
    if (!entry) return null;
    try {
      return parse(JSON.parse(entry.text) as unknown);
    } catch {
      return null;
    }
    // (The parser is the widget's one reader of this value: only the entry changes it.)
  }, [entry]);
  return {
    value,
    used: () => {
      if (entry) store.set(firstScreenValuesAtom, (values) => values.filter((other) => other !== entry));
    },
  };
}
