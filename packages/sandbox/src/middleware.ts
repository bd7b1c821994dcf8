import type { Context, MiddlewareHandler, Next } from 'hono';
import { ATTACHMENT_MAX_BYTES } from '../../../src/domain/attachment';
import { HEADERS } from '../../../src/gateway/core/headers';
import { callerType } from './access';
import type { SandboxContext, SandboxEnv } from './context';
import type { FaultController } from './faults';
import { HttpError, INVALID_JSON } from './http';
import type { RecordedRequest, SandboxStore } from './store';

/** A dropped request's stand-in answer: the in-process fetch turns it into a network error. */
export const DROP_HEADER = 'x-sandbox-dropped';
/** The request log keeps this many entries (oldest go first). */
const MAX_LOGGED_REQUESTS = 5000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A JSON body larger than this is refused (413) unparsed: no gateway call sends one near it. */
const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * How much of a refused body is still read — and thrown away, never kept — before the 413 goes
 * out, and how long it may pause. A client sends its whole body before it reads an answer: a
 * server that answers and closes while it is still sending resets the connection under it, and
 * the client never sees the 413 (a Node client got EPIPE or ECONNRESET for a 1 MB or a 50 MB body).
 * Past the bytes, or when nothing more came for the pause — a client that stalls, not one still
 * sending: a total time cut a 50 MB body short on a loaded machine — the 413 goes out anyway with
 * `Connection: close` (the Node server then ends the connection), so a client that sends for ever
 * or stops half-way cannot hold the sandbox.
 * @internal Exported for tests.
 */
export const REFUSED_BODY_DRAIN_BYTES = 64 * 1024 * 1024;
const REFUSED_BODY_DRAIN_PAUSE_MS = 10_000;

/** Reads the rest of a body and drops it; true when it ended within the bounds (no pause longer than `maxPauseMs`). */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes: number, maxPauseMs: number): Promise<boolean> {
  let read = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    for (;;) {
      const timeUp = new Promise<'time-up'>((resolve) => {
        timer = setTimeout(() => resolve('time-up'), maxPauseMs);
      });
      const chunk = await Promise.race([reader.read(), timeUp]);
      clearTimeout(timer);
      if (chunk === 'time-up') return false;
      if (chunk.done) return true;
      read += chunk.value.byteLength;
      if (read > maxBytes) return false;
    }
  } catch {
    // The client went away: nobody is left to read the answer.
    return false;
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
}

/**
 * Refuses a body over its limit with 413 — 1 MB of JSON, or a media upload over the
 * attachment limit (150 MB) — by its Content-Length, or counted as it streams, and never keeps
 * or parses more of it than the limit. The rest of a refused body is read and dropped before the
 * answer (`discardRest`), so the client can finish sending and read the 413 (JSON, like every
 * other error), and its connection stays usable.
 */
export function limitBodies(): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const maxSize = BINARY_BODY.test(c.req.header('content-type') ?? '') ? ATTACHMENT_MAX_BYTES : MAX_JSON_BODY_BYTES;
    const refuse = async (reader: ReadableStreamDefaultReader<Uint8Array>) => {
      const drained = await discardRest(reader, REFUSED_BODY_DRAIN_BYTES, REFUSED_BODY_DRAIN_PAUSE_MS);
      return c.json(
        { message: `The request body is larger than the sandbox accepts (${maxSize} bytes).`, fields: ['body'] },
        413,
        drained ? {} : { connection: 'close' },
      );
    };
    const length = c.req.raw.headers.has('transfer-encoding') ? undefined : c.req.header('content-length');
    if (length !== undefined) return Number.parseInt(length, 10) > maxSize ? refuse(body.getReader()) : next();
    // No length: kept up to the limit as it arrives, for the routes.
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxSize) return refuse(reader);
      chunks.push(value);
    }
    const whole = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      whole.set(chunk, offset);
      offset += chunk.byteLength;
    }
    c.req.raw = new Request(c.req.raw, { body: whole });
    return next();
  };
}

