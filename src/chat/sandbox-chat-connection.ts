import * as v from 'valibot';
import { createGatewayClient, type GatewayTransport } from '../gateway/core/client';
import { isGatewayError, isPassingStatus, isRetryableError } from '../gateway/core/errors';
import { HEADERS } from '../gateway/core/headers';
import { CHAT_PATHS } from '../gateway/message-center/chat-service-schemas';
import { withQuery, type QueryValue } from '../gateway/core/request-spec';
import { timeLimit } from '../gateway/time-limit';
import { ChatError, type ChatClientInit } from './chat-client';
import { chatTimeLimitMs, ConnectionStateCell, singleFlight } from './chat-support';
import { fetchEventStream, type EventStreamConnector } from './sse';
import { fetchUpload, xhrUpload, type UploadTransport } from './upload';

/**
 * How the sandbox chat adapter (sandbox-chat-client.ts) reaches the sandbox's chat service: its
 * JSON calls (the gateway client's headers, the chat token, a 401 renewing it once, GETs asked
 * again after a failure that may pass, one time limit) and the live event stream (connected,
 * reconnected, resumed from the last event), whose events it hands on unread.
 */

export interface SandboxChatOptions {
  /**
   * Reaches the sandbox (its in-process `sandbox.fetch` in tests and Storybook) instead of the
   * gateway config's `fetch`; default that one, else the global fetch.
   */
  fetch?: typeof globalThis.fetch;
  /** What the chat paths resolve against; default the gateway client's `baseURL`. */
  baseURL?: string;
  /** Opens the live event stream; default a fetch-based SSE reader (src/chat/sse.ts). */
  events?: EventStreamConnector;
  /**
   * Uploads media; default XMLHttpRequest (reports upload progress) when there is one and no
   * `fetch` was given (here or in the gateway config), else fetch.
   */
  upload?: UploadTransport;
  /**
   * How media URLs are handed out: `direct` (the sandbox's temporary URL, for a page served
   * with the sandbox) or `object-url` (the bytes fetched through `fetch` into a `blob:` URL,
   * for an in-process sandbox such as Storybook's, which has no URL to load from). Unset: the
   * temporary URL where the page may load it (https:, or the page's own origin), else an object
   * URL — a sandbox on another http: origin (`npm start`'s, beside a host's dev server) shows its
   * photos with no option given.
   */
  mediaUrls?: 'direct' | 'object-url';
  /**
   * Waits between reconnection attempts of the event stream (ms); the last one repeats. Given,
   * they win over the server's `retry:` advice; default the advice, else 1, 2, 5, 10 s.
   */
  reconnectDelaysMs?: readonly number[];
  /**
   * Time limit of one JSON request, and of the event stream's answer to start; default the
   * gateway client's (`timeoutMs` of its config: 15 s). An upload gets this plus its size at 50 kB/s.
   */
  timeoutMs?: number;
}

const DEFAULT_RECONNECT_MS: readonly number[] = [1000, 2000, 5000, 10_000];
/**
 * Times the first connection of the live stream is tried again (after the reconnection delays)
 * before the chat counts as unavailable: one dropped request or one 5xx no longer ends the chat
 * before it started.
 */
const FIRST_CONNECT_RETRIES = 2;
/**
 * Times a GET (the conversation, a page of history, a media URL) is asked again after a failure
 * that may pass (no answer, 408/429/5xx), within its one time limit — as the gateway client's
 * GETs are (src/gateway/core/client.ts): tried once, one dropped request failed the page.
 */
const GET_RETRIES = 2;
const GET_RETRY_BASE_MS = 300;

interface RequestSpec<S extends v.GenericSchema> {
  operation: string;
  method: 'GET' | 'POST';
  path: string;
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
  idempotencyKey?: string;
  response: S;
  signal?: AbortSignal | undefined;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

export function statusError(operation: string, status: number): ChatError {
  if (status === 401 || status === 403) return new ChatError({ kind: 'denied', operation, status });
  if (status === 404) return new ChatError({ kind: 'not-found', operation, status });
  return new ChatError({ kind: 'rejected', operation, status });
}

/** The sandbox chat adapter's connection to the chat service (see the module comment). */
export class SandboxChatConnection {
  private token: string;
  readonly state = new ConnectionStateCell('connecting');
  /** Aborts everything in flight when the client closes. */
  readonly lifetime = new AbortController();
  private lastEventId: string | null = null;
  readonly fetchImpl: typeof globalThis.fetch;
  private readonly transport: GatewayTransport;
  readonly timeoutMs: number;
  private readonly baseURL: string;
  private readonly connect: EventStreamConnector;
  readonly upload: UploadTransport;
  readonly renew: () => Promise<void>;

