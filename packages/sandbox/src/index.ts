import type { SandboxContext } from './context';
import { createSandboxApp, type SandboxApp } from './app';
import { DROP_HEADER } from './middleware';
import { SandboxChat, type SandboxChatOptions } from './chat';
import { createFaultController, type FaultController } from './faults';
import { buildSeed, DEFAULT_SEED } from './seed';
import { createArrivingLead, type NewLeadRequest } from './new-lead';
import { SandboxStore } from './store';
import type { SandboxProfile } from './spec-profile';
import type { ProviderSignIn } from './provider-auth';
import type { AllowedOrigins } from './local-access';

/**
 * `leadkit/demo`: the sandbox gateway. A seeded, in-memory implementation of every gateway
 * call in src/gateway/*\/calls.ts, usable in-process (tests, Storybook), in a browser page and
 * as an HTTP server (serve.ts, `npm start`).
 *
 * ```ts
 * const sandbox = createSandboxGateway({ seed: 1, now: () => new Date('2025-06-02T15:00:00Z') });
 * const client = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth });
 * sandbox.faults.status(500, undefined, { route: 'POST /gateway/lead/v3/lead', times: 1 });
 * sandbox.store.requests; // what the server received
 * ```
 */

export interface SandboxGatewayOptions {
  /** PRNG seed of the data set; the same seed builds the same data. */
  seed?: number;
  /** The sandbox's clock (seed dates are relative to it); default: the real time. */
  now?: () => Date;
  /** Latency added to every gateway request, in ms. */
  latencyMs?: number;
  /** Told about errors a route threw (answered 500). */
  onError?: (error: unknown) => void;
  /** The chat service: simulated customer (off unless given), token lifetime. */
  chat?: SandboxChatOptions;
  /**
   * `'full'` (default): every call and field leadkit assumes. `'spec'`: only the spec's calls and
   * fields — leadkit's invented calls answer 404, its invented fields are left out of every
   * answer (spec-profile.ts, packages/sandbox/README.md#profiles); the host stand-ins stay.
   * `'spec-variants'`: the spec profile answering as strictly as the spec allows — its variant
   * shapes, `204` for writes whose answer it does not name, `null` optional fields, unknown
   * fields in every answer (spec-variants.ts).
   */
  profile?: SandboxProfile;
  /**
   * Provider calls must be signed in as a real gateway's are: a bearer token (`token`) and/or a
   * session cookie (`cookie`, `name=value`); without, 401 (provider-auth.ts,
   * packages/sandbox/README.md#provider-sign-in). Default: the caller id header is enough.
   */
  providerSignIn?: ProviderSignIn;
  /**
   * Origins whose pages may call it, beyond its own (local-access.ts,
   * packages/sandbox/README.md#who-may-call-it): a list (`['http://localhost:5173']`) or a test of
   * the origin. They get CORS with credentials; a request from any other origin is answered 403
   * without CORS headers. Its own origin is the request's, under any loopback name on its port.
   */
  allowedOrigins?: AllowedOrigins;
}

export type SandboxFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export interface SandboxGateway {
  /** The hono app (mount it, or call `app.fetch`). */
  readonly app: SandboxApp;
  /**
   * In-process fetch, no network: relative URLs ('/gateway/...') and absolute ones with any
   * origin reach the app. Honours `signal`; a dropped request rejects with a TypeError.
   */
  readonly fetch: SandboxFetch;
  readonly faults: FaultController;
  readonly store: SandboxStore;
  /** The chat service: `setCustomerReplies`, `expireTokens`, `conversationSid`, `mediaContent`, `openStreams`. */
  readonly chat: SandboxChat;
  /** The profile it serves (`'full'`, `'spec'` or `'spec-variants'`). */
  readonly profile: SandboxProfile;
  /** A lead arriving for a provider now (status Initial, unread, a new customer; new-lead.ts); `POST /sandbox/leads` over HTTP. */
  createLead(input: NewLeadRequest): { leadId: number };
  /** Back to the seed data; clears the request log, idempotency keys, faults, chat tokens, uploaded media and pending customer replies. */
  reset(): void;
}

