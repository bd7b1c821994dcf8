import type { TagSpec } from '../contract/tags';
import type { GatewayAuth } from '../gateway/core/auth';
import type { HostInputs } from './host-inputs';
import { createGatewayClient, withRequest, type GatewayClient, type ReadScope } from '../gateway/core/client';
import { isRead } from '../gateway/core/request-spec';
import { fetchTakingStartedFirstCalls, keepsStartedFirstCalls, type StartedFirstCalls } from '../gateway/started-first-calls';
import { GatewayError } from '../gateway/core/errors';
import { clientTakingAnswers, fetchTakingAnswers, type ServerAnswer } from '../gateway/server-answers';

/**
 * What the gateway client of an element is built from (its host properties and attributes). The
 * auth mode as any text: a server render passes the attribute as written (only `one-time` counts).
 */
export type GatewayInputs = Pick<HostInputs, 'gateway' | 'gatewayUrl' | 'auth' | 'spId'> &
  Partial<Pick<HostInputs, 'gatewayCredentials'>> & {
    authMode?: string | null | undefined;
    /** `no-lead-counts` / `no-contact-record`: the markup's opt-outs of invented calls (they win over any gateway input). */
    noLeadCounts?: boolean | null | undefined;
    noContactRecord?: boolean | null | undefined;
    /** Whom the widget works for (the tag table's `role`): a customer's widget is never signed in as a provider. */
    role?: TagSpec['role'] | undefined;
  };

/**
 * The markup's opt-outs (`no-lead-counts`, `no-contact-record`) on a client: `leadCounts: false`
 * and `recordContact: false`, as a gateway config would say. They win over the gateway input (a
 * host's ready client included): an attribute is the page's last word.
 */
function withOptOuts(client: GatewayClient, inputs: GatewayInputs): GatewayClient {
  if (!inputs.noLeadCounts && !inputs.noContactRecord) return client;
  return Object.assign(
    withRequest(client, client.request),
    inputs.noLeadCounts ? { leadCounts: false as const } : {},
    inputs.noContactRecord ? { recordContact: false as const } : {},
  );
}

function isGatewayClient(value: unknown): value is GatewayClient {
  return typeof value === 'object' && value !== null && typeof (value as GatewayClient).request === 'function';
}

/**
 * The auth an element runs with. A one-time token only ever arrives as the `auth` property
 * (never an attribute: session-replay tools record the DOM); without one, `auth-mode="one-time"`
 * is anonymous until the host sets it.
 */
export function resolveAuth(inputs: GatewayInputs): GatewayAuth {
  // A customer's widget (the funnel): the host's one-time token or no one — its `sp-id` is the pro
  // asked, never the caller (its one-time session obtains a token when a call needs one).
  if (inputs.role === 'customer') return inputs.auth?.kind === 'oneTime' ? inputs.auth : { kind: 'anonymous' };
  if (inputs.auth) return inputs.auth;
  // Its token comes as the `auth` property: until then an element's client sends nothing (awaitingToken).
  if (inputs.authMode === 'one-time' || inputs.authMode === 'provider-token') return { kind: 'anonymous' };
  if (inputs.spId !== null && inputs.spId !== undefined && Number.isFinite(inputs.spId)) {
    return { kind: 'provider', spId: inputs.spId };
  }
  return { kind: 'anonymous' };
}

/**
 * The gateway client for an element: the host's client as given, or one built from the
 * config / `gateway-url` (same origin when neither is set). Built from attributes alone, it
 * takes the calls the CDN loader sent early (`startedFirstCalls`, see gateway/started-first-calls.ts); a host's
 * `gateway` or `auth` property means calls of its own, so they are not taken. An element passes
 * `connected` (nothing is sent while it is out of the document) and `reads` (its reads in
 * flight, cancelled when it leaves: `createElementReads`); a host's ready client, shared by any
 * number of elements, is used through a view of it that does both for this element's reads
 * (`elementView`). A server render's `answers` are taken first whatever the gateway input.
 */
export function resolveGatewayClient(inputs: GatewayInputs, ...rest: ClientExtras): GatewayClient {
  return withOptOuts(resolveClient(inputs, ...rest), inputs);
}

type ClientExtras = [startedFirstCalls?: StartedFirstCalls, connected?: () => boolean, reads?: ReadScope, answers?: ServerAnswer[]];

