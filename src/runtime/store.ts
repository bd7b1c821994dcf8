import { createStore } from 'jotai/vanilla';

export type WidgetStore = ReturnType<typeof createStore>;

const stores = new WeakMap<object, { scope: unknown; store: WidgetStore }>();

/**
 * One jotai store per element instance, kept outside React: the element unmounts its React tree
 * when an element leaves the DOM, but the store (and so the widget's state) survives a move,
 * and two elements on one page never share state. Never jotai's default store.
 *
 * `scope` is whose state it is — a provider widget's provider (tags.ts `role`): another scope
 * gets a new store (the widget starts afresh), and `onScopeChange` is told (the element's reads
 * for the previous one are cancelled).
 */
export function storeFor(owner: object, scope: unknown = null, onScopeChange?: () => void): WidgetStore {
  const kept = stores.get(owner);
  if (kept && Object.is(kept.scope, scope)) return kept.store;
  if (kept) onScopeChange?.();
  const store = createStore();
  stores.set(owner, { scope, store });
  return store;
}
