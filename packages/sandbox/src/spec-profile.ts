import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv } from './context';
import { compileRoute } from './faults';

/**
 * The sandbox's profiles (packages/sandbox/README.md#profiles):
 *
 * - `full` (the default): every call and field leadkit assumes (docs/gateway-assumptions.md).
 * - `spec`: only the spec's calls and fields. The calls leadkit invented answer
 *   404 as any unknown path does, and every answer loses the fields leadkit invented. What a
 *   widget shows there is what it shows against the real gateway.
 *
 * Kept in the spec profile, because without them no answer could be read at all or because
 * they stand for something else than the gateway: the response envelopes ("not shown", so every
 * one is ours: `{ serviceProviders: [...] }`, `{ activities: [...] }`…); the chat service routes
 * (C6: they stand for Twilio, not for the gateway); the host stand-ins (`/host-stand-in/*`: a
 * host's own server); the sandbox's own behaviour (L7 drops `thimbleUrl` after
 * HideThimbleForAllLeads; C4 a message-center send lands in the conversation; the X-Caller-Type
 * check) and its controls (`/sandbox/*`).
 */
export type SandboxProfile = 'full' | 'spec';

export const SANDBOX_PROFILES: readonly SandboxProfile[] = ['full', 'spec'];

/** The profile named by `SANDBOX_PROFILE` (unset or empty: `full`); any other name is an error. */
export function sandboxProfileFrom(raw: string | undefined): SandboxProfile {
  const name = raw?.trim() || 'full';
  if (!(SANDBOX_PROFILES as readonly string[]).includes(name)) throw new Error(`SANDBOX_PROFILE must be one of ${SANDBOX_PROFILES.join(', ')} (got '${name}')`);
  return name as SandboxProfile;
}

/** The calls the spec does not have (rows of docs/gateway-assumptions.md): 404 in the spec profile. */
export const INVENTED_CALLS: readonly { route: string; row: string }[] = [
  { route: 'POST /gateway/lead/v1/one-time-token', row: 'L1' },
  { route: 'POST /gateway/lead/v1/one-time-token/renew', row: 'L2' },
  { route: 'POST /gateway/lead/v1/one-time-token/expire', row: 'L2' },
  { route: 'POST /gateway/message-center/v1/chat/session', row: 'C1' },
  { route: 'POST /gateway/lead/office/v1/leads/serviceProvider/:id/counts', row: 'O3' },
  { route: 'POST /gateway/lead/v1/contact', row: 'M7' },
];

const INVENTED_MATCHERS = INVENTED_CALLS.map((call) => ({ call, matches: compileRoute(call.route) }));

/** The invented call a request is (its route and row), or undefined for any other request. */
export function inventedCall(method: string, path: string): (typeof INVENTED_CALLS)[number] | undefined {
  return INVENTED_MATCHERS.find(({ matches }) => matches(method, path))?.call;
}

/**
 * What an answer keeps of a value: `true` all of it; an object the named fields (each by its own
 * shape), and nothing else; `[shape]` each element of an array. A field the answer does not
 * have stays absent; null stays null.
 */
export type Keep = true | { readonly [field: string]: Keep } | readonly [Keep];

export function keepOnly(value: unknown, keep: Keep): unknown {
  if (keep === true || value === null || typeof value !== 'object') return value;
  if (Array.isArray(keep)) return Array.isArray(value) ? value.map((item: unknown) => keepOnly(item, keep[0] as Keep)) : value;
  if (Array.isArray(value)) return value;
  const source = value as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const [field, shape] of Object.entries(keep as Record<string, Keep>)) if (field in source) kept[field] = keepOnly(source[field], shape);
  return kept;
}

// The spec's own fields of the answers that carry fields leadkit invented.
const LEAD_PAGE_INFO: Keep = {
  title: true,
  description: true,
  urgency: true,
  category: { id: true, name: true },
  attributes: [{ questionText: true, answerText: true }],
};
const LEAD_PAGE_ADDRESS: Keep = { firstLine: true, secondLine: true, lineOne: true, lineTwo: true, city: true, state: true, postalCode: true };

/**
 * Answers that lose fields, by route, with what they keep. Dropped: `leadId`, `createDate` and
 * `purchaseWindow` of the lead page (L3, L4, L5); `user` and `customerInfo.isSmsEnabled` of the
 * V2 lead (L5); the provider's `id` and `inboxEnabled` (O1, O2); the fetched lead's `leadId`,
 * `title`, `description`, `urgency` and `category.name` (L15); the activities' `actorId`,
 * `text` and `counterpartId` (M4, M5); the draft review's fields beyond the spec's (R2, R3).
 */
export const SPEC_ANSWERS: readonly { route: string; keep: Keep }[] = [
  {
    route: 'GET /gateway/lead/office/v1/leads/:leadId',
    keep: { purchased: true, info: LEAD_PAGE_INFO, address: LEAD_PAGE_ADDRESS, user: { firstName: true, lastName: true, phone: true, email: true } },
  },
  {
    route: 'GET /gateway/lead/office/v2/leads/:leadId',
    keep: { purchased: true, info: LEAD_PAGE_INFO, address: LEAD_PAGE_ADDRESS, customerInfo: { firstName: true, lastName: true } },
  },
  { route: 'GET /gateway/lead/v1/lead/:leadId', keep: { postalAddress: { postalCode: true, advertisingZone: true }, category: { id: true }, userId: true } },
  { route: 'GET /gateway/office-home/v4/service_provider', keep: { serviceProviders: [{ name: true, primaryAddress: { postalCode: true } }] } },
  { route: 'GET /gateway/message-center/v2/interactions/activities', keep: { activities: [{ activityId: true, activityType: true, createDate: true }] } },
  ...['POST /gateway/review/api/v1/draft-review/get-or-create', 'PUT /gateway/review/api/v1/draft-review/:id'].map((route) => ({
    route,
    keep: {
      draftReview: { draftReviewId: true, serviceProviderId: true, reviewSource: true, reviewSourceVersion: true },
      draftRatings: true,
      categories: true,
    } as Keep,
  })),
];

/**
 * The spec profile as a middleware (after the request log, before faults and routes): an
 * invented call is answered 404 without reaching its route; a successful JSON answer of
 * SPEC_ANSWERS keeps only the spec's fields. Idempotent replays pass through it too.
 */
export function specProfile(): MiddlewareHandler<SandboxEnv> {
  const answers = SPEC_ANSWERS.map(({ route, keep }) => ({ matches: compileRoute(route), keep }));
  return async (c, next) => {
    const { method, path } = c.req;
    if (method !== 'OPTIONS' && inventedCall(method, path)) {
      return c.json({ message: `No sandbox route for ${method} ${path} (the spec profile serves only the spec's calls).` }, 404);
    }
    await next();
    const answer = answers.find(({ matches }) => matches(method, path));
    if (!answer || c.res.status < 200 || c.res.status >= 300 || !(c.res.headers.get('content-type') ?? '').includes('json')) return;
    const body: unknown = await c.res.clone().json();
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    const status = c.res.status;
    c.res = undefined;
    c.res = new Response(JSON.stringify(keepOnly(body, answer.keep)), { status, headers });
  };
}
