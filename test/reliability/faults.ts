/**
 * The model-based fault runs (docs/reliability.md): the fault layer the board and thread runs share. It
 * wraps the in-process sandbox's fetch and decides the fate of every gateway request from a
 * fast-check stream (so a seed replays the same faults), on vitest's fake clock:
 *
 * - latency 0–3 s, part before the server handles the request and part after (two requests
 *   can reach the server in one order and answer in the other, as on a real network);
 * - about 20 % failing: a network error before the server saw the request, an answer lost after
 *   the server did the work (a TypeError either way), 500 and 502–504 (a 501, "not implemented", is
 *   not a failure that passes: on leadkit's own calls it says the gateway has no such call), 429 with Retry-After (some longer
 *   than the client waits for), 511 with the gateway's challenge body (passed or failed by the
 *   `onChallenge` below, again from a stream);
 * - 2 % never answering (before or after the server handled it): the promise ends only when the
 *   request's AbortSignal aborts, so the client's own time limit must end it.
 *
 * Every request is logged (what it asked, whether the server handled it, whether the client got
 * the answer), which is what the runs' invariants read besides the sandbox's store.
 *
 * `installFakeClock` puts setTimeout/setInterval/Date on vitest's fake clock (the clients' time
 * limits are timers: `timeLimit` in src/gateway/time-limit.ts), so a 15 s time limit costs nothing;
 * `AbortSignal.timeout`, which vitest's fake timers do not fake, gets a fake-clock version should
 * anything use it; `Math.random` (the client's retry jitter) is seeded.
 */
import fc from 'fast-check';
import { vi } from 'vitest';
import type { SandboxGateway } from '@leadkit/sandbox';
import type { ChallengeBody } from '../../src/gateway/core/challenge';
import { sleep } from '../../src/gateway/core/retries';

export type FaultKind = 'network' | 'lost-answer' | 'server-error' | 'rate-limited' | 'challenge' | 'hang';

/** What happens to one request. */
export interface RequestFate {
  readonly fault: FaultKind | null;
  /** Latency before the server handles the request, and after (before the client sees the answer). */
  readonly beforeMs: number;
  readonly afterMs: number;
  /** 500 or 502–504 for `server-error`. */
  readonly status: number;
  /** Retry-After seconds for `rate-limited` (over 10 the client does not wait: the error goes to the user). */
  readonly retryAfterSeconds: number;
  /** For `hang`: the server handled the request before the answer was lost in the wire. */
  readonly handled: boolean;
  /**
   * For an answered request: once the server handled it, the answer is already on its way and
   * an abort no longer stops it (as with a fetch that does not honour the signal then): a
   * superseded call's late answer still arrives.
   */
  readonly ignoresAbort?: boolean;
}

const latency = fc.oneof({ arbitrary: fc.constant(0), weight: 2 }, { arbitrary: fc.integer({ min: 0, max: 3000 }), weight: 3 });

/** 0–3 s in all, split before/after the server. */
const latencyPair = fc.tuple(latency, fc.double({ min: 0, max: 1, noNaN: true })).map(([total, split]) => {
  const beforeMs = Math.round(total * split);
  return { beforeMs, afterMs: total - beforeMs };
});

/** The server errors that pass (not 501: see above). */
const serverErrorStatus = fc.constantFrom(500, 502, 503, 504);

const fate = (fault: FaultKind | null, extra: Partial<RequestFate> = {}) =>
  latencyPair.map(({ beforeMs, afterMs }): RequestFate => ({ fault, beforeMs, afterMs, status: 200, retryAfterSeconds: 0, handled: false, ...extra }));

/** Weights out of 100: 78 answered (a fifth of them past an abort), 20 failing, 2 never answering. */
export const requestFateArb: fc.Arbitrary<RequestFate> = fc.oneof(
  { arbitrary: fate(null), weight: 62 },
  { arbitrary: fate(null, { ignoresAbort: true }), weight: 16 },
  { arbitrary: fate('network'), weight: 4 },
  { arbitrary: fate('lost-answer'), weight: 3 },
  { arbitrary: serverErrorStatus.chain((status) => fate('server-error', { status })), weight: 5 },
  { arbitrary: fc.integer({ min: 0, max: 20 }).chain((retryAfterSeconds) => fate('rate-limited', { retryAfterSeconds })), weight: 4 },
  { arbitrary: fate('challenge'), weight: 4 },
  { arbitrary: fc.boolean().chain((handled) => fate('hang', { handled })), weight: 2 },
);

