import { createFetch, type FetchResponse } from 'ofetch';
import * as v from 'valibot';
import { authorizationHeader, callerType, providerTokenOf, type GatewayAuth, type OneTimeUse } from './auth';
import { createReplayQueue, parseChallengeBody, type ChallengeBody, type ReplayQueue } from './challenge';
import { GatewayError } from './errors';
import { createProviderTokens, type SentToken } from './provider-tokens';
import { timeLimit } from './time-limit';
import type { RecordContact } from './lead/contact-recorder';
import type { ChatSession, ChatTokenContext } from './message-center/chat-session-schema';
import type { LeadCountsProvider } from './office/lead-counts-schema';

/** The library's own version, sent as the application version header. */
export const LEADKIT_VERSION = '0.2.0';

/**
 * Header names (defaults). The spec names the headers, not their spelling: these are ours, in one
 * place. A host whose gateway spells them otherwise gives its names in the gateway config
 * (`headerNames`). `Authorization` (the spec's, for the one-time token) is not renamed; the
 * provider's token goes under `headerNames.providerToken` (default `Authorization` too: a call
 * never carries both).
 */
export const HEADERS = {
  proxyVersion: 'X-Proxy-Version',
  requestId: 'X-Request-Id',
  sourceApplication: 'X-Source-Application',
  applicationVersion: 'X-Application-Version',
  callerType: 'X-Caller-Type',
  callerId: 'X-Caller-Id',
  idempotencyKey: 'Idempotency-Key',
  authorization: 'Authorization',
} as const;

/** The headers whose names a host may change (`GatewayClientConfig.headerNames`). */
export type HeaderName = Exclude<keyof typeof HEADERS, 'authorization'>;
/**
 * The provider token's header and scheme by default: `Authorization: Bearer <token>`
 * (`headerNames.providerToken`, `providerTokenScheme`; docs/gateway.md#provider-sign-in).
 */
export const PROVIDER_TOKEN = { header: 'Authorization', scheme: 'Bearer' } as const;
export type HeaderNames = Readonly<Partial<Record<HeaderName | 'providerToken', string>>>;

/**
 * What of a gateway config shapes the headers of every request: the header names and values
 * beyond the spec's (docs/gateway-assumptions.md). `gatewayHeaders` builds them from it.
 */
export type GatewayHeaderConfig = Pick<GatewayClientConfig, 'headerNames' | 'headers' | 'sourceApplication' | 'applicationVersion' | 'providerTokenScheme'>;

/** What one request adds to the config's headers. */
export interface GatewayHeaderCall {
  readonly auth: GatewayAuth;
  /** The caller id header (none when undefined). */
  readonly callerId?: string | number | undefined;
  /** The `Authorization` header's value (none when null or undefined). */
  readonly authorization?: string | null | undefined;
  /** The provider's token (sent under `headerNames.providerToken`, with the config's scheme; none when null or undefined). */
  readonly providerToken?: string | null | undefined;
  readonly idempotencyKey?: string | undefined;
}

const HEADER_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The header names in use: the defaults with the host's, checked (a bad or repeated name is a host's mistake: thrown). */
export function headerNamesOf(config: Pick<GatewayHeaderConfig, 'headerNames'>): Readonly<Record<HeaderName | 'providerToken', string>> {
  const { authorization: _authorization, ...defaults } = HEADERS;
  const names: Record<HeaderName | 'providerToken', string> = { ...defaults, providerToken: PROVIDER_TOKEN.header };
  for (const [key, name] of Object.entries(config.headerNames ?? {}) as [HeaderName | 'providerToken', string | undefined][]) {
    if (!(key in names)) throw new TypeError(`gateway headerNames: ${key} is not a header leadkit sends`);
    if (name === undefined) continue;
    if (typeof name !== 'string' || !HEADER_TOKEN.test(name)) throw new TypeError(`gateway headerNames.${key} is not a header name`);
    names[key] = name;
  }
  // The provider's token may share `Authorization` with the one-time token (never both in a call).
  const { providerToken, ...others } = names;
  const taken = [
    ...Object.values(others),
    HEADERS.authorization,
    'accept',
    ...(providerToken.toLowerCase() === HEADERS.authorization.toLowerCase() ? [] : [providerToken]),
  ].map((name) => name.toLowerCase());
  if (new Set(taken).size !== taken.length) throw new TypeError('gateway headerNames: two headers share a name');
  return names;
}