/** Origin used for relative URLs given to the in-process fetch. */
export const SANDBOX_ORIGIN = 'http://sandbox.local';

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

function toRequest(input: RequestInfo | URL, init?: RequestInit): Request {
  if (typeof input === 'string') return new Request(new URL(input, SANDBOX_ORIGIN), init);
  if (input instanceof URL) return new Request(input, init);
  return new Request(input, init);
}

export function createInProcessFetch(app: SandboxApp): SandboxFetch {
  return async (input, init) => {
    const signal = init?.signal ?? (typeof input === 'object' && 'signal' in input ? input.signal : undefined) ?? undefined;
    if (signal?.aborted) throw abortError(signal);
    const request = toRequest(input, init);
    const response = await new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(abortError(signal as AbortSignal));
      signal?.addEventListener('abort', onAbort, { once: true });
      Promise.resolve(app.fetch(request))
        .then(resolve, reject)
        .finally(() => signal?.removeEventListener('abort', onAbort));
    });
    if (response.headers.has(DROP_HEADER)) throw new TypeError('Failed to fetch (the sandbox dropped the request)');
    return response;
  };
}

export function createSandboxGateway(options: SandboxGatewayOptions = {}): SandboxGateway {
  const now = options.now ?? (() => new Date());
  const seed = options.seed ?? DEFAULT_SEED;
  const store = new SandboxStore(buildSeed(seed, now()));
  store.clock = now;
  const faults = createFaultController();
  const chat = new SandboxChat(store, now, options.chat);
  const reset = () => {
    store.load(buildSeed(seed, now()));
    faults.clear();
    chat.reset();
  };
  const context: SandboxContext = { store, faults, now, reset, chat };
  const profile = options.profile ?? 'full';
  const app = createSandboxApp(context, {
    latencyMs: options.latencyMs ?? 0,
    onError: options.onError,
    profile,
    providerSignIn: options.providerSignIn,
    allowedOrigins: options.allowedOrigins,
  });
  const createLead = (input: NewLeadRequest) => ({ leadId: createArrivingLead(store, now, input).leadId });
  return { app, fetch: createInProcessFetch(app), faults, store, chat, profile, reset, createLead };
}

/** Header on a response the sandbox drops (fault injection): an HTTP server closes the connection instead of answering. */
export { DROP_HEADER };
export { SandboxStore, type RecordedRequest } from './store';
export type { FaultController, FaultHandle, ChallengeHandle, FaultOptions, StatusFaultOptions, RouteMatcher } from './faults';
export { DEFAULT_SEED, SANDBOX_DRAFT_REVIEW_ID, SANDBOX_SERVICE_REQUEST_ID } from './seed';
export { MAIN_PROVIDER_LEAD_COUNT } from './seed/leads';
export { SANDBOX_LEADS } from './seed/named-leads';
export {
  SANDBOX_MEMBER_TOKEN,
  SANDBOX_MEMBER_ID,
  SANDBOX_MEMBER_TOKEN_2,
  SANDBOX_MEMBER_ID_2,
  SANDBOX_MEMBER_POSTAL_ADDRESS_ID,
} from './seed/members';
export { MAIN_PROVIDER_ID } from './seed/providers';
export { SandboxChat, CUSTOMER_REPLIES, CUSTOMER_PHOTO_REPLY, type SandboxChatOptions, type CustomerReplies } from './chat';
export { conversationSid, providerIdentity, memberIdentity } from './chat-identities';
export { SANDBOX_LONG_THREAD, SANDBOX_HISTORY_THREAD } from './seed/chat';
export { SANDBOX_PROFILES, INVENTED_CALLS, inventedCall, sandboxProfileFrom, servesSpecOnly, type SandboxProfile } from './spec-profile';
export { VARIANT_ANSWERS, UNKNOWN_FIELDS } from './spec-variants';
export { LEAD_PURCHASE_WINDOW_MS } from '../../../src/domain/purchase-window';
export { LEAD_MAX_PURCHASERS } from './purchase';
export type { NewLeadRequest } from './new-lead';
export { providerSignInFrom, type ProviderSignIn } from './provider-auth';
export { refuseForeignHost, type AllowedOrigins } from './local-access';
