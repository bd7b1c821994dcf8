import * as v from 'valibot';
import type { GatewayAuth, OneTimeUse } from './auth';
import { GatewayError } from './errors';

/**
 * What a call asks of the gateway client (`GatewayClient.request`): its `RequestSpec`, the
 * options a call takes, and the helpers a call uses to build one (its query, its input checked,
 * its idempotency key).
 */

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
type HttpMethod = 'GET' | 'POST' | 'PUT';

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
  /**
   * A call met by a 511 challenge is replayed once the challenge is passed: a read, and a write as
   * its row of write-replay.ts says — with its `idempotencyKey`, or as sent when repeating it is
   * harmless (docs/gateway.md#511-challenge); false: this one is not (its caller asks again).
   */
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
  /**
   * A call leadkit invented where the spec gives none (docs/gateway-assumptions.md: the counts, the
   * chat session, the one-time token, the contact record): a real gateway may not have it, so its
   * 404 says "not offered" (not-offered.ts), never that the gateway's URL is wrong.
   */
  invented?: boolean;
  onReplayed?: ((outcome: ReplayOutcome<v.InferOutput<S>>) => void) | undefined;
}

/** Whether a call only asks (a GET, or a call marked `read`): it is cancelled with the other reads of its scope. */
export const isRead = (spec: Pick<RequestSpec<v.GenericSchema>, 'method' | 'read'>): boolean => spec.method === 'GET' || spec.read === true;

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
