/**
 * A fetch whose requests matching `hold` wait until `release()` — for a test that checks a state
 * lasting as long as a request is on its way (sending, loading), on any machine, instead of
 * racing a short delay. Without `hold`, the fetch as given.
 */
export function holdingFetch<F extends (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>(fetch: F, hold?: RegExp): { fetch: F; release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  if (!hold) return { fetch, release };
  const holding = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (hold.test(input instanceof Request ? input.url : String(input))) await held;
    return fetch(input, init);
  }) as F;
  return { fetch: holding, release };
}
