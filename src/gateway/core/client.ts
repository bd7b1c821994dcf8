import { createFetch, type FetchResponse } from 'ofetch';
import * as v from 'valibot';
import { DEFAULT_MAX_RESPONSE_BYTES, parseJsonQuietly, sizeLimitedFetch } from './answer-reading';
import { authorizationHeader, providerTokenOf, type GatewayAuth } from './auth';
import { createReplayQueue, parseChallengeBody, type ChallengeBody, type ReplayEntry, type ReplayQueue } from './challenge';
import { GatewayError } from './errors';
import { diagnosed } from './diagnose';
import { checkHostProvider, hostProviders } from './host-providers';
import type { SetupProblem } from './setup-causes';
import { warnSetupProblem } from './setup-problems';
import { gatewayHeaders, headerNamesOf, type GatewayHeaderConfig } from './headers';
import { createProviderTokens, type SentToken } from '../provider-tokens';
import { isRead, issuePaths, newIdempotencyKey, withQuery, type ReplayOutcome, type RequestSpec } from './request-spec';
import { DEFAULT_RETRY, MAX_RETRY_AFTER_MS, RETRY_STATUSES, isAbortError, retryAfterMs, sleep, type RetryPolicy } from './retries';
import { timeLimit } from '../time-limit';
import { replaysAfterChallenge, withWriteKey } from './write-replay';
import type { RecordContact } from '../lead/contact-recorder';
import type { ChatSession, ChatTokenContext } from '../message-center/chat-session-schema';
import type { LeadCountsProvider } from '../office/lead-counts-schema';

/**
 * The gateway client: its config, what a client offers its calls (`GatewayClient`), and
 * `createGatewayClient`, which sends each call — headers (headers.ts), retries (retries.ts), a time
 * limit, answers read within bounds (answer-reading.ts) and checked, a 511 challenge's replays.
 * What a call asks of it is request-spec.ts.
 */

/** When the host gets the customer's one-time token itself (`GatewayClientConfig.getOneTimeToken`). */
export interface OneTimeTokenContext {
  /** `issue`: the first customer call needs a token; `renew`: the one held is close to its expiry. */
  reason: 'issue' | 'renew';
  /**
   * On `renew`: the token being renewed — the one this function answered last — so the host's
   * server can extend or exchange it without keeping it itself. Absent on `issue`.
   */
  token?: string;
  /** Aborted when leadkit no longer waits (the gateway client's time limit). */
  signal?: AbortSignal;
}

/** A host's one-time token: sent as `Authorization: OneTime <token>` until `expiresAt` (ISO 8601). */
export interface HostOneTimeToken {
  token: string;
  expiresAt: string;
}

export type GetOneTimeToken = (context: OneTimeTokenContext) => Promise<HostOneTimeToken>;

export interface GatewayClientConfig extends GatewayHeaderConfig {
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
   * token (`src/gateway/lead/funnel/one-time-token-calls.ts`). A token in `auth` comes first.
   */
  getOneTimeToken?: GetOneTimeToken;
  /**
   * Called when the gateway asks for a challenge (HTTP 511 with its JSON body). Resolve
   * `true` once the person passed it: every call it met is then sent once more, and a caller held
   * meanwhile gets that answer (docs/gateway.md#511-challenge).
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
  /** Told of a wrong host setting its calls met (docs/troubleshooting.md): the console, once per page; an element's view, `lk-error` too. */
  readonly reportSetup?: ((problem: SetupProblem) => void) | undefined;
}

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