/** Reads the body once, records the request in `store.requests`, then the answer's status. */
export function recordRequests({ store, now }: SandboxContext): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const contentType = c.req.header('content-type') ?? '';
    if (BINARY_BODY.test(contentType) && c.req.method !== 'GET' && c.req.method !== 'HEAD') return recordBinary(c, next, contentType);
    const raw = c.req.method === 'GET' || c.req.method === 'HEAD' ? '' : await c.req.text();
    let body: unknown;
    if (raw.trim() !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        body = INVALID_JSON;
      }
    }
    c.set('body', body);
    c.set('rawBody', raw);
    await logAndRun(c, next, body === INVALID_JSON ? raw : body);
  };

  /**
   * A binary body (a chat media upload) is read as bytes, never as text (that would corrupt it
   * for the route). The log keeps its type and size; the idempotency fingerprint its SHA-256.
   */
  async function recordBinary(c: Context<SandboxEnv>, next: Next, contentType: string) {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const digest = globalThis.crypto?.subtle ? new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes)) : new Uint8Array();
    const hash = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
    c.set('body', undefined);
    c.set('rawBody', `binary ${contentType.split(';')[0]!.trim()} ${bytes.length} ${hash}`);
    await logAndRun(c, next, `[${contentType}, ${bytes.length} bytes]`);
  }

  async function logAndRun(c: Context<SandboxEnv>, next: Next, loggedBody: unknown) {
    const url = new URL(c.req.url);
    const query: Record<string, string | string[]> = {};
    for (const key of new Set(url.searchParams.keys())) {
      const values = url.searchParams.getAll(key);
      query[key] = values.length > 1 ? values : (values[0] ?? '');
    }
    const headers: Record<string, string> = {};
    c.req.raw.headers.forEach((value, key) => {
      headers[key.toLowerCase()] = value;
    });
    const record: RecordedRequest = {
      seq: store.next('request'),
      method: c.req.method,
      path: c.req.path,
      query,
      headers,
      body: loggedBody,
      receivedAt: now().toISOString(),
      status: null,
      fault: null,
    };
    store.requests.push(record);
    if (store.requests.length > MAX_LOGGED_REQUESTS) store.requests.splice(0, store.requests.length - MAX_LOGGED_REQUESTS);
    c.set('record', record);
    await next();
    if (!c.res.headers.has(DROP_HEADER)) record.status = c.res.status;
  }
}

/** Request bodies read as bytes: images (chat media) and other binary uploads. */
const BINARY_BODY = /^\s*(image\/|audio\/|video\/|application\/octet-stream)/i;

const CAPTIVE_PORTAL_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in to the network</title></head>
<body><h1>Welcome to Airport Wi-Fi</h1><p>Please accept the terms of use to continue.</p><form><button>Accept and connect</button></form></body></html>`;

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** Global latency, then the injected faults of the request's route. */
export function applyFaults(faults: FaultController, latencyMs: number): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const decision = faults.decide(c.req.method, c.req.path);
    const wait = latencyMs + decision.latencyMs;
    if (wait > 0) await sleep(wait);
    const action = decision.action;
    if (!action) return next();
    c.get('record').fault = `${action.kind} (${action.faultId})`;
    switch (action.kind) {
      case 'status': {
        const nullBody = NULL_BODY_STATUSES.has(action.status);
        return new Response(nullBody ? null : JSON.stringify(action.body), {
          status: action.status,
          headers: nullBody ? action.headers : { 'content-type': 'application/json', ...action.headers },
        });
      }
      case 'drop':
        if (action.afterHandling) {
          // The route (and the idempotency store) did their work; only the answer is lost.
          await next();
          c.res = undefined;
          c.res = new Response(null, { status: 503, headers: { [DROP_HEADER]: '1' } });
          return;
        }
        return new Response(null, { status: 503, headers: { [DROP_HEADER]: '1' } });
      case 'challenge':
        return c.json(
          { error: 'challenge_required', challengeId: action.challengeId, challengeUrl: `/sandbox/challenge/${encodeURIComponent(action.challengeId)}` },
          511,
        );
      case 'captive-portal':
        return c.html(CAPTIVE_PORTAL_HTML, 511);
    }
  };
}

/** Every gateway request carries a caller type: 400 without one. */
export const requireCallerType: MiddlewareHandler<SandboxEnv> = async (c, next) => {
  if (c.req.method === 'OPTIONS') return next();
  callerType(c);
  return next();
};

/**
 * Idempotency-Key: the first successful (2xx) answer is stored per key and returned again for
 * the same key, so a retried or replayed create never creates twice. A failed answer is not
 * stored (nothing was created; the retry runs for real). The same key on a different request
 * is a 422. Concurrent requests with one key wait for the first.
 */
export function idempotency(store: SandboxStore): MiddlewareHandler<SandboxEnv> {
  const inFlight = new Map<string, Promise<void>>();
  return async (c, next) => {
    const key = c.req.header(HEADERS.idempotencyKey);
    if (!key || c.req.method === 'GET' || c.req.method === 'OPTIONS') return next();
    if (key.length > 255)
      throw new HttpError(400, { message: 'The Idempotency-Key header is too long (at most 255 characters).', fields: [HEADERS.idempotencyKey] });
    for (let pending = inFlight.get(key); pending; pending = inFlight.get(key)) await pending;
    const fingerprint = `${c.req.method} ${c.req.path} ${c.get('rawBody')}`;
    const stored = store.idempotency.get(key);
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        throw new HttpError(422, { message: 'This Idempotency-Key was already used for a different request.', fields: [HEADERS.idempotencyKey] });
      }
      return new Response(stored.body, { status: stored.status, headers: { 'content-type': stored.contentType, 'Idempotent-Replayed': 'true' } });
    }
    let release = () => {};
    inFlight.set(key, new Promise<void>((resolve) => (release = resolve)));
    try {
      await next();
      if (c.res.status >= 200 && c.res.status < 300) {
        store.idempotency.set(key, {
          fingerprint,
          status: c.res.status,
          body: await c.res.clone().text(),
          contentType: c.res.headers.get('content-type') ?? 'application/json',
        });
      }
    } finally {
      inFlight.delete(key);
      release();
    }
  };
}
