/**
 * Waiting on an event emitter (the Conversations SDK's client and conversations) in the
 * stand-in's tests, with a time limit that names what did not come.
 */

type Listener = (...args: never[]) => void;

export interface Emitter {
  on(event: string, listener: Listener): unknown;
  off(event: string, listener: Listener): unknown;
}

/** The first `event` whose first argument passes `accept`, within `timeoutMs`. */
export function nextEvent<T>(emitter: Emitter, event: string, accept: (value: T) => boolean = () => true, timeoutMs = 10_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const listener = (value: T) => {
      if (!accept(value)) return;
      clearTimeout(timer);
      emitter.off(event, listener as Listener);
      resolve(value);
    };
    const timer = setTimeout(() => {
      emitter.off(event, listener as Listener);
      reject(new Error(`no '${event}' within ${timeoutMs} ms`));
    }, timeoutMs);
    emitter.on(event, listener as Listener);
  });
}

/** Resolves once `check()` holds (polled every 20 ms), within `timeoutMs`. */
export async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