/**
 * The headers of one request to the gateway, the one builder of them (the client's requests, and
 * through the client whatever else talks to the gateway: the sandbox chat adapter): proxy version,
 * a new request id, source application and version, caller type, caller id, `Authorization`,
 * idempotency key — under the config's names — and the host's extra `headers`, which never
 * replace one of them whatever their spelling.
 */
export function gatewayHeaders(config: GatewayHeaderConfig, call: GatewayHeaderCall): Record<string, string> {
  const names = headerNamesOf(config);
  const reserved = new Set([...Object.values(names), HEADERS.authorization, 'accept'].map((name) => name.toLowerCase()));
  const scheme = config.providerTokenScheme ?? PROVIDER_TOKEN.scheme;
  if (/[\s,]/.test(scheme)) throw new TypeError('gateway providerTokenScheme is not a scheme');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(config.headers ?? {})) {
    if (!reserved.has(name.toLowerCase())) headers[name] = value;
  }
  Object.assign(headers, {
    [names.proxyVersion]: '1',
    [names.requestId]: globalThis.crypto.randomUUID(),
    [names.sourceApplication]: config.sourceApplication ?? 'leadkit',
    [names.applicationVersion]: config.applicationVersion ?? LEADKIT_VERSION,
    [names.callerType]: callerType(call.auth),
    accept: 'application/json',
  });
  if (call.callerId !== undefined) headers[names.callerId] = String(call.callerId);
  if (call.authorization) headers[HEADERS.authorization] = call.authorization;
  if (call.providerToken) headers[names.providerToken] = scheme ? `${scheme} ${call.providerToken}` : call.providerToken;
  if (call.idempotencyKey) headers[names.idempotencyKey] = call.idempotencyKey;
  return headers;
}

/** When the host gets the customer's one-time token itself (`GatewayClientConfig.getOneTimeToken`). */
export interface OneTimeTokenContext {
  /** `issue`: the first customer call needs a token; `renew`: the one held is close to its expiry. */
  reason: 'issue' | 'renew';
  signal?: AbortSignal;
}

/** A host's one-time token: sent as `Authorization: OneTime <token>` until `expiresAt` (ISO 8601). */
export interface HostOneTimeToken {
  token: string;
  expiresAt: string;
}

export type GetOneTimeToken = (context: OneTimeTokenContext) => Promise<HostOneTimeToken>;

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type HttpMethod = 'GET' | 'POST' | 'PUT';

export interface RetryPolicy {
  /** Extra attempts after the first, for GETs only. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface GatewayClientConfig {
  /** Origin (and optional prefix) the `/gateway/...` paths are resolved against; '' for same origin. */
  baseURL: string;
  /** The caller; a function is read on every request (a host can swap tokens). */
  auth: GatewayAuth | (() => GatewayAuth);
  /** A fetch to use instead of the global one (e.g. the sandbox gateway's in-process fetch). */
  fetch?: typeof globalThis.fetch;
  /**
   * `fetch`'s credentials mode (default: fetch's own, `same-origin`). `include` sends the page's
   * cookies to a gateway on another origin (provider auth by the host's session; the gateway
   * must allow it by CORS).
   */
  credentials?: RequestCredentials;
  /**
   * The customer's one-time token from the host (its own call to its gateway), asked when a
   * customer call needs one and again to renew it. With it leadkit never asks the gateway for a
   * token (`src/gateway/lead/one-time-token-calls.ts`). A token in `auth` comes first.
   */
  getOneTimeToken?: GetOneTimeToken;
  /**
   * The gateway's names for leadkit's headers; each one left out keeps its name in `HEADERS`.
   * `providerToken`: the header of the provider's token (`auth.token`; default `Authorization`).
   */
  headerNames?: HeaderNames;
  /**
   * The scheme before the provider's token in its header (default `Bearer`; `''`: the token
   * alone, for a gateway reading e.g. `X-Session-Token: <token>`).
   */
  providerTokenScheme?: string;
  /**
   * Extra headers on every request (never put a token here: use `auth`). A name leadkit sends
   * itself (the configured names, `Authorization`, `accept`; in any case) is dropped.
   */
  headers?: Readonly<Record<string, string>>;
  /**
   * Called when the gateway asks for a challenge (HTTP 511 with its JSON body). Resolve
   * `true` once the person passed it: queued replayable calls are then sent once each.
   */
  onChallenge?: (challenge: ChallengeBody) => Promise<boolean> | boolean;
  /**
   * Time limit of a call, its retries included (default 15 s): a gateway that hangs ends in the
   * widget's error state, with 'Try again', instead of a skeleton that never goes.
   */
  timeoutMs?: number;
  /** The largest answer read, in bytes (default 8 MB); a bigger one is an `invalid-response`. */
  maxResponseBytes?: number;
  retry?: Partial<RetryPolicy>;
  /**
   * Where this client's reads (GETs, and calls marked `read`) are tracked, so they can be
   * cancelled together: an element's client cancels them when the element leaves the document.
   */
  reads?: ReadScope;
  sourceApplication?: string;
  applicationVersion?: string;
  /**
   * The message thread's chat session (conversation sid, identity, chat token) from the host's
   * own service, asked when a thread opens (`reason: 'open'`) and when its chat token needs
   * renewing (`'renew'`). Without it leadkit asks the sandbox's session call (row C1 of
   * docs/gateway-assumptions.md). Its answer is checked like a gateway answer, within `timeoutMs`.
   */
  getChatToken?: (context: ChatTokenContext) => Promise<ChatSession>;
  /**
   * The board's status and unread counts (row O3 of docs/gateway-assumptions.md: the spec has no
   * such call). Absent: leadkit's counts call (the sandbox serves it). A function: asked instead,
   * with the provider and the list call's filters; its answer is checked like the call's, within
   * `timeoutMs`, and a failure shows no counts (as the call's). `false`: nothing is asked and the
   * board shows no counts.
   */
  leadCounts?: LeadCountsProvider | false;
  /**
   * The contact record after a message send (row M7: the spec gives its payload, not its path).
   * Absent: leadkit's `POST /gateway/lead/v1/contact`. A function: given the payload instead
   * (checked), within `timeoutMs`; what it throws is swallowed, as the call's errors are. `false`:
   * no contact is recorded.
   */
  recordContact?: RecordContact | false;
}

