import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A part of a widget that loads lazily, as a component, with a way to start loading it early. */
export type LazyPart<P extends object, M = unknown> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the part (once; again after a failure). Resolves with its module. */
  preload(): Promise<M>;
};

/**
 * The one way a widget loads its parts (issue 13 §2): React.lazy over the part's loader, which
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
 * `withParts` starts the part's own first-content parts as soon as its module is here (the
 * office app's route widget and, inside it, the board's list).
 */
export function lazyPart<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  withParts?: (module: M) => void,
): LazyPart<P, M> {
  let arrived: { module: M } | null = null;
  let pending: Promise<M> | null = null;
  const preload = (): Promise<M> =>
    (pending ??= load().then(
      (module) => {
        arrived = { module };
        withParts?.(module);
        return module;
      },
      (error: unknown) => {
        // A failed chunk (offline, blocked) is asked for again on the next try.
        pending = null;
        throw error;
      },
    ));
  const component = lazy<ComponentType<P>>(() => {
    if (arrived) {
      const loaded = { default: pick(arrived.module) };
      return { then: (resolve: (value: typeof loaded) => void) => resolve(loaded) } as unknown as Promise<typeof loaded>;
    }
    return preload().then((module) => ({ default: pick(module) }));
  });
  return Object.assign(component, { preload });
}
