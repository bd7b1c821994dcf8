/**
 * Fault injection, per sandbox instance and per route: latency, a status answer (500, 429 with
 * Retry-After…), a dropped request (no answer at all; with `afterHandling` the route runs first
 * and only its answer is lost, as when a connection breaks after a send), a gateway challenge (511 with the
 * challenge JSON until passed) and a captive portal (511 with HTML).
 *
 * Routes are matched by a pattern string or a RegExp on the path (query excluded):
 * - `'POST /gateway/lead/v1/lead'`: a method and an exact path;
 * - `'/gateway/lead/office/v2/leads/:leadId/note'`: `:name` matches one path segment;
 * - `'/gateway/message-center/*'`: `*` matches anything (a prefix);
 * - `'lead/v1/lead'`: a path without a leading slash is taken under `/gateway/`.
 * Without a route a fault applies to every gateway request. `/sandbox/*` control routes are
 * never faulted (so a challenge can always be passed).
 */

export type RouteMatcher = string | RegExp;

export interface FaultOptions {
  route?: RouteMatcher;
  /** How many matching requests the fault applies to; default unlimited. */
  times?: number;
}

interface DropFaultOptions extends FaultOptions {
  /**
   * Let the route handle the request, then drop its answer: the server did the work (a sent
   * message is stored) but the client sees a network failure. Default false: dropped before.
   */
  afterHandling?: boolean;
}

export interface StatusFaultOptions extends FaultOptions {
  headers?: Record<string, string>;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number;
}

type FaultKind = 'latency' | 'status' | 'drop' | 'challenge' | 'captive-portal';

export interface FaultHandle {
  readonly id: string;
  readonly kind: FaultKind;
  /** Requests it still applies to (Infinity when unlimited). */
  readonly remaining: number;
  /** Requests it has applied to. */
  readonly hits: number;
  remove(): void;
}

export interface ChallengeHandle extends FaultHandle {
  readonly challengeId: string;
  readonly passed: boolean;
}

/** What the fault middleware must do for one request. */
type FaultAction =
  | { kind: 'status'; status: number; body: unknown; headers: Record<string, string> }
  | { kind: 'drop'; afterHandling: boolean }
  | { kind: 'challenge'; challengeId: string }
  | { kind: 'captive-portal' };

interface FaultDecision {
  latencyMs: number;
  action: (FaultAction & { faultId: string }) | null;
}

export interface FaultController {
  latency(ms: number, options?: FaultOptions): FaultHandle;
  status(status: number, body?: unknown, options?: StatusFaultOptions): FaultHandle;
  drop(options?: DropFaultOptions): FaultHandle;
  challenge(options?: FaultOptions): ChallengeHandle;
  captivePortal511(options?: FaultOptions): FaultHandle;
  /** Ends a challenge: its route answers normally again. False for an unknown id. */
  passChallenge(challengeId: string): boolean;
  /** Challenge ids issued and not yet passed. */
  pendingChallenges(): string[];
  list(): readonly FaultHandle[];
  clear(): void;
  /** Used by the middleware: which faults apply to this request (consumes `times`). */
  decide(method: string, path: string): FaultDecision;
}

interface Fault {
  id: string;
  kind: FaultKind;
  matches: (method: string, path: string) => boolean;
  remaining: number;
  hits: number;
  latencyMs?: number;
  action?: FaultAction;
  challengeId?: string;
  passed?: boolean;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

/** Compiles a route pattern into a request matcher. */
export function compileRoute(route: RouteMatcher | undefined): (method: string, path: string) => boolean {
  if (route === undefined) return () => true;
  if (route instanceof RegExp) return (_method, path) => route.test(path);
  const trimmed = route.trim();
  const space = trimmed.indexOf(' ');
  const method = space > 0 ? trimmed.slice(0, space).toUpperCase() : null;
  let pattern = space > 0 ? trimmed.slice(space + 1).trim() : trimmed;
  if (!pattern.startsWith('/')) pattern = `/gateway/${pattern}`;
  const source = pattern
    .split('*')
    .map((part) => escapeRegExp(part).replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '[^/]+'))
    .join('.*');
  const regex = new RegExp(`^${source}/?$`);
  return (requestMethod, path) => (method === null || method === requestMethod.toUpperCase()) && regex.test(path);
}