function resolveClient(
  inputs: GatewayInputs,
  startedFirstCalls?: StartedFirstCalls,
  connected?: () => boolean,
  reads?: ReadScope,
  answers?: ServerAnswer[],
): GatewayClient {
  // A host's ready client takes a server render's answers too (answers first, then its own calls).
  if (isGatewayClient(inputs.gateway))
    return elementView(answers && answers.length > 0 ? clientTakingAnswers(inputs.gateway, answers) : inputs.gateway, connected, reads);
  const given = inputs.gateway ?? { baseURL: inputs.gatewayUrl ?? '' };
  // `gateway-credentials` for a gateway the host's config does not set it for.
  const config = inputs.gatewayCredentials && !given.credentials ? { ...given, credentials: inputs.gatewayCredentials } : given;
  const fromAttributes =
    keepsStartedFirstCalls(inputs.gateway, inputs.gatewayUrl) && !inputs.auth && startedFirstCalls !== undefined && startedFirstCalls.length > 0;
  const own = fromAttributes ? fetchTakingStartedFirstCalls(startedFirstCalls, (...args) => globalThis.fetch(...args)) : config.fetch;
  // A server render's answers (leadkit/server) were fetched with the host's own config and auth:
  // taken whatever the element's gateway config, once each.
  const chosen = answers && answers.length > 0 ? fetchTakingAnswers(answers, own ?? ((...args) => globalThis.fetch(...args))) : own;
  const fetch = connected ? whileConnected(chosen ?? ((...args) => globalThis.fetch(...args)), connected) : chosen;
  const client = createGatewayClient({
    ...config,
    baseURL: config.baseURL || inputs.gatewayUrl || '',
    auth: resolveAuth(inputs),
    ...(fetch ? { fetch } : {}),
    ...(reads ? { reads } : {}),
  });
  // `auth-mode="provider-token"` before its `auth` property (a server's first screen aside): nothing
  // is sent — the calls wait, the widget shows its skeleton — until the property gives the element
  // a new client (its widget then asks again) or a call is cancelled.
  if (inputs.authMode === 'provider-token' && !inputs.auth && !(answers && answers.length > 0)) return awaitingToken(client, inputs.spId);
  // The calls outside `request` (the sandbox chat adapter's) go through the host's own fetch, or the
  // platform's: the element's wrappers above are for its gateway calls.
  if (!client.transport || client.transport.fetch === config.fetch) return client;
  return Object.assign(withRequest(client, client.request), { transport: { ...client.transport, fetch: config.fetch } });
}

/**
 * A client whose calls wait for ever (or until cancelled): a provider's token is yet to come. Its
 * auth is the provider of `sp-id` (so the widget waits as signed in, rather than showing a 401).
 */
function awaitingToken(client: GatewayClient, spId: number | null | undefined): GatewayClient {
  const view = withRequest(
    client,
    ({ operation, signal }) =>
      new Promise((_, reject) => {
        const abort = () => reject(new GatewayError({ kind: 'aborted', operation }));
        if (signal?.aborted) abort();
        else signal?.addEventListener('abort', abort, { once: true });
      }),
  );
  if (spId === null || spId === undefined || !Number.isFinite(spId)) return view;
  const auth: GatewayAuth = { kind: 'provider', spId };
  return Object.defineProperty(view, 'auth', { get: () => auth });
}

/**
 * A host's ready client as one element uses it: the element's reads (GETs, and calls marked
 * `read`) are not sent while it is out of the document and are cancelled with its other reads
 * when it leaves; what changes something goes to the host's client untouched and runs to its end.
 */
function elementView(client: GatewayClient, connected: (() => boolean) | undefined, reads: ReadScope | undefined): GatewayClient {
  if (!connected && !reads) return client;
  return withRequest(client, (spec) => {
    if (!isRead(spec)) return client.request(spec);
    if (connected && !connected()) return Promise.reject(new GatewayError({ kind: 'aborted', operation: spec.operation }));
    const read = new AbortController();
    const untrack = reads?.track(read);
    return client.request({ ...spec, signal: spec.signal ? AbortSignal.any([spec.signal, read.signal]) : read.signal }).finally(() => untrack?.());
  });
}

/** An element's reads in flight (its client's `reads`), to cancel when the element leaves the document. */
export interface ElementReads extends ReadScope {
  /** Aborts every read in flight; true when there was one. */
  abortAll(): boolean;
}

export function createElementReads(): ElementReads {
  const live = new Set<AbortController>();
  return {
    track(controller) {
      live.add(controller);
      return () => live.delete(controller);
    },
    abortAll() {
      const some = live.size > 0;
      for (const controller of live) controller.abort(new DOMException('The element left the document.', 'AbortError'));
      live.clear();
      return some;
    },
  };
}

/**
 * A fetch that sends nothing while its element is out of the document: a detached element
 * makes no request, also not one a render still pending at its removal asks for (React unmounts
 * it a task later, so a move within one task keeps the tree) or a retry of a call it began. The
 * refusal is an AbortError, as for any cancelled request. A move is within one task and
 * requests start after an await, so a moved element is connected again by then.
 */
function whileConnected(fetch: typeof globalThis.fetch, connected: () => boolean): typeof globalThis.fetch {
  return (input, init) => (connected() ? fetch(input, init) : Promise.reject(new DOMException('The element is no longer in the document.', 'AbortError')));
}