/**
 * The black-box probe's network: about a fifth of the requests failing — 500, 502–504, a
 * request dropped before the server saw it, an answer lost after the server acted — and 0–3 s
 * of latency on each; no challenge, no hang, no rate limit (the other runs have those).
 */
export const probeFateArb: fc.Arbitrary<RequestFate> = fc.oneof(
  { arbitrary: fate(null), weight: 80 },
  { arbitrary: serverErrorStatus.chain((status) => fate('server-error', { status })), weight: 7 },
  { arbitrary: fate('network'), weight: 7 },
  { arbitrary: fate('lost-answer'), weight: 6 },
);

/** How a person does with a challenge: passes or not, after a while. */
export interface ChallengeFate {
  readonly pass: boolean;
  readonly afterMs: number;
}
export const challengeFateArb: fc.Arbitrary<ChallengeFate> = fc.record({ pass: fc.boolean(), afterMs: fc.integer({ min: 0, max: 5000 }) });

/** One request as the fault layer saw it. */
export interface WireRecord {
  readonly seq: number;
  readonly method: string;
  readonly path: string;
  /** Parsed JSON body; the Blob's size for a binary body. */
  readonly body: unknown;
  readonly idempotencyKey: string | null;
  readonly fate: RequestFate;
  /** The sandbox handled it (its effects, if any, are in the store). */
  handled: boolean;
  /** The order in which the sandbox handled it (null until then). */
  handledAt: number | null;
  /** The client got an answer (any status). */
  answered: boolean;
  /** The status the client got, or null (no answer). */
  status: number | null;
  /** The sandbox's answer, for JSON answers the client got or not (read from a clone). */
  answer: unknown;
}

export type FaultCounts = Record<FaultKind | 'none', number>;
export const emptyCounts = (): FaultCounts => ({ none: 0, network: 0, 'lost-answer': 0, 'server-error': 0, 'rate-limited': 0, challenge: 0, hang: 0 });

export interface FaultLayerOptions {
  sandbox: SandboxGateway;
  fates: Iterator<RequestFate>;
  challenges: Iterator<ChallengeFate>;
  /** Which paths get faults (default every `/gateway/` path); others pass through untouched. */
  faulted?: (method: string, path: string) => boolean;
  /**
   * A fixed fate for a request (the regression examples: "this call answers late"); undefined
   * takes the next from `fates`.
   */
  fateFor?: (request: { method: string; path: string; body: unknown }) => RequestFate | undefined;
}

/** A request answered normally after `afterMs` (0: at once) — for the regression examples. */
export const answered = (afterMs = 0, beforeMs = 0): RequestFate => ({ fault: null, beforeMs, afterMs, status: 200, retryAfterSeconds: 0, handled: false });
/** A request failing with `fault` — for the regression examples. */
export const failing = (fault: FaultKind, extra: Partial<RequestFate> = {}): RequestFate => ({
  ...answered(),
  fault,
  status: fault === 'server-error' ? 500 : 200,
  ...extra,
});

export interface FaultLayer {
  readonly fetch: typeof globalThis.fetch;
  /** For the gateway client's `onChallenge`. */
  readonly onChallenge: (challenge: ChallengeBody) => Promise<boolean>;
  readonly log: WireRecord[];
  readonly counts: FaultCounts;
  /** Challenges handed out, and how each ended (true: passed). */
  readonly challengeOutcomes: boolean[];
  /** Off: every request answers at once, untouched (the runs' final checks). */
  enabled: boolean;
  /** Breaks every event stream (`…/events`) open now, as a dropped connection does; returns how many. */
  breakStreams(): number;
  /** Requests the client is still waiting on (an open event stream, once answered, is not one). */
  readonly waiting: number;
}

