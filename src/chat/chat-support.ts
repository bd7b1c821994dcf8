import { ChatError, type ChatConnectionState, type Unsubscribe } from './chat-client';

/** Small pieces both chat adapters use. */

/** A set of listeners; a listener that throws does not stop the others. */
export class Listeners<T> {
  private readonly listeners = new Set<(value: T) => void>();

  add(listener: (value: T) => void): Unsubscribe {
    // A wrapper per subscription: the same function subscribed twice is two subscriptions.
    const entry = (value: T) => listener(value);
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }

  emit(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        // A widget bug must not break delivery to the others; surface it asynchronously.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }

  get size(): number {
    return this.listeners.size;
  }
}

/** The connection state and its subscribers; emits on change only. */
export class ConnectionStateCell {
  private current: ChatConnectionState;
  private readonly listeners = new Listeners<ChatConnectionState>();

  constructor(initial: ChatConnectionState) {
    this.current = initial;
  }

  get value(): ChatConnectionState {
    return this.current;
  }

  set(next: ChatConnectionState): void {
    if (next === this.current) return;
    this.current = next;
    this.listeners.emit(next);
  }

  subscribe(listener: (state: ChatConnectionState) => void): Unsubscribe {
    return this.listeners.add(listener);
  }

  clear(): void {
    this.listeners.clear();
  }
}

/**
 * Settles with `promise`, or rejects with an `aborted` ChatError as soon as `signal` aborts
 * (for work that cannot itself be cancelled: its late result is dropped).
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined, operation: string): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new ChatError({ kind: 'aborted', operation }));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new ChatError({ kind: 'aborted', operation }));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Runs `work` once at a time: callers during a run share its result (token renewal). */
export function singleFlight<T>(work: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= work().finally(() => {
      running = null;
    });
    return running;
  };
}

/** Attributes as a plain object (Twilio's may be any JSON value). */
export function attributesObject(value: unknown): Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A File's name, when the Blob is one. */
export function blobName(file: Blob): string | null {
  const name = (file as Partial<File>).name;
  return typeof name === 'string' && name !== '' ? name : null;
}