/**
 * How a client sends, for the calls that cannot go through `request` (the sandbox chat adapter's
 * event stream, uploads and chat-token calls): the same fetch, headers and time limit.
 */
export interface GatewayTransport {
  /** The host's `fetch` from the config; undefined when the client uses the platform's. */
  readonly fetch: typeof globalThis.fetch | undefined;
  /** A call's time limit (`timeoutMs`). */
  readonly timeoutMs: number;
  /**
   * The headers `request` sends for a call acting for `provider` (its caller id; default the
   * auth's provider), the provider's token included (the one the client holds, asked for first
   * when it holds none).
   */
  headers(call?: { provider?: number | undefined; idempotencyKey?: string | undefined }): Promise<Record<string, string>>;
}

/** Tracks reads in flight (see `GatewayClientConfig.reads`). */
export interface ReadScope {
  /** One attempt of a read began: aborting `controller` cancels it. Returns the call that ends the tracking. */
  track(controller: AbortController): () => void;
}

/** What a replayed call ended with, for the caller that asked to hear about it. */
export type ReplayOutcome<T> = { ok: true; value: T } | { ok: false; error: GatewayError };

export interface CallOptions {
  signal?: AbortSignal;
  /** Sent so that it outlives the page (`fetch`'s `keepalive`): a write made as the page goes away. */
  keepalive?: boolean | undefined;
}

/**
 * What a replay sends once a challenge is passed: a body, its idempotency key, and who hears the
 * outcome. By default the request that met the challenge; a call's `replayLatest` may name a
 * newer one of its owner instead (see `RequestSpec.replayLatest`).
 */
export interface ReplayTarget<T, B = unknown> {
  readonly body: B;
  readonly idempotencyKey: string;
  readonly onReplayed?: ((outcome: ReplayOutcome<T>) => void) | undefined;
}

/** Options of calls that create something: the key is made once per user action. */
export interface CreateCallOptions<T, B = unknown> extends CallOptions {
  idempotencyKey?: string;
  /** Told the outcome when a challenge was passed and this call was sent again. */
  onReplayed?: (outcome: ReplayOutcome<T>) => void;
  /** See `RequestSpec.replayLatest`. */
  replayLatest?: () => ReplayTarget<T, B> | null;
  /** See `RequestSpec.replayGroup`. */
  replayGroup?: string;
}

