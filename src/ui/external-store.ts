import { useSyncExternalStore } from 'react';

/**
 * A React-free store that a component reads with `useSyncExternalStore` (through
 * `useExternalStore` below): one immutable snapshot, replaced by `set` and told to every
 * listener, and a lifetime that `end` closes — after it nothing changes and nobody is told.
 * The base of the sessions a widget keeps outside React (the thread's, the quick answer's) and
 * of the suggestions' source (use-suggestions.ts).
 */
export class ExternalStore<Snapshot extends object> {
  private current: Snapshot;
  private readonly listeners = new Set<() => void>();
  /** The store's lifetime: aborted by `end` (what it started stops with it). */
  protected readonly lifetime = new AbortController();

  constructor(initial: Snapshot) {
    this.current = initial;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly getSnapshot = (): Snapshot => this.current;

  /** What it holds now (the snapshot its readers were last told). */
  protected get snapshot(): Snapshot {
    return this.current;
  }

  /** A new snapshot with `patch`, told to every listener; nothing once it has ended. */
  protected set(patch: Partial<Snapshot>): void {
    if (this.ended) return;
    this.current = { ...this.current, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  protected get ended(): boolean {
    return this.lifetime.signal.aborted;
  }

  /** Ends its lifetime and forgets its listeners. False when it had ended already. */
  protected end(): boolean {
    if (this.ended) return false;
    this.lifetime.abort();
    this.listeners.clear();
    return true;
  }
}

const noSubscription = () => () => {};

/**
 * The snapshot of `store`, or `before()` while there is none yet (a session made later, at an
 * effect or a click). `before` returns the same value each time for the same state.
 */
export function useExternalStore<Snapshot extends object>(store: ExternalStore<Snapshot> | null, before: () => Snapshot): Snapshot {
  const read = store?.getSnapshot ?? before;
  return useSyncExternalStore(store?.subscribe ?? noSubscription, read, read);
}
