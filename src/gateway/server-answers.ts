/**
 * The gateway answers a server render used, carried in its HTML so the browser does not ask
 * again (leadkit/server writes them; the element's client takes each once while it hydrates).
 * Only what crosses no line: answers to the calls the first screen made, never a request's
 * headers (the host's auth stays on the server), never an answer that carries a token.
 */
import { createGatewayClient, withRequest, type GatewayClient } from './core/client';
import { CHAT_SESSION_PATH } from './message-center/chat-session';
import { isPath } from './message-center/paths';

/** One answer, as the server got it. */
export interface ServerAnswer {
  readonly method: string;
  /** Path and query (the origin may differ between the server's gateway and the page's). */
  readonly path: string;
  /** The JSON body as sent, or null. */
  readonly body: string | null;
  readonly status: number;
  readonly contentType: string | null;
  readonly text: string;
}

/** Calls whose answer is a credential: never put in a page (a one-time token, a chat token). */
const NEVER_INLINED: readonly ((path: string) => boolean)[] = [(path) => /\/one-time-token(\/|$)/.test(path), (path) => isPath(path, CHAT_SESSION_PATH)];

export const mayInline = (path: string): boolean => !NEVER_INLINED.some((never) => never(path.split('?')[0] ?? ''));

/**
 * The method of a first-screen value: not a gateway call's answer but what a first screen shows
 * that the browser could only have by a call that never goes in a page — the thread's latest
 * messages, read on the server with the host's chat session (whose token stays there). The
 * widget takes it as it hydrates (`useFirstScreenValue`); no fetch ever matches it.
 */
const FIRST_SCREEN_VALUE = 'FIRST-SCREEN';

/** A first-screen value named `name` (a path-like key the widget asks by), as it goes in the page. */
export function firstScreenValue(name: string, value: unknown): ServerAnswer {
  return { method: FIRST_SCREEN_VALUE, path: name, body: null, status: 200, contentType: 'application/json', text: JSON.stringify(value) };
}

const splitting = new WeakMap<readonly ServerAnswer[], { calls: ServerAnswer[]; values: readonly ServerAnswer[] }>();

/**
 * A page's answers as the gateway calls' (taken once each by the element's client: the same
 * array for the same answers, so what was taken stays taken) and the first-screen values.
 */
export function splitAnswers(answers: readonly ServerAnswer[]): { calls: ServerAnswer[]; values: readonly ServerAnswer[] } {
  let split = splitting.get(answers);
  if (!split) {
    split = {
      calls: answers.filter((answer) => answer.method !== FIRST_SCREEN_VALUE),
      values: answers.filter((answer) => answer.method === FIRST_SCREEN_VALUE),
    };
    splitting.set(answers, split);
  }
  return split;
}

/** A request's path and query, as answers record it (the origin may differ between server and page). */
export function requestPath(input: string | URL | Request): string {
  const parsed = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://relative.invalid');
  return `${parsed.pathname}${parsed.search}`;
}

const bodyOf = (init: RequestInit | undefined) => (typeof init?.body === 'string' ? init.body : init?.body == null ? null : undefined);

/** A fetch that records what a server render's calls answered (`answers`), passing everything through. */
export function recordingAnswers(fetch: typeof globalThis.fetch, answers: ServerAnswer[]): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const path = requestPath(input);
    const body = bodyOf(init);
    if (mayInline(path) && body !== undefined) {
      answers.push({
        method: (init?.method ?? 'GET').toUpperCase(),
        path,
        body,
        status: response.status,
        contentType: response.headers.get('content-type'),
        text: await response.clone().text(),
      });
    }
    return response;
  };
}

/**
 * A fetch that answers a call the server render made (same method, path with query, body) from
 * its recorded answer, once; every other call goes to `fetch`.
 */
export function fetchTakingAnswers(answers: ServerAnswer[], fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return (input, init) => {
    if (answers.length > 0 && (typeof input === 'string' || input instanceof URL)) {
      const method = (init?.method ?? 'GET').toUpperCase();
      const path = requestPath(input);
      const body = bodyOf(init);
      const index = answers.findIndex((answer) => answer.method === method && answer.path === path && answer.body === body);
      const answer = index >= 0 ? answers.splice(index, 1)[0] : undefined;
      if (answer) {
        if (init?.signal?.aborted) return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
        const headers = answer.contentType ? { 'content-type': answer.contentType } : undefined;
        return Promise.resolve(new Response(answer.status === 204 ? null : answer.text, { status: answer.status, ...(headers ? { headers } : {}) }));
      }
    }
    return fetch(input, init);
  };
}

/**
 * A host's own ready client (the `gateway` property), taking the calls a server render made from
 * their answers first, once each; every other call — and every call once the answers are all
 * taken — goes through the host's client as given (its fetch, headers, retries and challenge).
 */
export function clientTakingAnswers(client: GatewayClient, answers: ServerAnswer[]): GatewayClient {
  return withRequest(client, (spec) => {
    if (answers.length === 0) return client.request(spec);
    // The call as leadkit's own client would send it, answered from the page or not at all.
    let unanswered = false;
    const answering = createGatewayClient({
      baseURL: client.baseURL,
      auth: () => client.auth,
      retry: { retries: 0 },
      fetch: fetchTakingAnswers(answers, () => {
        unanswered = true;
        return Promise.reject(new TypeError('not answered by the page'));
      }),
    });
    return answering.request(spec).catch((error: unknown) => {
      if (unanswered) return client.request(spec);
      throw error;
    });
  });
}

/** Parses the answers a page carries; anything malformed is no answer at all. */
export function parseAnswers(text: string | null | undefined): ServerAnswer[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (answer): answer is ServerAnswer =>
        typeof answer === 'object' &&
        answer !== null &&
        typeof answer.method === 'string' &&
        typeof answer.path === 'string' &&
        typeof answer.status === 'number' &&
        typeof answer.text === 'string' &&
        (answer.body === null || typeof answer.body === 'string'),
    );
  } catch {
    return [];
  }
}

/** The answers as the text of a `<script type="application/json">`: nothing in it can end the script or open a comment. */
export function serializeAnswers(answers: readonly ServerAnswer[]): string {
  return JSON.stringify(answers)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
