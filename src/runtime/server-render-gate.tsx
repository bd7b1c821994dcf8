import { createContext, useContext, useLayoutEffect, type ReactNode } from 'react';
import { useAtomValue, useStore } from 'jotai/react';
import type { Atom } from 'jotai/vanilla';
import type { Loadable } from './loadable';

/**
 * The server-render gate. The first screen of a widget rendered on a server, and hydrated in the browser, is the one its
 * first gateway answers give — not its loading skeleton. Widgets read their data as loadables
 * (loading → data, no Suspense); a widget reads its first screen's with `useServerRenderLoadable`,
 * which, while a first screen is being made (on a server, or in the browser while the server's
 * HTML is hydrated), suspends instead of showing 'loading'. React's `prerender` then waits for
 * the data before writing the HTML; `hydrateRoot` keeps the server's HTML on the page until the
 * data is here (the answers come from the HTML itself: a few milliseconds) and hydrates it in
 * place. Once the first screen is committed, a later load (a new page, a retry) shows the
 * widget's own loading state as always; a client-only widget never suspends here.
 */
export interface ServerRenderGate {
  /** Whether the first screen is still being made (suspend rather than show 'loading'). */
  readonly active: boolean;
  /**
   * A widget whose first screen is behind a Suspense boundary of its own (the office app's
   * route) ends it itself, with `<ServerRenderReached />` inside that boundary: the widget tree's
   * end no longer does.
   */
  defer(): void;
  /** The first screen is on the page (`nested`: said from inside the widget, see `defer`). */
  done(from?: 'tree' | 'nested'): void;
}

export function createServerRenderGate(): ServerRenderGate {
  let active = true;
  let deferred = false;
  return {
    get active() {
      return active;
    },
    defer() {
      deferred = true;
    },
    done(from = 'tree') {
      if (from === 'tree' && deferred) return;
      active = false;
    },
  };
}

const ServerRenderContext = createContext<ServerRenderGate | null>(null);

/** Provides the first-screen state to a widget's tree, and ends it once that tree committed. */
export function ServerRenderScope({ gate, children }: { gate: ServerRenderGate | null; children: ReactNode }) {
  return (
    <ServerRenderContext.Provider value={gate}>
      {children}
      <ServerRenderDone gate={gate} />
    </ServerRenderContext.Provider>
  );
}

/** Rendered after the widget: its layout effect runs when the whole first screen committed (hydrated). */
function ServerRenderDone({ gate }: { gate: ServerRenderGate | null }) {
  useLayoutEffect(() => gate?.done('tree'), [gate]);
  return null;
}

/**
 * For a widget whose first screen sits behind its own Suspense boundary: call
 * `useServerRenderDeferred()` in the widget, and render `<ServerRenderReached />` inside that
 * boundary, after what it shows — the first screen ends when that content committed (hydrated),
 * not when the boundary's fallback did (its reads would show 'loading' where the server's HTML
 * had data: a mismatch).
 */
export function useServerRenderDeferred(): void {
  useContext(ServerRenderContext)?.defer();
}

export function ServerRenderReached() {
  const gate = useContext(ServerRenderContext);
  useLayoutEffect(() => gate?.done('nested'), [gate]);
  return null;
}

/** While an atom's loadable is loading in a store: one promise, settled when it is not. */
const settling = new WeakMap<object, WeakMap<Atom<unknown>, Promise<void>>>();

function whenSettled<T>(store: ReturnType<typeof useStore>, atom: Atom<Loadable<T>>): Promise<void> {
  let byAtom = settling.get(store);
  if (!byAtom) settling.set(store, (byAtom = new WeakMap()));
  let promise = byAtom.get(atom);
  if (!promise) {
    promise = new Promise<void>((resolve) => {
      const check = () => {
        if (store.get(atom).state === 'loading') return;
        unsubscribe();
        byAtom.delete(atom);
        resolve();
      };
      const unsubscribe = store.sub(atom, check);
      // Settled between the render that read 'loading' and this subscription.
      queueMicrotask(check);
    });
    byAtom.set(atom, promise);
  }
  return promise;
}

/**
 * `useAtomValue` for the loadables a widget's first screen shows: while a first screen is being
 * made it suspends until each has its data (or its error) instead of returning 'loading'. All are
 * read before it suspends, so their calls go out together (one round trip, not one per loadable).
 */
export function useServerRenderLoadables<const T extends readonly Atom<Loadable<unknown>>[]>(
  ...atoms: T
): { [K in keyof T]: T[K] extends Atom<infer V> ? V : never } {
  const store = useStore();
  const gate = useContext(ServerRenderContext);
  // One hook per atom, in a fixed order (a widget passes the same atoms on every render).
  // eslint-disable-next-line react-hooks/rules-of-hooks -- the list of atoms never changes length
  const values = atoms.map((atom) => useAtomValue(atom));
  if (gate?.active) {
    const waiting = atoms.filter((_, index) => values[index]?.state === 'loading');
    // Thrown, as Suspense takes it: React renders this component again once they settled.
    if (waiting.length > 0) throw Promise.all(waiting.map((atom) => whenSettled(store, atom)));
  }
  return values as { [K in keyof T]: T[K] extends Atom<infer V> ? V : never };
}

/** `useServerRenderLoadables` for one loadable. */
export function useServerRenderLoadable<T>(atom: Atom<Loadable<T>>): Loadable<T> {
  return useServerRenderLoadables(atom)[0];
}

/**
 * Whether this widget's tree is (or was, on this element) made from a server's first screen: on
 * the server, and in the browser when it hydrated a server's HTML. A widget whose server answers
 * leave something out (the board's customers' contact details: ../widgets/lead-board/lead-board.server.ts)
 * asks for it when it is needed.
 */
export function useServerRendered(): boolean {
  return useContext(ServerRenderContext) !== null;
}