function rejectOnAbort(signal: AbortSignal | null | undefined): Promise<never> {
  return new Promise((_, reject) => {
    if (!signal) return; // never settles: the caller gave no way to end it
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** Waits on the (fake) clock; rejects as fetch does when the signal aborts first (the client's own `sleep`). */
function wait(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return ms <= 0 ? Promise.resolve() : sleep(ms, signal ?? undefined);
}

function readBody(body: BodyInit | null | undefined): unknown {
  if (typeof body === 'string') {
    try {
      return JSON.parse(body);
    } catch {
      return body;
    }
  }
  if (body instanceof Blob) return { blob: body.size };
  return body ?? undefined;
}

export function createFaultLayer({ sandbox, fates, challenges, faulted, fateFor }: FaultLayerOptions): FaultLayer {
  const log: WireRecord[] = [];
  const counts = emptyCounts();
  const challengeOutcomes: boolean[] = [];
  let handledSeq = 0;
  let challengeSeq = 0;
  const isFaulted = faulted ?? ((_method: string, path: string) => path.startsWith('/gateway/'));

  /** The open event streams' bodies, to break (see breakStreams). */
  const streams = new Set<TransformStreamDefaultController<Uint8Array>>();
  /** An event stream's body passed through a stream the layer can break. */
  const breakable = (response: Response): Response => {
    if (!response.body || !response.headers.get('content-type')?.includes('text/event-stream')) return response;
    let controller!: TransformStreamDefaultController<Uint8Array>;
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        start: (c) => {
          controller = c;
          streams.add(c);
        },
        flush: () => {
          streams.delete(controller);
        },
      }),
    );
    return new Response(body, { status: response.status, headers: response.headers });
  };

  let waiting = 0;
  const layer: FaultLayer = {
    enabled: true,
    get waiting() {
      return waiting;
    },
    breakStreams() {
      const open = [...streams];
      streams.clear();
      for (const controller of open) {
        try {
          controller.error(new TypeError('network error (fault layer: the connection dropped)'));
        } catch {
          // already closed by the client
        }
      }
      return open.length;
    },
    log,
    counts,
    challengeOutcomes,
    async onChallenge() {
      const next = challenges.next();
      const outcome: ChallengeFate = next.done ? { pass: true, afterMs: 0 } : next.value;
      await wait(outcome.afterMs, null);
      challengeOutcomes.push(outcome.pass);
      return outcome.pass;
    },
    fetch: (input, init) => {
      waiting++;
      const done = () => void waiting--;
      const answer = fetchWithFate(input, init);
      answer.then(done, done);
      return answer;
    },
  };

  async function fetchWithFate(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://sandbox.test');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const body = readBody(init?.body);
    const faultable = layer.enabled && isFaulted(method, url.pathname);
    const fixed = faultable ? fateFor?.({ method, path: url.pathname, body }) : undefined;
    const chosen = faultable && !fixed ? fates.next() : null;
    const fate: RequestFate = fixed ?? (chosen && !chosen.done ? chosen.value : answered());
    const record: WireRecord = {
      seq: log.length + 1,
      method,
      path: url.pathname,
      body,
      idempotencyKey: headers.get('idempotency-key'),
      fate,
      handled: false,
      handledAt: null,
      answered: false,
      status: null,
      answer: undefined,
    };
    log.push(record);
    if (fixed || (chosen && !chosen.done)) counts[fate.fault ?? 'none']++;

    /** The sandbox handles it. Writes go without the signal: once sent, aborting never un-sends them. */
    const handle = () => track(handleNow());
    const handleNow = async () => {
      const response = await sandbox.fetch(input, method === 'GET' ? init : { ...init, signal: null });
      record.handled = true;
      record.handledAt = ++handledSeq;
      if (response.headers.get('content-type')?.includes('application/json')) {
        record.answer = await response
          .clone()
          .json()
          .catch(() => undefined);
      }
      return response;
    };
    const answer = (response: Response) => {
      record.answered = true;
      record.status = response.status;
      return response;
    };

    await wait(fate.beforeMs, signal);
    switch (fate.fault) {
      case 'network':
        throw new TypeError('fetch failed (fault layer: network error)');
      case 'server-error':
        await wait(fate.afterMs, signal);
        return answer(Response.json({ message: `Injected ${fate.status}` }, { status: fate.status }));
      case 'rate-limited':
        await wait(fate.afterMs, signal);
        return answer(Response.json({ message: 'Too Many Requests' }, { status: 429, headers: { 'Retry-After': String(fate.retryAfterSeconds) } }));
      case 'challenge': {
        await wait(fate.afterMs, signal);
        const challengeId = `fault-challenge-${++challengeSeq}`;
        return answer(Response.json({ error: 'challenge_required', challengeId, challengeUrl: `/sandbox/challenge/${challengeId}` }, { status: 511 }));
      }
      case 'lost-answer': {
        const response = await handle();
        await response.body?.cancel().catch(() => undefined);
        throw new TypeError('fetch failed (fault layer: the answer was lost)');
      }
      case 'hang': {
        if (fate.handled) {
          const response = await handle();
          await response.body?.cancel().catch(() => undefined);
        }
        return rejectOnAbort(signal);
      }
      case null: {
        const response = await handle();
        try {
          await wait(fate.afterMs, fate.ignoresAbort ? null : signal);
        } catch (error) {
          await response.body?.cancel().catch(() => undefined);
          throw error;
        }
        return answer(breakable(response));
      }
    }
  }
  return layer;
}

/**
 * The sandbox's handling of requests in flight. Some of it is real asynchronous work (a media
 * upload's bytes are read and hashed off the main thread), which finishes after a number of real
 * event-loop turns: `advance` lets it finish before the fake clock moves, so a run is the same
 * every time its seed is replayed.
 */
const inFlight = new Set<Promise<unknown>>();
function track<T>(work: Promise<T>): Promise<T> {
  inFlight.add(work);
  const done = () => inFlight.delete(work);
  work.then(done, done);
  return work;
}

/** Waits (in real time) until the sandbox has finished the requests it is handling. */
export async function sandboxIdle(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
  await vi.advanceTimersByTimeAsync(0);
}

/** A seeded Math.random (mulberry32): the client's retry jitter replays with the run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Fake timers for one run (setTimeout/setInterval/Date; microtasks, nextTick and setImmediate stay
 * real so the in-process fetch runs), `AbortSignal.timeout` on that clock, and a seeded
 * Math.random. Returns the undo.
 */
export function installFakeClock(seed: number, start = new Date('2025-06-02T15:00:00Z')): () => void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], now: start });
  const timeout = vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms: number) => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms);
    return controller.signal;
  });
  const random = vi.spyOn(Math, 'random').mockImplementation(seededRandom(seed));
  return () => {
    random.mockRestore();
    timeout.mockRestore();
    vi.useRealTimers();
  };
}

