import { createStore } from 'jotai/vanilla';

export type WidgetStore = ReturnType<typeof createStore>;

const stores = new WeakMap<object, WidgetStore>();

/**
 * One jotai store per element instance, kept outside React: the element unmounts its React tree
 * when an element leaves the DOM, but the store (and so the widget's state) survives a move,
 * and two elements on one page never share state. Never jotai's default store.
 */
export function storeFor(owner: object): WidgetStore {
  let store = stores.get(owner);
  if (!store) {
    store = createStore();
    stores.set(owner, store);
  }
  return store;
}
