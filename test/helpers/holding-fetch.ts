/**
 * A fetch whose requests matching `hold` wait until `release()` — for a test that checks a state
 * lasting as long as a request is on its way (sending, loading), on any machine, instead of
 * racing a short delay — or for ever, as a proxy that holds a request never answers it.
 * A held request still ends as a browser's does when its signal aborts (a time limit, a cancelled
 * read): it rejects with the signal's reason. Without `hold`, the fetch as given.
 */
export function holdingFetch<F extends (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>(
  fetch: F,
  hold?: RegExp,
): { fetch: F; release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  if (!hold) return { fetch, release };
  const holding = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (hold.test(input instanceof Request ? input.url : String(input))) await untilAborted(held, init?.signal);
    return fetch(input, init);
  }) as F;
  return { fetch: holding, release };
}

/** `wait`, or a rejection with the signal's reason as soon as it aborts. */
function untilAborted(wait: Promise<void>, signal: AbortSignal | null | undefined): Promise<void> {
  if (!signal) return wait;
  signal.throwIfAborted();
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    void wait.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