export interface RequestSpec<S extends v.GenericSchema> {
  operation: string;
  method: HttpMethod;
  path: string;
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
  response: S;
  oneTime?: OneTimeUse;
  /** Caller id header; defaults to `provider` (else the auth's provider id) under provider auth. */
  callerId?: string | number;
  /**
   * The provider this call acts for — the one its path, query or body names, from the same
   * value — and so its caller id under provider auth: a request's provider and its caller id
   * can never disagree (an element switching provider, an office app's route for another one).
   */
  provider?: number;
  idempotencyKey?: string;
  /**
   * A POST that only asks (a page of leads, suggestions, a chat session): cancelled with the
   * client's other reads (`GatewayClientConfig.reads`). GETs always are; other calls — what
   * changes something — always run to their end.
   */
  read?: boolean;
  /** `fetch`'s `keepalive`: the request outlives the page that sends it (see CallOptions). */
  keepalive?: boolean | undefined;
  /** A 511 challenge queues every call with an `idempotencyKey` for replay; false: this one is not (its caller asks again). */
  replayable?: boolean;
  /**
   * A replayable call of a group (one customer's create, whatever details it carries): queued, it
   * replaces the queued call of its group (`ReplayQueue.add`), so one of them is replayed.
   */
  replayGroup?: string | undefined;
  /**
   * Read when the replay goes out, for a call whose owner may have something newer to send by then
   * (the customer changed their details and sent them while the challenge went on): what to send —
   * its own idempotency key with it — or null to send nothing (the request is outdated and what
   * replaced it is done). Without it, the request itself is sent again.
   */
  replayLatest?: (() => ReplayTarget<v.InferOutput<S>> | null) | undefined;
  /**
   * The one 2xx status that means success (a call whose spec says "status 200 with …"); any other
   * 2xx answer is an `invalid-response` error. Default: every 2xx whose body fits `response`.
   */
  successStatus?: number;
  /**
   * This call's caller instead of the client's, read on every attempt and replay (so a
   * one-time token renewed or obtained meanwhile is the one sent; see one-time-token.ts).
   */
  auth?: (() => GatewayAuth) | undefined;
  signal?: AbortSignal | undefined;
  onReplayed?: ((outcome: ReplayOutcome<v.InferOutput<S>>) => void) | undefined;
}

export interface GatewayClient {
  request<S extends v.GenericSchema>(spec: RequestSpec<S>): Promise<v.InferOutput<S>>;
  readonly replayQueue: ReplayQueue;
  /** Settles when the challenge being handled now (if any) and its replays are done. */
  whenChallengeSettled(): Promise<void>;
  /** The host's one-time token provider (`GatewayClientConfig.getOneTimeToken`), if it gave one. */
  readonly getOneTimeToken?: GetOneTimeToken | undefined;
  readonly auth: GatewayAuth;
  readonly baseURL: string;
  /** See GatewayTransport; absent on a host's own client (its adapters then use the defaults). */
  readonly transport?: GatewayTransport | undefined;
  /** The config's `getChatToken`, if the host gave one. */
  readonly getChatToken?: GatewayClientConfig['getChatToken'];
  /** The config's `leadCounts`, if the host gave it (a function, or `false`). */
  readonly leadCounts?: GatewayClientConfig['leadCounts'];
  /** The config's `recordContact`, if the host gave it (a function, or `false`). */
  readonly recordContact?: GatewayClientConfig['recordContact'];
}

/** The host's replacements of invented calls a view of a client keeps (see `withRequest`). */
function hostProviders(
  from: Pick<GatewayClient, 'getChatToken' | 'leadCounts' | 'recordContact'>,
): Pick<GatewayClient, 'getChatToken' | 'leadCounts' | 'recordContact'> {
  return {
    ...(from.getChatToken ? { getChatToken: from.getChatToken } : {}),
    ...(from.leadCounts !== undefined ? { leadCounts: from.leadCounts } : {}),
    ...(from.recordContact !== undefined ? { recordContact: from.recordContact } : {}),
  };
}

/**
 * A gateway-config field that replaces an invented call: a function, `false` (no call at all) or
 * absent (leadkit's own call). Anything else is a host's mistake: thrown as the client is made.
 */
function checkHostProvider(name: 'leadCounts' | 'recordContact', value: unknown): void {
  if (value !== undefined && value !== false && typeof value !== 'function') throw new TypeError(`gateway ${name} must be a function or false`);
}

