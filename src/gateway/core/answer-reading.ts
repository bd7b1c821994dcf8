/**
 * How the gateway client reads an answer: never more than it can hold (a size limit checked
 * before and while the body streams), its JSON parsed without console noise.
 */

/**
 * The largest answer read (8 MB: the largest real one, a page of leads or messages, is a few
 * hundred kB). A bigger one is refused before it is read — by its Content-Length, or as it
 * streams — as an `invalid-response`: a broken or hostile gateway cannot freeze a phone.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
/** Statuses whose Response cannot carry a body (it is never re-wrapped). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A JSON answer's value, or its text when it is not JSON (the schema then reports it as an
 * invalid response). JSON.parse keeps `__proto__` / `constructor` keys as plain own data (they
 * never reach a prototype, and the schemas drop keys they do not name), so a hostile answer is
 * read silently: ofetch's default parser (destr) writes a console warning for each such key.
 */
export function parseJsonQuietly(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A fetch that refuses an answer over `maxBytes` before reading it: by its Content-Length (the
 * body is cancelled unread), or counted as it streams (the stream errors as it passes the
 * limit). The request's signal is remembered in `refused`, so the attempt can say why it failed.
 */
export function sizeLimitedFetch(fetch: typeof globalThis.fetch, maxBytes: number, refused: WeakSet<AbortSignal>): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const signal = init?.signal ?? undefined;
    const refuse = () => {
      if (signal) refused.add(signal);
      return new TypeError('The answer is larger than the client reads.');
    };
    const length = Number(response.headers.get('content-length') ?? Number.NaN);
    if (length > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw refuse();
    }
    if (!response.body || NULL_BODY_STATUSES.has(response.status)) return response;
    let seen = 0;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > maxBytes) controller.error(refuse());
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
