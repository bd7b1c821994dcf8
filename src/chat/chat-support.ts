import { DEFAULT_TIMEOUT_MS, type GatewayClient } from '../gateway/core/client';
import { timeLimit } from '../gateway/time-limit';
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
 * The time limit of each chat call: the gateway client's (`timeoutMs` of its config, default
 * 15 s), so a thread's chat calls end when its gateway calls would (docs/gateway.md#time-limit).
 */
export const chatTimeLimitMs = (gateway: GatewayClient): number => gateway.transport?.timeoutMs ?? DEFAULT_TIMEOUT_MS;

/** The slowest upload a media send's time limit allows for (50 kB/s: 150 MB in 50 minutes). */
const MEDIA_UPLOAD_MIN_BYTES_PER_S = 50_000;

/** A media upload's time limit: a call's, plus its size at the slowest rate allowed for. */
export const uploadTimeLimitMs = (timeoutMs: number, bytes: number): number => timeoutMs + Math.ceil((bytes / MEDIA_UPLOAD_MIN_BYTES_PER_S) * 1000);

/**
 * Runs `work` within `timeoutMs`: its signal aborts when `signal` does or the time is up, and
 * the result is not waited for after that — for work that may ignore its signal (an SDK call, a
 * host's adapter). Rejects with a ChatError: `network` when the time is up (no answer), `aborted`
 * when `signal` aborted. `late` gets what arrives after that (a client to close).
 */
export async function withinTimeLimit<T>(
  operation: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>,
  late?: (value: T) => void,
): Promise<T> {
  if (signal?.aborted) throw new ChatError({ kind: 'aborted', operation });
  const limit = timeLimit(timeoutMs);
  const ends = signal ? AbortSignal.any([signal, limit.signal]) : limit.signal;
  let ended = false;
  let onEnd = () => {};
  const timeUp = new Promise<never>((_, reject) => {
    onEnd = () => {
      ended = true;
      reject(new ChatError({ kind: signal?.aborted ? 'aborted' : 'network', operation, cause: limit.signal.reason }));
    };
  });
  ends.addEventListener('abort', onEnd, { once: true });
  // Started at once (an SDK call is made before this returns); one that throws fails the same way.
  let running: Promise<T>;
  try {
    running = Promise.resolve(work(ends));
  } catch (error) {
    running = Promise.reject(error);
  }
  running.then((value) => (ended ? late?.(value) : undefined)).catch(() => undefined);
  try {
    return await Promise.race([running, timeUp]);
  } finally {
    ends.removeEventListener('abort', onEnd);
    limit.clear();
  }
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
