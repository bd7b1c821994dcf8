import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Provider as JotaiProvider, useAtomValue, useStore } from 'jotai/react';
import { createStore } from 'jotai/vanilla';
import { clientAtom } from './client-atom';
import type { WidgetStore } from './store';

/** Each element store's scoped store, for the provider it was made for (kept across a removal and return, as the element's is). */
const scopedStores = new WeakMap<WidgetStore, { spId: number; store: WidgetStore }>();

/**
 * A subtree whose state is one provider's: the office app's route widgets (lead page, board,
 * thread), each for the provider its route names. Another provider gets a new store — nothing
 * of one provider's board shows or is sent as another's — with the element's gateway client.
 * (A provider element is scoped by its `sp-id` the same way: WidgetShell's `scope`.)
 */
export function ProviderScope({ spId, children }: { spId: number; children: ReactNode }) {
  const parent = useStore();
  const client = useAtomValue(clientAtom);
  let scoped = scopedStores.get(parent);
  if (scoped?.spId !== spId) {
    scoped = { spId, store: createStore() };
    scopedStores.set(parent, scoped);
  }
  const { store } = scoped;
  // Mounting (first, or back in the document with a new client): nothing in this subtree
  // subscribes to the store yet, so its reads start with the element's current client.
  const mounted = useRef(false);
  if (!mounted.current && store.get(clientAtom) !== client) store.set(clientAtom, client);
  useLayoutEffect(() => {
    mounted.current = true;
    if (store.get(clientAtom) !== client) store.set(clientAtom, client);
  }, [store, client]);
  return <JotaiProvider store={store}>{children}</JotaiProvider>;
}