export function createFaultController(): FaultController {
  let faults: Fault[] = [];
  let seq = 0;
  const passed = new Set<string>();
  /** Every challenge issued (a challenge with `times` leaves the list once its answers are used up, and can still be passed). */
  const issued = new Set<string>();

  function handle(fault: Fault): FaultHandle {
    return {
      id: fault.id,
      kind: fault.kind,
      get remaining() {
        return fault.remaining;
      },
      get hits() {
        return fault.hits;
      },
      remove() {
        faults = faults.filter((f) => f !== fault);
      },
    };
  }

  function add(kind: FaultKind, options: FaultOptions | undefined, extra: Partial<Fault>): Fault {
    const times = options?.times;
    if (times !== undefined && (!Number.isInteger(times) || times < 1)) throw new RangeError('times must be a whole number of 1 or more');
    const fault: Fault = { id: `fault-${++seq}`, kind, matches: compileRoute(options?.route), remaining: times ?? Infinity, hits: 0, ...extra };
    faults.push(fault);
    return fault;
  }

  function consume(fault: Fault): void {
    fault.hits++;
    fault.remaining--;
    if (fault.remaining <= 0) faults = faults.filter((f) => f !== fault);
  }

  return {
    latency(ms, options) {
      if (!(ms >= 0)) throw new RangeError('latency must be 0 ms or more');
      return handle(add('latency', options, { latencyMs: ms }));
    },
    status(status, body, options) {
      if (!Number.isInteger(status) || status < 100 || status > 599) throw new RangeError('status must be an HTTP status code');
      const headers: Record<string, string> = { ...options?.headers };
      if (options?.retryAfter !== undefined) headers['Retry-After'] = String(options.retryAfter);
      const answer = body === undefined ? { message: STATUS_TEXT[status] ?? `Status ${status}` } : body;
      return handle(add('status', options, { action: { kind: 'status', status, body: answer, headers } }));
    },
    drop(options) {
      return handle(add('drop', options, { action: { kind: 'drop', afterHandling: options?.afterHandling ?? false } }));
    },
    challenge(options) {
      const challengeId = `challenge-${seq + 1}`;
      const fault = add('challenge', options, { action: { kind: 'challenge', challengeId }, challengeId, passed: false });
      issued.add(challengeId);
      return {
        ...handle(fault),
        challengeId,
        get passed() {
          return passed.has(challengeId);
        },
      };
    },
    captivePortal511(options) {
      return handle(add('captive-portal', options, { action: { kind: 'captive-portal' } }));
    },
    passChallenge(challengeId) {
      // A challenge whose `times` were used up is no longer in the list, but a client that met it
      // still asks to pass it: it was answered 404, and the client dropped the request it held.
      if (!issued.has(challengeId)) return false;
      passed.add(challengeId);
      faults = faults.filter((f) => f.challengeId !== challengeId);
      return true;
    },
    pendingChallenges() {
      return faults.filter((f) => f.challengeId !== undefined).map((f) => f.challengeId as string);
    },
    list() {
      return faults.map(handle);
    },
    clear() {
      faults = [];
      passed.clear();
      issued.clear();
    },
    decide(method, path) {
      let latencyMs = 0;
      let action: FaultDecision['action'] = null;
      for (const fault of [...faults]) {
        if (!fault.matches(method, path)) continue;
        if (fault.kind === 'latency') {
          latencyMs += fault.latencyMs ?? 0;
          consume(fault);
        } else if (!action && fault.action) {
          // The first terminal fault added wins; the others keep their `times`.
          action = { ...fault.action, faultId: fault.id };
          consume(fault);
        }
      }
      return { latencyMs, action };
    },
  };
}
