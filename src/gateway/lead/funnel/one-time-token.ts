import * as v from 'valibot';
import type { GatewayAuth } from '../../core/auth';
import type { GatewayClient, GetOneTimeToken, OneTimeTokenContext } from '../../core/client';
import { newIdempotencyKey, type RequestSpec } from '../../core/request-spec';
import { GatewayError, isGatewayError } from '../../core/errors';
import { askHost } from '../../host-provider';
import { expireOneTimeToken, issueOneTimeToken, renewOneTimeToken } from './one-time-token-calls';
import { unlessNotOffered } from '../../not-offered';
import { IsoDateTime } from '../../core/shared-schemas';

/**
 * The customer's one-time token in a widget: obtained, held, sent, renewed, reported.
 *
 * - **Where it comes from**: the host's `auth` property (`{ kind: 'oneTime', token }`, a
 *   customer the host signed in), else the widget obtains one the first time a call needs it:
 *   from the host's `getOneTimeToken` in the gateway config when it gave one, otherwise from the
 *   gateway (POST /gateway/lead/v1/one-time-token, lead/one-time-token-calls.ts: a fresh guest
 *   member, so a stranger never gets at anybody's data).
 * - **Where it lives**: in memory only, in a `OneTimeTokenHolder` (a private field; `toJSON`
 *   and `String()` show the status, never the token). Never in a URL, attribute, storage, log,
 *   event or analytics value; on the wire only as `Authorization: OneTime <token>`.
 * - **Renewal**: a token the widget obtained is renewed before a call when it has less than
 *   `ONE_TIME_TOKEN_RENEW_MARGIN_MS` left: by the gateway (same token, later `expiresAt`), or by
 *   `getOneTimeToken({ reason: 'renew', token })`, given the held token (the token it answers,
 *   maybe another). A token in `auth` is the host's to renew (its `auth` may be a function read
 *   on every request).
 * - **Ahead of the first call**: `obtainAhead()` (the funnel's first step) obtains the gateway's
 *   token at once, once per session, so a gateway without the token call is found before the
 *   customer types; the token is then the one the request goes with. A host's `getOneTimeToken`
 *   is not asked ahead (it is asked by the first call that needs it, as before).
 * - **Expiry**: a 401 on a call that carried a token, or a held token past its `expiresAt`,
 *   turns the status to 'expired' (the widget reports it). No new token is obtained silently
 *   once the session has a lead (`lockIssuing`): a new guest could not see that lead. Before a
 *   lead, a token past its `expiresAt` is let go and the call obtains another (a customer who took
 *   longer than the token's life over the first steps loses nothing: no data is bound to it).
 * - **Never a provider**: the session speaks for the customer. A provider auth on the client
 *   (the office app's, or an `sp-id` naming the pro a customer came from) is not theirs: its
 *   calls go out as an anonymous member (caller type Member, no provider caller id).
 */

/**
 * Renew an obtained token when it has less than this left (the sandbox issues 30 minutes).
 * @internal Exported for tests.
 */
export const ONE_TIME_TOKEN_RENEW_MARGIN_MS = 5 * 60_000;

/** 'none': no token yet; 'active': one is held (or the host gave one); 'expired': the gateway refused it. */
export type OneTimeTokenStatus = 'none' | 'active' | 'expired';

/** Where a session's tokens come from: the gateway's token calls (L1, L2) or the host's `getOneTimeToken`. */
export type TokenSourceKind = 'gateway' | 'host';

/**
 * What a session knows of its token before the customer's first call (`obtainAhead`):
 * - 'ready': a token is held, or the host gives it (its `auth`, or its `getOneTimeToken` when a call needs one);
 * - 'missing': none can be had — the gateway has no token call and the host gave no `getOneTimeToken`
 *   (the setup problem `one-time-token-missing`, told through the client's `reportSetup`);
 * - 'unknown': the attempt failed otherwise (offline, a 5xx) or a lead binds the session: the first
 *   call that needs a token asks again.
 */
export type OneTimeTokenAhead = 'ready' | 'missing' | 'unknown';

