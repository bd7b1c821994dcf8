/**
 * Data started with the code. On a CDN page the loader knows, as soon as it sees a tag, the
 * first gateway calls its widget will make (recipes made at build time by the widgets' own
 * request functions: src/cdn/first-call-recipes.ts). It sends them at once, beside the chunks,
 * and keeps them on the element under `STARTED_FIRST_CALLS`. The element's gateway client — only the one
 * built from attributes: a host's `gateway` or `auth` property means other calls — takes each
 * answer once, for the same method, URL and body, instead of sending the call again. What is
 * not taken is aborted when the element leaves the document or gets a `gateway`/`auth` property.
 *
 * This file is the contract between the loader (which imports only its types: it bundles
 * nothing of the runtime) and the client.
 */

/**
 * The element's own key for its first calls (a registered symbol: the loader and the runtime are separate bundles).
 * @internal Exported for tests.
 */
export const STARTED_FIRST_CALLS: unique symbol = Symbol.for('leadkit.first-calls') as never;

/** One call sent early: what was sent and its pending answer. */
export interface StartedFirstCall {
  readonly method: string;
  /** Absolute URL (resolved against the document). */
  readonly url: string;
  /** The JSON body as sent, or null. */
  readonly body: string | null;
  readonly response: Promise<Response>;
  readonly controller: AbortController;
}

/** An element's first calls not taken yet (taken ones are removed). */
export type StartedFirstCalls = StartedFirstCall[];

interface WithStartedFirstCalls {
  [STARTED_FIRST_CALLS]?: StartedFirstCalls;
}

/** The element's first calls, if the loader started any. */
export function startedFirstCallsOf(element: object | null | undefined): StartedFirstCalls | undefined {
  return (element as WithStartedFirstCalls | null | undefined)?.[STARTED_FIRST_CALLS];
}

/** Aborts every call not taken (the element left, or its calls will go elsewhere). */
export function abortStartedFirstCalls(calls: StartedFirstCalls | undefined): void {
  if (!calls) return;
  for (const call of calls.splice(0)) call.controller.abort();
}

/** What a host's gateway config may set and still be the gateway the loader called: where the calls go stays the same. */
const SAME_CALLS_KEYS = new Set(['baseURL', 'onChallenge']);

/**
 * Whether a host's `gateway` property still takes the calls the loader sent early: a config (not
 * a ready client) that only adds what changes nothing about the calls already sent — its
 * `onChallenge` — with the `baseURL` the loader used (the `gateway-url` attribute, or the page's
 * origin). Anything else (its own fetch, headers, credentials, another base) means calls of its own.
 */
export function keepsStartedFirstCalls(gateway: unknown, gatewayUrl: string | null | undefined): boolean {
  if (gateway === undefined || gateway === null) return true;
  if (typeof gateway !== 'object' || Object.getPrototypeOf(gateway) !== Object.prototype) return false;
  const config = gateway as Record<string, unknown>;
  if (!Object.keys(config).every((key) => SAME_CALLS_KEYS.has(key) && (key !== 'onChallenge' || typeof config[key] === 'function'))) return false;
  const base = config.baseURL;
  if (base !== undefined && typeof base !== 'string') return false;
  // Resolved as the page resolves them (on a server, against a placeholder origin: only their equality matters).
  const resolve = (url: string) => new URL(url, globalThis.document?.baseURI ?? globalThis.location?.href ?? 'http://page.invalid/').href;
  return resolve(base || '/') === resolve(gatewayUrl || '/');
}

const absolute = (url: string) => new URL(url, globalThis.document?.baseURI ?? globalThis.location?.href).href;

/**
 * A fetch that answers a call the loader already sent (same method, URL and body) with that
 * call's response, once; every other call goes to `fetch`. Aborting the taken call's signal
 * aborts the request the loader sent.
 */
export function fetchTakingStartedFirstCalls(calls: StartedFirstCalls, fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return (input, init) => {
    if (calls.length > 0 && typeof input === 'string') {
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = typeof init?.body === 'string' ? init.body : init?.body == null ? null : undefined;
      const url = absolute(input);
      const index = calls.findIndex((call) => call.method === method && call.url === url && call.body === body);
      const call = index >= 0 ? calls.splice(index, 1)[0] : undefined;
      if (call) {
        const signal = init?.signal;
        if (signal?.aborted) call.controller.abort();
        else signal?.addEventListener('abort', () => call.controller.abort(), { once: true });
        return call.response;
      }
    }
    return fetch(input, init);
  };
}