  constructor(
    private readonly options: SandboxChatOptions,
    private readonly init: ChatClientInit,
    /** Each event of the live stream, by its name and id, unread (the client knows what they mean). */
    private readonly onEvent: (name: string | null, data: string, id: string | null) => void,
  ) {
    this.token = init.session.token;
    // A host's own GatewayClient may have no transport: its headers are then built as a client of
    // its base URL and auth would (the same builder), with the platform's fetch.
    this.transport = init.gateway.transport ?? createGatewayClient({ baseURL: init.gateway.baseURL, auth: () => init.gateway.auth }).transport!;
    const given = options.fetch ?? this.transport.fetch;
    this.fetchImpl = given ?? ((...args) => globalThis.fetch(...args));
    this.timeoutMs = options.timeoutMs ?? chatTimeLimitMs(init.gateway);
    this.baseURL = options.baseURL ?? init.gateway.baseURL;
    this.connect = options.events ?? fetchEventStream(this.fetchImpl);
    this.upload = options.upload ?? (given === undefined && typeof XMLHttpRequest !== 'undefined' ? xhrUpload() : fetchUpload(this.fetchImpl));
    this.renew = singleFlight(async () => {
      try {
        const session = await init.renewSession(this.lifetime.signal);
        this.token = session.token;
      } catch (cause) {
        // Refused (401/403/404…), the chat is denied; a session call that failed for now (no
        // answer, 5xx, 429, a challenge) leaves it unavailable, to be tried again — as 'denied'
        // it ended the thread without 'Try again' (found by the thread's fault run,
        // test/reliability/thread.model.test.ts).
        const transient = isGatewayError(cause) ? isRetryableError(cause) : !(cause instanceof ChatError && cause.kind === 'aborted');
        throw new ChatError({ kind: transient && !this.closed ? 'unavailable' : 'denied', operation: 'chat.renewToken', cause });
      }
    });
  }

  get closed(): boolean {
    return this.lifetime.signal.aborted;
  }

  url(path: string, query?: Readonly<Record<string, QueryValue>>): string {
    const target = withQuery(path, query);
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || this.baseURL === '') return target;
    return new URL(target, this.baseURL).href;
  }

  /**
   * The gateway client's headers for a call acting for the thread's provider (its builder: a new
   * request id each time), `extra`, and the chat token.
   */
  async headers(extra: Record<string, string> = {}, idempotencyKey?: string): Promise<Record<string, string>> {
    return {
      ...(await this.transport.headers({ provider: this.init.provider, idempotencyKey })),
      ...extra,
      [HEADERS.authorization]: `Bearer ${this.token}`,
    };
  }

  ensureOpen(operation: string): void {
    if (this.closed) throw new ChatError({ kind: 'closed', operation });
  }