/** The token a widget obtained itself, in memory. One per element store. */
export class OneTimeTokenHolder {
  #token: string | null = null;
  #expiresAt: number | null = null;
  #status: OneTimeTokenStatus = 'none';
  #mayIssue = true;
  /** The gateway refused the host's token (the host may give another: a new client resets it). */
  #hostRejected = false;
  /** Where the session's tokens come from (the latest session's source): see `setSource`. */
  #source: TokenSourceKind | null = null;
  readonly #listeners = new Set<() => void>();
  readonly #now: () => number;

  constructor(options: { now?: () => number } = {}) {
    this.#now = options.now ?? Date.now;
  }

  /** The status of the token the widget obtained. */
  get status(): OneTimeTokenStatus {
    return this.#status;
  }

  /** Whether the gateway refused the token the host gave. */
  get hostRejected(): boolean {
    return this.#hostRejected;
  }

  markHostRejected(): void {
    if (this.#hostRejected) return;
    this.#hostRejected = true;
    this.#emit();
  }

  /** A new client (the host set another `auth` or `gateway`): its token is not known to be refused. */
  resetHostRejected(): void {
    if (!this.#hostRejected) return;
    this.#hostRejected = false;
    this.#emit();
  }

  /**
   * A session over a new client gets its tokens from `kind`. A token the widget obtained from the
   * other source and bound to no lead is let go: the host that gives `getOneTimeToken` after the
   * funnel obtained a gateway token ahead (its config set late) has the request go with its own.
   */
  setSource(kind: TokenSourceKind): void {
    const from = this.#source;
    this.#source = kind;
    if (from === null || from === kind || !this.#mayIssue || this.#status !== 'active') return;
    this.#token = null;
    this.#expiresAt = null;
    this.#status = 'none';
    this.#emit();
  }

  /** Whether a lead is bound to the session: no token is obtained silently any more (`lockIssuing`). */
  get issuingLocked(): boolean {
    return !this.#mayIssue;
  }

  /** Whether the widget may obtain a token now (no token yet, and no lead bound to the session). */
  get mayIssue(): boolean {
    return this.#mayIssue && this.#status === 'none';
  }

  /** Epoch ms (this holder's clock) the held token expires at; null without one or when it does not expire by time. */
  get expiresAt(): number | null {
    return this.#expiresAt;
  }

  /** Local expiry from the gateway's "seconds from now" (immune to a browser clock that is off). */
  #expiryFrom(expiresIn: number | null, from = this.#now()): number | null {
    return expiresIn === null ? null : from + expiresIn * 1000;
  }

  /** This holder's clock (epoch ms): when a token request was first sent, for `hold`. */
  now(): number {
    return this.#now();
  }

  /** The auth to send: the held token while active, else null. */
  auth(): GatewayAuth | null {
    return this.#status === 'active' && this.#token !== null ? { kind: 'oneTime', token: this.#token } : null;
  }

  /**
   * Holds a token the gateway issued; `expiresIn` in seconds, null for no time limit, counted from
   * `askedAt` (this holder's clock when the request was first sent; default now): an answer the
   * gateway replays for a retry of that request is as old as the first one.
   */
  hold(token: string, expiresIn: number | null, askedAt = this.#now()): void {
    this.#token = token;
    this.#expiresAt = this.#expiryFrom(expiresIn, askedAt);
    this.#status = 'active';
    this.#emit();
  }

  extend(expiresIn: number | null): void {
    if (this.#status !== 'active') return;
    this.#expiresAt = this.#expiryFrom(expiresIn);
    this.#emit();
  }

  /** A renewal that answered a token (the host's): it replaces the held one, if one is still held. */
  replace(token: string, expiresIn: number | null): void {
    if (this.#status !== 'active') return;
    this.#token = token;
    this.extend(expiresIn);
  }

  /** True when the held token is active and close to its expiry. */
  needsRenewal(): boolean {
    return this.#status === 'active' && this.#expiresAt !== null && this.#expiresAt - this.#now() <= ONE_TIME_TOKEN_RENEW_MARGIN_MS;
  }

  /** True when the held token is active but its expiry has passed. */
  isPastExpiry(): boolean {
    return this.#status === 'active' && this.#expiresAt !== null && this.#expiresAt <= this.#now();
  }

  /** The gateway refused the token (or its time is up): forget it, report 'expired'. */
  markExpired(): void {
    this.#token = null;
    this.#expiresAt = null;
    if (this.#status === 'expired') return;
    this.#status = 'expired';
    this.#emit();
  }

  /** From now on, never obtain a token silently (the session holds a lead a new guest could not see). */
  lockIssuing(): void {
    this.#mayIssue = false;
  }

  /** A new session: no token, and one may be obtained again. */
  clear(): void {
    const changed = this.#status !== 'none';
    this.#token = null;
    this.#expiresAt = null;
    this.#status = 'none';
    this.#mayIssue = true;
    if (changed) this.#emit();
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(): void {
    for (const listener of [...this.#listeners]) listener();
  }

  /** Serialisation shows the status only (a store dump or a log never carries the token). */
  toJSON(): { status: OneTimeTokenStatus } {
    return { status: this.#status };
  }

  toString(): string {
    return `OneTimeTokenHolder(${this.#status})`;
  }
}

/** A client whose calls go out as `auth` (unless a call names its own). */
function actingAs(client: GatewayClient, auth: () => GatewayAuth): GatewayClient {
  return {
    request: (spec) => client.request({ ...spec, auth: spec.auth ?? auth }),
    replayQueue: client.replayQueue,
    whenChallengeSettled: () => client.whenChallengeSettled(),
    get auth() {
      return auth();
    },
    baseURL: client.baseURL,
    getOneTimeToken: client.getOneTimeToken,
    // The element's way of hearing of a missing token call (not-offered.ts): its console line and lk-error.
    reportSetup: client.reportSetup,
  };
}

const isUnauthorized = (error: unknown) => isGatewayError(error) && error.kind === 'http' && error.status === 401;

/** Where a session's tokens come from: the gateway's own calls (L1, L2) or the host's `getOneTimeToken`. */
interface TokenSource {
  /** Obtains a token into the holder; `ahead`: before any call of the customer's (cancelled with the element's reads). */
  issue(ahead?: boolean): Promise<void>;
  /** Renews the held token; a failure leaves it as it is (or marks it expired when refused). */
  renew(): Promise<void>;
  /** The session ends: the held token is let go of where it came from (best effort). */
  end(): Promise<void>;
}

/** The gateway's one-time token calls (lead/one-time-token-calls.ts): the default source. */
function gatewayTokens(base: GatewayClient, holder: OneTimeTokenHolder): TokenSource {
  /**
   * The token request being made: its Idempotency-Key and when it was first sent, kept until a
   * token is held. Asking again after an answer that never came (lost on the way back, timed out)
   * reuses the key, so the gateway answers with the same guest instead of making a second member
   * for one customer. (Found by the funnel's fault run, test/reliability/funnel.model.test.ts: a
   * lost answer to the token request, then Send again, made two guest members for one funnel.)
   */
  let pendingIssue: { readonly key: string; readonly askedAt: number } | null = null;
  const anonymous = actingAs(base, () => ({ kind: 'anonymous' }));
  const withHeldToken = actingAs(base, () => holder.auth() ?? { kind: 'anonymous' });
  return {
    async issue(ahead = false) {
      const request = (pendingIssue ??= { key: newIdempotencyKey(), askedAt: holder.now() });
      // A gateway without the call (404) is not asked again for a day (not-offered.ts).
      const issued = await unlessNotOffered(anonymous, 'L1', 'lead.issueOneTimeToken', () =>
        issueOneTimeToken(anonymous, { idempotencyKey: request.key, read: ahead }),
      );
      pendingIssue = null;
      holder.hold(issued.token, issued.expiresIn, request.askedAt);
    },
    async renew() {
      try {
        holder.extend((await renewOneTimeToken(withHeldToken)).expiresIn);
      } catch (error) {
        // Refused: the token is gone. Anything else (offline, 5xx): go on with the token as is.
        if (isUnauthorized(error)) holder.markExpired();
      }
    },
    async end() {
      if (holder.auth()) await expireOneTimeToken(withHeldToken).catch(() => {});
      pendingIssue = null;
    },
  };
}

/** What a host's `getOneTimeToken` must answer: a token fit for a header, and its expiry. */
const HostOneTimeTokenSchema = v.object({ token: v.pipe(v.string(), v.regex(/^[\x21-\x7e]+$/)), expiresAt: IsoDateTime });
const HOST_OPERATION = 'host.getOneTimeToken';

/**
 * Asks the host for a token as any host provider is asked (host-provider.ts: the client's time
 * limit, the answer checked); what the function throws that is not a GatewayError is `network`,
 * so the widget shows its usual failure.
 */
async function askHostForToken(
  client: GatewayClient,
  getOneTimeToken: GetOneTimeToken,
  context: Omit<OneTimeTokenContext, 'signal'>,
): Promise<{ token: string; expiresIn: number }> {
  const answer = await askHost(client, HOST_OPERATION, HostOneTimeTokenSchema, (signal) => getOneTimeToken({ ...context, signal })).catch((error: unknown) => {
    throw isGatewayError(error) ? error : new GatewayError({ kind: 'network', operation: HOST_OPERATION });
  });
  return { token: answer.token, expiresIn: Math.max(0, Date.parse(answer.expiresAt) - Date.now()) / 1000 };
}

/** The host's `getOneTimeToken`: leadkit calls none of the gateway's token calls. */
function hostTokens(client: GatewayClient, getOneTimeToken: GetOneTimeToken, holder: OneTimeTokenHolder): TokenSource {
  return {
    async issue() {
      const asked = await askHostForToken(client, getOneTimeToken, { reason: 'issue' });
      holder.hold(asked.token, asked.expiresIn);
    },
    async renew() {
      // The host is told which token it renews (its server need not remember the guest's).
      const held = holder.auth();
      if (held?.kind !== 'oneTime') return;
      // Not renewed (the host could not): go on with the token as is until its time is up.
      const renewed = await askHostForToken(client, getOneTimeToken, { reason: 'renew', token: held.token }).catch(() => null);
      if (renewed) holder.replace(renewed.token, renewed.expiresIn);
    },
    // Expiring it at the gateway is the host's: the session only forgets it.
    end: async () => {},
  };
}

export interface OneTimeSession {
  /** Pass this client to the gateway calls: customer calls carry the session's token. */
  readonly client: GatewayClient;
  /** Whether the host gave the token (a signed-in customer) rather than the widget obtaining one. */
  readonly hostToken: boolean;
  status(): OneTimeTokenStatus;
  subscribe(listener: () => void): () => void;
  /**
   * Obtains the gateway's token now, ahead of the first call that needs it — once per session, and
   * once more after `end()` (a new request); a second call answers the first one's outcome. A token held, the host's `auth`, or the host's
   * `getOneTimeToken` (asked when a call needs it, not ahead): 'ready' with no request. Never rejects.
   */
  obtainAhead(): Promise<OneTimeTokenAhead>;
  /**
   * Ends the session: a token the widget obtained is expired at the gateway (best effort) and
   * forgotten, and a new one may be obtained. A host's token is left alone.
   */
  end(): Promise<void>;
  /** Serialises without the token. */
  toJSON(): { hostToken: boolean; status: OneTimeTokenStatus };
}

/**
 * Wraps the element's client for a customer widget. Calls that use the one-time token
 * (`oneTime: 'required' | 'optional'`) carry the host's token when the client has one,
 * otherwise the holder's: obtained on the first required call (when allowed), renewed near
 * its expiry, marked expired on a 401. Calls that do not use the token go through unchanged.
 */
export function createOneTimeSession(base: GatewayClient, holder: OneTimeTokenHolder): OneTimeSession {
  const hostToken = base.auth.kind === 'oneTime';
  /**
   * The customer as the client knows them (read on every request). A customer's widget resolves no
   * provider auth (runtime/gateway-config.ts `resolveAuth`); a host's ready client may carry one,
   * which is never sent from here.
   */
  const customer = (): GatewayAuth => {
    const auth = base.auth;
    return auth.kind === 'provider' ? { kind: 'anonymous' } : auth;
  };
  holder.resetHostRejected();
  if (!hostToken) holder.setSource(base.getOneTimeToken ? 'host' : 'gateway');
  const source = base.getOneTimeToken ? hostTokens(base, base.getOneTimeToken, holder) : gatewayTokens(base, holder);
  let issuing: Promise<void> | null = null;
  let renewing: Promise<void> | null = null;

  function issue(ahead = false): Promise<void> {
    issuing ??= source.issue(ahead).finally(() => {
      issuing = null;
    });
    return issuing;
  }

  function renew(): Promise<void> {
    renewing ??= source.renew().finally(() => {
      renewing = null;
    });
    return renewing;
  }

  /** Before a call that uses the token: obtain, renew or give up on the held one. */
  async function prepare(use: 'required' | 'optional', ahead = false): Promise<void> {
    if (issuing) await issuing.catch(() => {});
    // Bound to no lead (obtained ahead, on the first step): let go, and another obtained below.
    if (holder.isPastExpiry() && !holder.issuingLocked) holder.clear();
    if (holder.isPastExpiry()) holder.markExpired();
    else if (holder.needsRenewal()) await renew();
    else if (use === 'required' && holder.mayIssue) await issue(ahead);
  }

  async function request<S extends v.GenericSchema>(spec: RequestSpec<S>): Promise<v.InferOutput<S>> {
    if (spec.auth || spec.oneTime === undefined || spec.oneTime === 'none') return base.request({ ...spec, auth: spec.auth ?? customer });
    if (hostToken) {
      try {
        return await base.request(spec);
      } catch (error) {
        if (isUnauthorized(error) && base.auth.kind === 'oneTime') holder.markHostRejected();
        throw error;
      }
    }
    await prepare(spec.oneTime);
    const carried = holder.auth() !== null;
    try {
      return await base.request({ ...spec, auth: () => holder.auth() ?? customer() });
    } catch (error) {
      if (carried && isUnauthorized(error)) holder.markExpired();
      throw error;
    }
  }

  let ahead: Promise<OneTimeTokenAhead> | null = null;
  function obtainAhead(): Promise<OneTimeTokenAhead> {
    ahead ??= (async (): Promise<OneTimeTokenAhead> => {
      // The host's: its `auth`, or its function asked by the first call that needs a token (asking
      // it on every visit would cost its server a guest per visit, and finds no setting missing).
      if (hostToken || base.getOneTimeToken) return 'ready';
      try {
        await prepare('required', true);
      } catch (error) {
        return isGatewayError(error) && error.setup?.cause === 'one-time-token-missing' ? 'missing' : 'unknown';
      }
      return holder.auth() ? 'ready' : 'unknown';
    })();
    return ahead;
  }

  const status = (): OneTimeTokenStatus => (hostToken ? (holder.hostRejected ? 'expired' : 'active') : holder.status);
  const client: GatewayClient & { toJSON(): unknown } = {
    request,
    replayQueue: base.replayQueue,
    whenChallengeSettled: () => base.whenChallengeSettled(),
    get auth() {
      return hostToken ? base.auth : (holder.auth() ?? customer());
    },
    baseURL: base.baseURL,
    getOneTimeToken: base.getOneTimeToken,
    reportSetup: base.reportSetup,
    // A state dump (devtools, a log) serialises this, never the `auth` getter's token.
    toJSON: () => ({ baseURL: base.baseURL, auth: client.auth.kind }),
  };

  return {
    client,
    hostToken,
    status,
    subscribe: (listener) => holder.subscribe(listener),
    obtainAhead,
    async end() {
      if (hostToken) return;
      await source.end();
      holder.clear();
      // A new request's first step obtains its token ahead again.
      ahead = null;
    },
    toJSON: () => ({ hostToken, status: status() }),
  };
}
