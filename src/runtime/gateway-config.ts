import type { GatewayInputs } from '../contract/gateway-inputs';
import type { GatewayAuth } from '../gateway/core/auth';
import { createGatewayClient, withRequest, type GatewayClient, type ReadScope } from '../gateway/core/client';
import { isRead } from '../gateway/core/request-spec';
import { fetchTakingStartedFirstCalls, keepsStartedFirstCalls, type StartedFirstCalls } from '../gateway/started-first-calls';
import { GatewayError } from '../gateway/core/errors';
import { clientTakingAnswers, fetchTakingAnswers, type ServerAnswer } from '../gateway/server-answers';
import type { SetupProblem } from '../gateway/core/setup-causes';
import { reportingRequest } from './setup-report';

/**
 * The markup's opt-outs (`no-lead-counts`, `no-contact-record`) as a client says them:
 * `leadCounts: false` and `recordContact: false`. They win over the gateway input (a host's ready
 * client included): an attribute is the page's last word.
 */
function optOuts(inputs: GatewayInputs): Pick<GatewayClient, 'leadCounts' | 'recordContact'> {
  return {
    ...(inputs.noLeadCounts ? { leadCounts: false as const } : {}),
    ...(inputs.noContactRecord ? { recordContact: false as const } : {}),
  };
}

function isGatewayClient(value: unknown): value is GatewayClient {
  return typeof value === 'object' && value !== null && typeof (value as GatewayClient).request === 'function';
}

/**
 * The auth an element runs with. A one-time token only ever arrives as the `auth` property
 * (never an attribute: session-replay tools record the DOM); without one, `auth-mode="one-time"`
 * is anonymous until the host sets it.
 * @internal Exported for tests.
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

/** Where an element's client works, beside its gateway inputs. */
interface ElementPlace {
  /** The calls the CDN loader sent for the element before its code arrived (gateway/started-first-calls.ts). */
  startedFirstCalls?: StartedFirstCalls | undefined;
  /** Whether the element is in the document: nothing is sent while it is not. */
  connected?: (() => boolean) | undefined;
  /** The element's reads in flight, cancelled when it leaves the document (`createElementReads`). */
  reads?: ReadScope | undefined;
  /** The gateway answers a server render put in the page: taken first, once each. */
  answers?: ServerAnswer[] | undefined;
  /** A server's render: its calls go out at once (`auth-mode="provider-token"` has no property to wait for there). */
  server?: boolean | undefined;
  /** How the element hears of a wrong host setting its calls met (runtime/setup-report.ts). */
  report?: ((problem: SetupProblem) => void) | undefined;
}

/**
 * THE gateway client of an element (and of a server's render of one): the host's client as given,
 * or one built from the config / `gateway-url` (same origin when neither is set), as one view at
 * most. Built from attributes alone, it takes the calls the CDN loader sent early; a host's
 * `gateway` or `auth` property means calls of its own, so they are not taken. An element passes
 * `connected` (nothing is sent while it is out of the document) and `reads` (its reads in flight,
 * cancelled when it leaves); a host's ready client, shared by any number of elements, is used
 * through a view that does both for this element's reads. A server render's `answers` are taken
 * first whatever the gateway input.
 */