/** The model runs' counts: 100 runs of at most 25 actions in `npm test`, 1,000 of at most 50 in `npm run soak` (SOAK=1). */
export const SOAK = Boolean(process.env.SOAK);
export const RUNS = SOAK ? 1000 : 100;
export const MAX_ACTIONS = SOAK ? 50 : 25;

/**
 * fc.commands' settings for a run's actions. 'max': runs of any length up to the limit (the
 * default leans to a handful of actions). FC_REPLAY (a counterexample's replayPath) replays one.
 */
export const COMMAND_SETTINGS = { maxCommands: MAX_ACTIONS, size: 'max' as const, ...(process.env.FC_REPLAY ? { replayPath: process.env.FC_REPLAY } : {}) };

/** fc.assert's settings: RUNS runs; FC_SEED and FC_PATH replay a failure. */
export const RUN_SETTINGS = { numRuns: RUNS, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH } : {}) };

/**
 * Lets `ms` of fake time pass in steps, running what each step wakes (and the promises after it),
 * the sandbox's work in flight finished before each step (see sandboxIdle).
 */
export async function advance(ms: number, step = 250): Promise<void> {
  let left = ms;
  do {
    await sandboxIdle();
    const now = Math.min(step, left);
    await vi.advanceTimersByTimeAsync(now);
    left -= now;
  } while (left > 0);
  await sandboxIdle();
}

