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
 * A fetch that reads the whole answer before handing it on, never more than `maxBytes`: one over
 * its Content-Length is refused unread (the body cancelled), one without is counted as it arrives
 * and refused as it passes the limit. The request's signal is remembered in `refused`, so the
 * attempt can say why it failed.
 *
 * The answer is read here, by its own reader, and handed on as a Response over the bytes read —
 * not over a stream of ours: Firefox writes "Failed to read data from the ReadableStream" to the
 * page's console as an error whenever a Response built on a script's stream fails while read (an
 * answer cut as the page is left), even though the read's rejection is handled, and reports the
 * failure as an AbortError. Read here, a cut answer fails this fetch with its own error (a
 * network failure to the client, or an abort when the call was aborted), and nothing is logged.
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
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let seen = 0;
    for (;;) {
      // A cut answer rejects here, with its own error, to this fetch's caller.
      const { done, value } = await reader.read();
      if (done) break;
      seen += value.byteLength;
      if (seen > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw refuse();
      }
      chunks.push(value);
    }
    const bytes = new Uint8Array(seen);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    return new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
