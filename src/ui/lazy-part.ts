import { createContext, createElement, lazy, useContext, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from 'react';
import { useWhenBack } from './use-when-back';

/** A part of a widget that loads lazily, as a component, with a way to start loading it early. */
export type LazyPart<P extends object, M = unknown> = ComponentType<P> & {
  /** Starts loading the part (once; again after a failure). Resolves with its module, rejects when it failed. */
  preload(): Promise<M>;
};

/**
 * What a part that failed to load shows in its place: `retry` loads it again — the view stays
 * meanwhile (`retrying`), and the promise says whether the part came (it then renders in the
 * view's place) or failed again (the view stays, `failures` one higher); `failures` counts the
 * loads that failed (from 2 on, a retry did not help: Firefox and WebKit keep a failed module
 * for the page's lifetime, so only a reload fetches it again).
 */
export type PartFailedViewProps = { retry(): Promise<boolean>; retrying: boolean; failures: number };

/**
 * The view a part that failed to load shows (an element provides one with its texts: the ui
 * layer has none). Without one, the part's place stays empty; it still loads again when the
 * device is back online or the page is shown again (`useWhenBack`).
 */
export const PartFailedView = createContext<ComponentType<PartFailedViewProps> | null>(null);

/**
 * The modules that arrived, by their loader: several parts picked from one module (an open card's
 * extras) share one load, so a part whose module came for another renders in its first render
 * too. The page's own record, as the browser's module map is (a module, once here, stays).
 */
const arrivedModules = new WeakMap<() => Promise<unknown>, { module: unknown }>();
const pendingModules = new WeakMap<() => Promise<unknown>, Promise<unknown>>();

/**
 * The one way a widget loads its parts (docs/architecture.md#decision-lazy-parts): React.lazy over the
 * part's loader, which
 * renders at once — no Suspense fallback, no second render — when the part has already arrived.
 *
 * React.lazy alone suspends once even for a module that is here (its promise settles a microtask
 * after it is asked for), and React then holds a boundary's content for up to 300 ms after its
 * fallback showed (its throttle against "popcorn" reveals): a first screen reached through two
 * lazy parts (the office app's route, then the board's list) waited for that with every byte
 * loaded. So the element starts its first content's parts as it connects (`preload`, from its
 * definition), and by its first render they are here: the part's loader is then answered by a
 * thenable that calls back at once, which React.lazy (and preact/compat's lazy) take synchronously.
 *
 * A part that fails to load (a phone losing its connection, a page leaving while the chunk was
 * on its way) never throws into the widget — that would unmount the whole element — but renders
 * the `PartFailedView` in its place, which loads it again on `retry` (and by itself when the
 * device comes back online or the page is shown again). A preload nobody awaits fails quietly: the render shows the failure.
 *
 * `withParts` starts the part's own first-content parts as soon as its module is here (the
 * office app's route widget and, inside it, the board's list).
 */
export function lazyPart<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>, withParts?: (module: M) => void): LazyPart<P, M> {
  let arrived: { module: M } | null = null;
  let pending: Promise<M> | null = null;
  let partsStarted = false;
  /** The module if it is here (for this part or another of its module); its own parts start then. */
  const here = (): { module: M } | null => {
    arrived ??= (arrivedModules.get(load) as { module: M } | undefined) ?? null;
    if (arrived && !partsStarted) {
      partsStarted = true;
      withParts?.(arrived.module);
    }
    return arrived;
  };
  /** Renders that found the part failed (a preload failing before the first render is not counted). */
  let failures = 0;
  const preload = (): Promise<M> => {
    if (pending) return pending;
    // One load per module, whichever of its parts asks first.
    let loading = pendingModules.get(load) as Promise<M> | undefined;
    if (!loading) {
      loading = load().then(
        (module) => {
          arrivedModules.set(load, { module });
          return module;
        },
        (error: unknown) => {
          // A failed chunk (offline, blocked) is asked for again on the next try.
          pendingModules.delete(load);
          throw error;
        },
      );
      pendingModules.set(load, loading);
    }
    pending = loading.then(
      (module) => {
        arrived = { module };
        here();
        return module;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    // Handled here: `void part.preload()` must not end as an unhandled rejection.
    pending.catch(() => undefined);
    return pending;
  };

  // React.lazy keeps a failure for good, so a part that came on a retry renders a new lazy
  // component. Until then the failure view stays where it is — with the focus, when 'Try again'
  // had it — rather than a fallback in its place.
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  let retrying: Promise<boolean> | null = null;
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const retry = (): Promise<boolean> => {
    if (retrying) return retrying;
    retrying = preload().then(
      () => {
        current = makeLazy();
        return true;
      },
      () => {
        failures += 1;
        return false;
      },
    );
    void retrying.then(() => {
      retrying = null;
      notify();
    });
    notify();
    return retrying;
  };
  const onLine = () => void retry();
  /** What the failure view shows: how many loads failed, and whether one is on its way. */
  const failedState = () => failures * 2 + (retrying ? 1 : 0);
  function Failed() {
    const View = useContext(PartFailedView);
    const state = useSyncExternalStore(subscribe, failedState, failedState);
    useWhenBack(true, onLine);
    return View ? createElement(View, { retry, retrying: state % 2 === 1, failures: state >> 1 }) : null;
  }
  type Loaded = { default: ComponentType<P> };
  function makeLazy(): LazyExoticComponent<ComponentType<P>> {
    return lazy<ComponentType<P>>(() => {
      // Arrived for this part, or for another part of the same module.
      const module = here();
      if (module) {
        const loaded: Loaded = { default: pick(module.module) };
        return { then: (resolve: (value: Loaded) => void) => resolve(loaded) } as unknown as Promise<Loaded>;
      }
      return preload().then(
        (module): Loaded => ({ default: pick(module) }),
        (): Loaded => {
          failures += 1;
          return { default: Failed as ComponentType<P> };
        },
      );
    });
  }
  let current = makeLazy();
  const snapshot = () => current;
  function Part(props: P) {
    return createElement(useSyncExternalStore(subscribe, snapshot, snapshot), props);
  }
  return Object.assign(Part, { preload });
}