export function elementClient(inputs: GatewayInputs, place: ElementPlace = {}): GatewayClient {
  const answers = place.answers && place.answers.length > 0 ? place.answers : undefined;
  const { report } = place;
  if (isGatewayClient(inputs.gateway)) return view(inputs.gateway, hostClientRequest(inputs.gateway, answers, place), { ...optOuts(inputs), report });
  const given = inputs.gateway ?? { baseURL: inputs.gatewayUrl ?? '' };
  // `gateway-credentials` for a gateway the host's config does not set it for.
  const config = inputs.gatewayCredentials && !given.credentials ? { ...given, credentials: inputs.gatewayCredentials } : given;
  const { startedFirstCalls, connected, reads } = place;
  const fromAttributes =
    keepsStartedFirstCalls(inputs.gateway, inputs.gatewayUrl) && !inputs.auth && startedFirstCalls !== undefined && startedFirstCalls.length > 0;
  const own = fromAttributes ? fetchTakingStartedFirstCalls(startedFirstCalls, (...args) => globalThis.fetch(...args)) : config.fetch;
  // A server render's answers (leadkit/server) were fetched with the host's own config and auth:
  // taken whatever the element's gateway config, once each.
  const chosen = answers ? fetchTakingAnswers(answers, own ?? ((...args) => globalThis.fetch(...args))) : own;
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
  const waits = inputs.authMode === 'provider-token' && !inputs.auth && !answers && !place.server;
  return view(client, waits ? awaitingToken : null, {
    ...(waits ? providerOf(inputs.spId) : {}),
    // The calls outside `request` (the sandbox chat adapter's) go through the host's own fetch, or the
    // platform's: the element's wrappers above are for its gateway calls.
    ...(client.transport && client.transport.fetch !== config.fetch ? { transport: { ...client.transport, fetch: config.fetch } } : {}),
    ...optOuts(inputs),
    report,
  });
}

type ViewChanges = Partial<Pick<GatewayClient, 'auth' | 'transport' | 'leadCounts' | 'recordContact'>> & {
  /** The element's way of hearing of a wrong host setting: its calls' problems are reported there, and it is the view's `reportSetup`. */
  report?: ((problem: SetupProblem) => void) | undefined;
};

/** `client` as the element uses it: its requests through `request` (null: as they are), with what the element changes of it. One view, or the client itself. */
function view(client: GatewayClient, request: GatewayClient['request'] | null, { auth, report, ...wanted }: ViewChanges): GatewayClient {
  // What the client says already is no change (a server render's client, opted out, met again by the shell).
  const changes = Object.fromEntries(Object.entries(wanted).filter(([key, value]) => client[key as keyof GatewayClient] !== value));
  if (!request && !auth && !report && Object.keys(changes).length === 0) return client;
  const through = request ?? ((spec) => client.request(spec));
  const viewed = Object.assign(withRequest(client, report ? reportingRequest(through, report) : through), changes, report ? { reportSetup: report } : {});
  return auth ? Object.defineProperty(viewed, 'auth', { get: () => auth }) : viewed;
}

/**
 * A `request` whose calls wait for ever (or until cancelled): a provider's token is yet to come.
 * Its client's auth is the provider of `sp-id` (`providerOf`: the widget waits as signed in,
 * rather than showing a 401).
 */
const awaitingToken: GatewayClient['request'] = ({ operation, signal }) =>
  new Promise((_, reject) => {
    const abort = () => reject(new GatewayError({ kind: 'aborted', operation }));
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });

function providerOf(spId: number | null | undefined): ViewChanges {
  return spId === null || spId === undefined || !Number.isFinite(spId) ? {} : { auth: { kind: 'provider', spId } };
}

/**
 * A host's ready client as one element uses it: a server render's answers first; the element's
 * reads (GETs, and calls marked `read`) are not sent while it is out of the document and are
 * cancelled with its other reads when it leaves; what changes something goes to the host's client
 * untouched and runs to its end. Null: nothing to change.
 */
function hostClientRequest(client: GatewayClient, answers: ServerAnswer[] | undefined, { connected, reads }: ElementPlace): GatewayClient['request'] | null {
  const answered: GatewayClient['request'] = answers ? clientTakingAnswers(client, answers).request : (spec) => client.request(spec);
  if (!connected && !reads) return answers ? answered : null;
  return (spec) => {
    if (!isRead(spec)) return answered(spec);
    if (connected && !connected()) return Promise.reject(new GatewayError({ kind: 'aborted', operation: spec.operation }));
    const read = new AbortController();
    const untrack = reads?.track(read);
    return answered({ ...spec, signal: spec.signal ? AbortSignal.any([spec.signal, read.signal]) : read.signal }).finally(() => untrack?.());
  };
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