/** Whether a call only asks (a GET, or a call marked `read`): it is cancelled with the other reads of its scope. */
export const isRead = (spec: Pick<RequestSpec<v.GenericSchema>, 'method' | 'read'>): boolean => spec.method === 'GET' || spec.read === true;

/** `client` with its requests sent through `request` (a view of a client: answers taken first, an element's reads…). */
export function withRequest(client: GatewayClient, request: GatewayClient['request']): GatewayClient {
  return {
    get auth() {
      return client.auth;
    },
    baseURL: client.baseURL,
    getOneTimeToken: client.getOneTimeToken,
    replayQueue: client.replayQueue,
    whenChallengeSettled: () => client.whenChallengeSettled(),
    request,
    transport: client.transport,
    ...hostProviders(client),
  };
}

/** A call's time limit, its retries included. */
export const DEFAULT_TIMEOUT_MS = 15_000;
/**
 * The largest answer read (8 MB: the largest real one, a page of leads or messages, is a few
 * hundred kB). A bigger one is refused before it is read — by its Content-Length, or as it
 * streams — as an `invalid-response`: a broken or hostile gateway cannot freeze a phone.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
/** Statuses whose Response cannot carry a body (it is never re-wrapped). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

const DEFAULT_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 300, maxDelayMs: 5000 };
const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
/** A Retry-After longer than this is not waited for: the error goes to the user instead. */
const MAX_RETRY_AFTER_MS = 10_000;