/** Runs every timer (hangs end at the client's time limit), at most two minutes of fake time. */
export async function settleTimers(): Promise<void> {
  for (let elapsed = 0; elapsed < 120_000 && vi.getTimerCount() > 0; elapsed += 1000) await advance(1000);
  await advance(0);
  await realTick();
}

/**
 * Watches a run for what must never happen: an unhandled rejection, a console.error. Returns
 * what it saw and the undo.
 */
export function watchForErrors(): { readonly problems: string[]; stop(): void } {
  const problems: string[] = [];
  const onRejection = (reason: unknown) =>
    problems.push(`unhandled rejection: ${reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason)}`);
  process.on('unhandledRejection', onRejection);
  const error = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    problems.push(`console.error: ${args.map(String).join(' ')}`);
  });
  return {
    problems,
    stop() {
      process.off('unhandledRejection', onRejection);
      error.mockRestore();
    },
  };
}

/** A real macrotask: lets Node report unhandled rejections of the last tick before a check. */
export const realTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Totals over all runs of a file, printed at its end (the soak's figures). */
export interface RunTotals {
  runs: number;
  actions: number;
  requests: number;
  faults: FaultCounts;
  challengesPassed: number;
  challengesFailed: number;
  /** Invariant counters: each must stay 0. */
  lost: number;
  duplicated: number;
  stale: number;
  /** Outcomes seen (for the report: how often each path was taken). */
  outcomes: Record<string, number>;
}

export function newTotals(): RunTotals {
  return { runs: 0, actions: 0, requests: 0, faults: emptyCounts(), challengesPassed: 0, challengesFailed: 0, lost: 0, duplicated: 0, stale: 0, outcomes: {} };
}

export function addRun(totals: RunTotals, layer: FaultLayer, actions: number): void {
  totals.runs++;
  totals.actions += actions;
  totals.requests += layer.log.length;
  for (const [kind, count] of Object.entries(layer.counts)) totals.faults[kind as keyof FaultCounts] += count;
  for (const passed of layer.challengeOutcomes) {
    if (passed) totals.challengesPassed++;
    else totals.challengesFailed++;
  }
}

export function countOutcome(totals: RunTotals, name: string, by = 1): void {
  totals.outcomes[name] = (totals.outcomes[name] ?? 0) + by;
}

/** CPU time this process used (ms): the runs' cost, whatever else the machine is doing. */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

export function formatTotals(name: string, totals: RunTotals, ms: number, cpu?: number): string {
  const faults = Object.entries(totals.faults)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  const outcomes = Object.entries(totals.outcomes)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  return [
    `${name}: ${totals.runs} runs, ${totals.actions} actions, ${totals.requests} requests in ${(ms / 1000).toFixed(1)} s${cpu === undefined ? '' : ` (${(cpu / 1000).toFixed(1)} s of CPU)`}`,
    `  requests by fate: ${faults}; challenges passed ${totals.challengesPassed}, failed ${totals.challengesFailed}`,
    `  lost ${totals.lost}, duplicated ${totals.duplicated}, stale ${totals.stale}`,
    `  outcomes: ${outcomes}`,
  ].join('\n');
}

/** The runs keep no model state of their own: the server and the store are checked after settling. */
export type Model = Record<string, never>;

/** A named user action of a model run: counted and logged on the run's subject, then the clock settles. */
export class Action<S extends { actions: number; log: string[] }> implements fc.AsyncCommand<Model, S> {
  constructor(
    private readonly name: string,
    private readonly act: (subject: S) => void | Promise<void>,
  ) {}
  check(): boolean {
    return true;
  }
  async run(_model: Model, subject: S): Promise<void> {
    subject.actions++;
    subject.log.push(this.name);
    await this.act(subject);
    await advance(0);
  }
  toString(): string {
    return this.name;
  }
}