export function createGatewayClient(config: GatewayClientConfig): GatewayClient {
  const refusedAnswers = new WeakSet<AbortSignal>();
  /** Whether the gateway ever answered (its status came, whatever came after), and whether a call ever succeeded: what tells a wrong URL from a failure. */
  let [answered, succeeded] = [false, false];
  const given = config.fetch ?? ((...args) => globalThis.fetch(...args));
  const baseFetch: typeof globalThis.fetch = (...args) => given(...args).then((response) => ((answered = true), response));
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
  /** The challenge the next round asks the host about (the latest a call met). */
  let nextChallenge: ChallengeBody | null = null;
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

  /**
   * The host's challenge, asked once for every call that meets it meanwhile; passed, the queued
   * calls are replayed; failed, forgotten. A call that met a new challenge while the queue was being
   * replayed (the gateway asked again) starts one more round.
   */
  function handleChallenge(challenge: ChallengeBody): void {
    if (!config.onChallenge) return;
    const onChallenge = config.onChallenge;
    nextChallenge = challenge;
    challengeInFlight ??= (async () => {
      try {
        for (let round = 0; nextChallenge && (round === 0 || replayQueue.size > 0); round++) {
          const current = nextChallenge;
          nextChallenge = null;
          let passed: boolean;
          try {
            passed = (await onChallenge(current)) === true;
          } catch {
            passed = false;
          }
          // Replays never run after a failed challenge: the user must act again.
          if (passed) await replayQueue.replayAll();
          else replayQueue.clear();
        }
      } finally {
        // At once, not a task later: a call that meets a challenge from now on starts a new one.
        nextChallenge = null;
        challengeInFlight = null;
      }
    })();
  }

  /**
   * The queue's entry of a call that met a challenge: replaying it sends the call once more (its key,
   * if it has one; a read with its caller's signal, a write to its end) and tells `hear` — by default
   * the call's `onReplayed` — how it went. `gaveUp`: its held caller went away (nothing is sent).
   */
  function replayEntry<S extends v.GenericSchema>(
    spec: RequestSpec<S>,
    hear: ((outcome: ReplayOutcome<v.InferOutput<S>>) => void) | undefined,
    gaveUp: () => boolean = () => false,
  ): ReplayEntry {
    return {
      operation: spec.operation,
      // A call without a key (a read) is known in the queue by one made here, never sent.
      idempotencyKey: spec.idempotencyKey ?? newIdempotencyKey(),
      group: spec.replayGroup,
      replay: async () => {
        // Its caller gave it up meanwhile (a newer status choice took over, a newer read): sending
        // it now would land after what replaced it. Nothing is sent, nothing is reported.
        if (spec.signal?.aborted || gaveUp()) return;
        let outcome: ReplayOutcome<v.InferOutput<S>>;
        let report = hear;
        try {
          let { body, idempotencyKey } = spec;
          if (spec.replayLatest) {
            const target = spec.replayLatest();
            // Outdated, and nothing newer waits: nothing is sent.
            if (target === null) return;
            ({ body, idempotencyKey, onReplayed: report } = target);
          }
          // Sent once; a second challenge during a replay is reported, not queued again.
          const replayed = await send({ ...spec, body, signal: isRead(spec) ? spec.signal : undefined }, idempotencyKey);
          outcome =
            replayed.status >= 200 && replayed.status < 300 ? { ok: true, value: parse(spec, replayed) } : { ok: false, error: httpError(spec, replayed) };
        } catch (error) {
          outcome = { ok: false, error: error as GatewayError };
        }
        report?.(outcome);
      },
    };
  }

  /**
   * A call held by a challenge (docs/gateway.md#511-challenge): its caller waits and gets the
   * replay's answer once the challenge is passed; the challenge error when it is not (or its entry
   * was replaced); `aborted` at once when it gives up (its signal, its element leaving for a read).
   */
  function held<S extends v.GenericSchema>(spec: RequestSpec<S>, challenge: ChallengeBody, error: GatewayError): Promise<v.InferOutput<S>> {
    return new Promise((resolve, reject) => {
      let done = false;
      const read = config.reads && isRead(spec) ? new AbortController() : null;
      const untrack = read ? config.reads?.track(read) : undefined;
      const signals = [spec.signal, read?.signal].filter((signal): signal is AbortSignal => signal !== undefined);
      function finish(outcome: ReplayOutcome<v.InferOutput<S>>) {
        if (done) return;
        done = true;
        untrack?.();
        for (const signal of signals) signal.removeEventListener('abort', giveUp);
        if (outcome.ok) resolve(outcome.value);
        else reject(outcome.error);
      }
      function giveUp() {
        finish({ ok: false, error: new GatewayError({ kind: 'aborted', operation: spec.operation }) });
      }
      if (signals.some((signal) => signal.aborted)) return giveUp();
      for (const signal of signals) signal.addEventListener('abort', giveUp, { once: true });
      replayQueue.add(replayEntry(spec, finish, () => done));
      handleChallenge(challenge);
      // Replays are sent before the challenge settles: not answered by then, it was not replayed.
      void (challengeInFlight ?? Promise.resolve()).then(() => finish({ ok: false, error }));
    });
  }

  async function request<S extends v.GenericSchema>(asked: RequestSpec<S>): Promise<v.InferOutput<S>> {
    const [sent, spec]: [SentToken, RequestSpec<S>] = [{}, withWriteKey(asked)];
    try {
      return await answer(spec, sent);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      const auth = spec.auth ? spec.auth() : readAuth();
      throw diagnosed(error, {
        ...config,
        invented: spec.invented === true,
        provider: auth.kind === 'provider',
        tokenSent: sent.source !== undefined,
        answered,
        succeeded,
      });
    }
  }

  async function answer<S extends v.GenericSchema>(spec: RequestSpec<S>, sent: SentToken): Promise<v.InferOutput<S>> {
    const idempotencyKey = spec.idempotencyKey;
    let response = await send(spec, idempotencyKey, sent);
    // A provider token the gateway refused: the host's function is asked once more (one refresh
    // for every call refused meanwhile) and the call sent once again before the 401 is the call's.
    if (response.status === 401 && typeof sent.source === 'function' && sent.token) {
      await tokens.refresh(sent.source, sent.token);
      response = await send(spec, idempotencyKey);
    }
    if (response.status >= 200 && response.status < 300) {
      succeeded = true;
      return parse(spec, response);
    }

    const challenge = response.status === 511 ? parseChallengeBody(response._data) : null;
    if (!challenge) throw httpError(spec, response);
    const error = new GatewayError({ kind: 'challenge', status: 511, body: challenge, operation: spec.operation });
    // A write its key or the table does not make safe to repeat (write-replay.ts): the host's check runs; the user repeats it.
    if (!replaysAfterChallenge(spec)) {
      handleChallenge(challenge);
      throw error;
    }
    // Every other call is replayed. One whose caller hears the replay itself (`onReplayed`, `replayLatest`) raises the challenge
    // at once, as one does for a host with no `onChallenge` (its keyed writes wait for its `replayAll`); any other caller is held.
    if (config.onChallenge && !spec.onReplayed && !spec.replayLatest) return held(spec, challenge, error);
    if (config.onChallenge || spec.idempotencyKey) replayQueue.add(replayEntry(spec, spec.onReplayed));
    handleChallenge(challenge);
    throw error;
  }

  function httpError<S extends v.GenericSchema>(spec: RequestSpec<S>, response: FetchResponse<unknown>): GatewayError {
    return new GatewayError({ kind: 'http', status: response.status, body: response._data, operation: spec.operation });
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
    reportSetup: warnSetupProblem,
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