export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/** Builds `path?query`: arrays become repeated keys; null/undefined are left out. */
export function withQuery(path: string, query?: Readonly<Record<string, QueryValue>>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Field paths of valibot issues, never their values (messages echo customer input). */
export function issuePaths(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.map((issue) => v.getDotPath(issue) ?? '(root)');
}

/** Checks a call's input against its schema before anything is sent. */
export function checkRequest<S extends v.GenericSchema>(operation: string, schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new GatewayError({ kind: 'invalid-request', operation, issues: issuePaths(result.issues) });
  return result.output;
}

/** An AbortError, as thrown by a fetch or wrapped by ofetch as the cause of its FetchError. */
function isAbortError(error: unknown): boolean {
  const named = (value: unknown) => typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'AbortError';
  return named(error) || (typeof error === 'object' && error !== null && named((error as { cause?: unknown }).cause));
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function retryAfterMs(response: FetchResponse<unknown> | undefined): number | null {
  const header = response?.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/**
 * A JSON answer's value, or its text when it is not JSON (the schema then reports it as an
 * invalid response). JSON.parse keeps `__proto__` / `constructor` keys as plain own data (they
 * never reach a prototype, and the schemas drop keys they do not name), so a hostile answer is
 * read silently: ofetch's default parser (destr) writes a console warning for each such key.
 */
function parseJsonQuietly(text: string): unknown {
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
function sizeLimitedFetch(fetch: typeof globalThis.fetch, maxBytes: number, refused: WeakSet<AbortSignal>): typeof globalThis.fetch {
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

export function createGatewayClient(config: GatewayClientConfig): GatewayClient {
  const refusedAnswers = new WeakSet<AbortSignal>();
  const baseFetch: typeof globalThis.fetch = config.fetch ?? ((...args) => globalThis.fetch(...args));
  const $fetch = createFetch({ fetch: sizeLimitedFetch(baseFetch, config.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES, refusedAnswers) }).create({
    baseURL: config.baseURL,
    retry: false,
    ignoreResponseError: true,
    parseResponse: parseJsonQuietly,
  });
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...config.retry };
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const replayQueue = createReplayQueue();
  let challengeInFlight: Promise<void> | null = null;
  const readAuth = (): GatewayAuth => (typeof config.auth === 'function' ? config.auth() : config.auth);

  // The names and providers checked once, as the client is made: a host's mistake shows at once.
  checkHostProvider('leadCounts', config.leadCounts);
  checkHostProvider('recordContact', config.recordContact);
  const headerConfig: GatewayHeaderConfig = {
    headerNames: headerNamesOf(config),
    headers: config.headers,
    sourceApplication: config.sourceApplication,
    applicationVersion: config.applicationVersion,
    providerTokenScheme: config.providerTokenScheme,
  };
  // A bad scheme shows as the client is made, as a bad header name does.
  gatewayHeaders(headerConfig, { auth: { kind: 'anonymous' } });

  const tokens = createProviderTokens(timeoutMs);

  function headersFor(
    spec: Pick<RequestSpec<v.GenericSchema>, 'callerId' | 'provider' | 'oneTime'>,
    auth: GatewayAuth,
    idempotencyKey: string | undefined,
    providerToken: string | null,
  ) {
    return gatewayHeaders(headerConfig, {
      auth,
      callerId: spec.callerId ?? (auth.kind === 'provider' ? (spec.provider ?? auth.spId) : undefined),
      authorization: authorizationHeader(auth, spec.oneTime ?? 'none'),
      providerToken,
      idempotencyKey,
    });
  }

  /** One HTTP attempt until `deadline` (ms since the epoch); maps every failure to a GatewayError. */
  async function attempt<S extends v.GenericSchema>(spec: RequestSpec<S>, idempotencyKey: string | undefined, deadline: number, sent: SentToken) {
    const auth = spec.auth ? spec.auth() : readAuth();
    if (spec.oneTime === 'required' && auth.kind !== 'oneTime') {
      // A customer call without a token would be answered 401 anyway; don't send it.
      throw new GatewayError({ kind: 'http', status: 401, operation: spec.operation });
    }
    const source = providerTokenOf(auth);
    let providerToken: string | null = null;
    if (source !== null) {
      const held = tokens.current(source);
      sent.source = source;
      sent.token = held;
      providerToken = await tokens.settle(held, spec.operation, spec.signal);
    }
    const timeout = timeLimit(Math.max(0, deadline - Date.now()));
    const read = config.reads && isRead(spec) ? new AbortController() : null;
    const untrack = read && config.reads ? config.reads.track(read) : null;
    const signals = [timeout.signal, ...(spec.signal ? [spec.signal] : []), ...(read ? [read.signal] : [])];
    const signal = signals.length === 1 ? timeout.signal : AbortSignal.any(signals);
    try {
      return await $fetch.raw(withQuery(spec.path, spec.query), {
        method: spec.method,
        headers: headersFor(spec, auth, idempotencyKey, providerToken),
        body: spec.body as Record<string, unknown> | undefined,
        signal,
        ...(config.credentials ? { credentials: config.credentials } : {}),
        ...(spec.keepalive ? { keepalive: true } : {}),
      });
    } catch (error) {
      // ofetch's own error text holds the URL: it is dropped on purpose.
      if (spec.signal?.aborted || read?.signal.aborted) throw new GatewayError({ kind: 'aborted', operation: spec.operation });
      if (refusedAnswers.has(signal)) throw new GatewayError({ kind: 'invalid-response', operation: spec.operation, issues: ['(size)'] });
      if (timeout.signal.aborted) throw new GatewayError({ kind: 'timeout', operation: spec.operation });
      // A fetch that cancelled the request itself (an element's client while the element is out
      // of the document) is not a network failure: nothing to retry.
      if (isAbortError(error)) throw new GatewayError({ kind: 'aborted', operation: spec.operation });
      throw new GatewayError({ kind: 'network', operation: spec.operation });
    } finally {
      // The answer is read (ofetch's raw reads the body): the limit's timer goes with the attempt.
      timeout.clear();
      untrack?.();
    }
  }

  async function send<S extends v.GenericSchema>(spec: RequestSpec<S>, idempotencyKey: string | undefined, sent: SentToken = {}) {
    const retries = spec.method === 'GET' ? retry.retries : 0;
    // One time limit for the call: a retry gets what is left of it.
    const deadline = Date.now() + timeoutMs;
    for (let tryIndex = 0; ; tryIndex++) {
      let response: FetchResponse<unknown> | undefined;
      let failure: GatewayError | undefined;
      try {
        response = await attempt(spec, idempotencyKey, deadline, sent);
      } catch (error) {
        failure = error as GatewayError;
        // An answer too large to read is not asked for again.
        if (failure.kind === 'aborted' || failure.kind === 'http' || failure.kind === 'invalid-response') throw failure;
      }
      const status = response?.status;
      const retryable = failure !== undefined || (status !== undefined && RETRY_STATUSES.has(status));
      if (!retryable || tryIndex >= retries) {
        if (failure) throw failure;
        return response as FetchResponse<unknown>;
      }
      const hinted = status === 429 || status === 503 ? retryAfterMs(response) : null;
      if (hinted !== null && hinted > MAX_RETRY_AFTER_MS) return response as FetchResponse<unknown>;
      const backoff = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** tryIndex);
      const delay = hinted ?? backoff / 2 + Math.random() * (backoff / 2);
      // No time left for another attempt after the wait: this one's outcome is the call's.
      if (Date.now() + delay >= deadline) {
        if (failure) throw failure;
        return response as FetchResponse<unknown>;
      }
      try {
        await sleep(delay, spec.signal);
      } catch {
        throw new GatewayError({ kind: 'aborted', operation: spec.operation });
      }
    }
  }

  function parse<S extends v.GenericSchema>(spec: RequestSpec<S>, response: FetchResponse<unknown>): v.InferOutput<S> {
    if (spec.successStatus !== undefined && response.status !== spec.successStatus) {
      throw new GatewayError({ kind: 'invalid-response', status: response.status, operation: spec.operation, issues: ['status'] });
    }
    const result = v.safeParse(spec.response, response._data);
    if (!result.success) {
      throw new GatewayError({
        kind: 'invalid-response',
        status: response.status,
        operation: spec.operation,
        issues: issuePaths(result.issues),
      });
    }
    return result.output;
  }

  function handleChallenge(challenge: ChallengeBody): void {
    if (!config.onChallenge || challengeInFlight) return;
    const onChallenge = config.onChallenge;
    challengeInFlight = (async () => {
      let passed: boolean;
      try {
        passed = (await onChallenge(challenge)) === true;
      } catch {
        passed = false;
      }
      // Replays never run after a failed challenge: the user must act again.
      if (passed) await replayQueue.replayAll();
      else replayQueue.clear();
    })().finally(() => {
      challengeInFlight = null;
    });
  }

  async function request<S extends v.GenericSchema>(spec: RequestSpec<S>): Promise<v.InferOutput<S>> {
    const idempotencyKey = spec.idempotencyKey;
    const sent: SentToken = {};
    let response = await send(spec, idempotencyKey, sent);
    // A provider token the gateway refused: the host's function is asked once more (one refresh
    // for every call refused meanwhile) and the call sent once again before the 401 is the call's.
    if (response.status === 401 && typeof sent.source === 'function' && sent.token) {
      await tokens.refresh(sent.source, sent.token);
      response = await send(spec, idempotencyKey);
    }
    if (response.status >= 200 && response.status < 300) return parse(spec, response);

    const challenge = response.status === 511 ? parseChallengeBody(response._data) : null;
    if (challenge) {
      if (spec.replayable !== false && idempotencyKey) {
        replayQueue.add({
          operation: spec.operation,
          idempotencyKey,
          group: spec.replayGroup,
          replay: async () => {
            // Sent once; a second challenge during a replay is reported, not queued again.
            let outcome: ReplayOutcome<v.InferOutput<S>>;
            let report = spec.onReplayed;
            try {
              const target = spec.replayLatest ? spec.replayLatest() : { body: spec.body, idempotencyKey, onReplayed: spec.onReplayed };
              // Outdated, and nothing newer waits: nothing is sent.
              if (target === null) return;
              report = target.onReplayed;
              const replayed = await send({ ...spec, body: target.body, signal: undefined }, target.idempotencyKey);
              if (replayed.status >= 200 && replayed.status < 300) outcome = { ok: true, value: parse(spec, replayed) };
              else
                outcome = {
                  ok: false,
                  error: new GatewayError({ kind: 'http', status: replayed.status, body: replayed._data, operation: spec.operation }),
                };
            } catch (error) {
              outcome = { ok: false, error: error as GatewayError };
            }
            report?.(outcome);
          },
        });
      }
      handleChallenge(challenge);
      throw new GatewayError({ kind: 'challenge', status: 511, body: challenge, operation: spec.operation });
    }
    throw new GatewayError({ kind: 'http', status: response.status, body: response._data, operation: spec.operation });
  }

  return {
    request,
    getOneTimeToken: config.getOneTimeToken,
    replayQueue,
    whenChallengeSettled: () => challengeInFlight ?? Promise.resolve(),
    get auth() {
      return readAuth();
    },
    baseURL: config.baseURL,
    transport: {
      fetch: config.fetch,
      timeoutMs,
      headers: async (call = {}) => {
        const auth = readAuth();
        const source = providerTokenOf(auth);
        const providerToken = source === null ? null : await tokens.settle(tokens.current(source), 'transport', undefined);
        return headersFor({ provider: call.provider }, auth, call.idempotencyKey, providerToken);
      },
    },
    ...hostProviders(config),
  };
}