  /**
   * One JSON call; a 401 renews the token once and tries again (same idempotency key); a GET
   * that failed for now is asked again (GET_RETRIES), within the call's one time limit.
   */
  async request<S extends v.GenericSchema>(spec: RequestSpec<S>, renewed = false): Promise<v.InferOutput<S>> {
    this.ensureOpen(spec.operation);
    // Its time limit's timer ends with the call (AbortSignal.timeout's ran on for 20 s: see timeLimit).
    const timeout = timeLimit(this.timeoutMs);
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          return await this.requestWithin(spec, renewed, timeout.signal);
        } catch (error) {
          const mayPass = error instanceof ChatError && (error.kind === 'network' || (error.kind === 'rejected' && isPassingStatus(error.status)));
          if (spec.method !== 'GET' || attempt >= GET_RETRIES || !mayPass || timeout.signal.aborted || spec.signal?.aborted || this.closed) throw error;
          const backoff = GET_RETRY_BASE_MS * 2 ** attempt;
          await sleep(
            backoff / 2 + Math.random() * (backoff / 2),
            AbortSignal.any([this.lifetime.signal, timeout.signal, ...(spec.signal ? [spec.signal] : [])]),
          );
          if (this.closed) throw new ChatError({ kind: 'closed', operation: spec.operation });
          if (spec.signal?.aborted) throw new ChatError({ kind: 'aborted', operation: spec.operation });
          if (timeout.signal.aborted) throw error;
        }
      }
    } finally {
      timeout.clear();
    }
  }

  private async requestWithin<S extends v.GenericSchema>(spec: RequestSpec<S>, renewed: boolean, timeout: AbortSignal): Promise<v.InferOutput<S>> {
    const signals = [this.lifetime.signal, timeout, ...(spec.signal ? [spec.signal] : [])];
    let response: Response;
    try {
      response = await this.fetchImpl(this.url(spec.path, spec.query), {
        method: spec.method,
        headers: await this.headers(spec.body === undefined ? {} : { 'content-type': 'application/json' }, spec.idempotencyKey),
        body: spec.body === undefined ? null : JSON.stringify(spec.body),
        signal: AbortSignal.any(signals),
      });
    } catch (cause) {
      if (this.closed) throw new ChatError({ kind: 'closed', operation: spec.operation });
      if (spec.signal?.aborted) throw new ChatError({ kind: 'aborted', operation: spec.operation });
      throw new ChatError({ kind: 'network', operation: spec.operation, cause });
    }
    if (response.status === 401 && !renewed) {
      await response.body?.cancel().catch(() => undefined);
      await this.renew();
      return this.request(spec, true);
    }
    let data: unknown;
    try {
      data = await response.json();
    } catch {
      data = undefined;
    }
    if (!response.ok) throw statusError(spec.operation, response.status);
    const parsed = v.safeParse(spec.response, data);
    if (!parsed.success) throw new ChatError({ kind: 'invalid-response', operation: spec.operation, status: response.status });
    return parsed.output;
  }

  // --- the live stream ----------------------------------------------------------------------

  /** Whether the event stream was started (`start` or `startLive`). */
  private started = false;

  /** Connects the event stream; resolves once it is open, then keeps it open until close. */
  start(): Promise<void> {
    this.started = true;
    return new Promise<void>((resolve, reject) => {
      void this.run(resolve, reject);
    });
  }

  /**
   * Connects the event stream in the background, resuming after `lastEventId` (a snapshot's
   * cursor: what came after it is replayed), once; keeps it open until close. A first connection
   * that fails is tried again like a later one (the chat is open already: its calls work without
   * the stream), and a refused token ends it as 'denied'.
   */
  startLive(lastEventId: string | null): void {
    if (this.started || this.closed) return;
    this.started = true;
    this.lastEventId = lastEventId;
    void this.run();
  }

  private async run(opened?: () => void, failed?: (error: ChatError) => void): Promise<void> {
    let first = true;
    let renewed = false;
    let failures = 0;
    // Delays given to the adapter win; else the server's `retry:` advice; else the defaults.
    const given = this.options.reconnectDelaysMs;
    const delays = given ?? DEFAULT_RECONNECT_MS;
    const delay = (advice: number | null) => (given ? undefined : advice) ?? delays[Math.min(failures, delays.length - 1)] ?? 1000;
    while (!this.closed) {
      this.state.set('connecting');
      let stream;
      // The stream's answer must start within the time limit: one that never does (a proxy
      // holding it) kept the thread loading for ever, or the connection 'connecting' for ever
      // (found by the thread's fault run, test/reliability/thread.model.test.ts). Once it is up,
      // only closing the client ends it.
      const limit = timeLimit(this.timeoutMs);
      try {
        stream = await this.connect({
          url: this.url(CHAT_PATHS.events),
          headers: await this.headers(),
          lastEventId: this.lastEventId,
          signal: AbortSignal.any([this.lifetime.signal, limit.signal]),
        });
      } catch (error) {
        limit.clear();
        if (this.closed) {
          if (first) failed?.(new ChatError({ kind: 'closed', operation: 'chat.connect' }));
          break;
        }
        let chatError = limit.signal.aborted
          ? new ChatError({ kind: 'network', operation: 'chat.events', cause: error })
          : error instanceof ChatError
            ? error
            : new ChatError({ kind: 'network', operation: 'chat.events', cause: error });
        // Renewed once per refusal: a connection that failed otherwise (no answer, 5xx) after a
        // renewal may be refused next time because the renewed token expired meanwhile — it then
        // renews again (it gave up as 'denied', the stream gone for good, the thread 'reconnecting'
        // for ever: found by the thread's fault run, test/reliability/thread.model.test.ts).
        if (chatError.kind !== 'denied') renewed = false;
        if (chatError.kind === 'denied' && !renewed) {
          // An expired token: renew once through the session call, then try again at once.
          renewed = true;
          try {
            await this.renew();
            continue;
          } catch (renewError) {
            // A renewal that failed for now is a connection failure (tried again after the delay,
            // renewing again); a refused one falls through to 'denied'.
            if (renewError instanceof ChatError && renewError.kind === 'unavailable') {
              chatError = renewError;
              renewed = false;
            }
          }
        }
        if (chatError.kind === 'denied') {
          this.state.set('denied');
          if (first) failed?.(chatError);
          return;
        }
        // The first connection of `start` is tried again too (a few times: the chat has not started
        // yet), unless it used up its time limit — then the chat counts as unavailable (with 'Try
        // again'). `startLive`'s is tried again for as long as the client lives.
        if (first && failed && (failures >= FIRST_CONNECT_RETRIES || limit.signal.aborted)) {
          this.state.set('disconnected');
          failed(new ChatError({ kind: 'unavailable', operation: 'chat.connect', status: chatError.status, cause: chatError }));
          return;
        }
        this.state.set('disconnected');
        await sleep(delay(null), this.lifetime.signal);
        failures++;
        continue;
      }
      limit.clear();
      renewed = false;
      failures = 0;
      this.state.set('connected');
      if (first) {
        first = false;
        opened?.();
      }
      try {
        for await (const event of stream.events) {
          if (event.id !== null) this.lastEventId = event.id;
          this.onEvent(event.event, event.data, event.id);
        }
      } catch {
        // The stream broke: reconnect below.
      }
      // Resume from the last position the stream named, with an event or without: the server
      // names it when the stream opens, so what is written while a stream that carried no event
      // yet is down still comes after the reconnection (it never did: found by the thread's fault
      // run, test/reliability/thread.model.test.ts).
      this.lastEventId = stream.lastEventId?.() ?? this.lastEventId;
      if (this.closed) break;
      this.state.set('disconnected');
      await sleep(delay(stream.retryMs()), this.lifetime.signal);
      failures++;
    }
    this.state.set('disconnected');
  }
}
