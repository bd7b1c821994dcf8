import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv } from './context';
import { compileRoute } from './faults';
import { keepOnly, type Keep } from './keep';
import { reshapeAnswer, reshapesAnswersOf, variantAnswer, withUnknownFields } from './spec-variants';

/**
 * The sandbox's profiles (packages/sandbox/README.md#profiles):
 *
 * - `full` (the default): every call and field leadkit assumes (docs/gateway-assumptions.md).
 * - `spec`: only the spec's calls and fields. The calls leadkit invented answer
 *   404 as any unknown path does, and every answer loses the fields leadkit invented. What a
 *   widget shows there is what it shows against the real gateway.
 * - `spec-variants`: the spec profile, answering as strictly as the spec lets a real gateway
 *   answer (spec-variants.ts, one table): the spec's variant shapes, `204` for the writes whose
 *   answer the spec does not name, `null` for optional fields, and fields no spec names in every
 *   JSON answer.
 *
 * Kept in the spec profile, because without them no answer could be read at all or because
 * they stand for something else than the gateway: the response envelopes ("not shown", so every
 * one is ours: `{ serviceProviders: [...] }`, `{ activities: [...] }`…); the chat service routes
 * (C6: they stand for Twilio, not for the gateway); the host stand-ins (`/host-stand-in/*`: a
 * host's own server); the sandbox's own behaviour (L7 drops `thimbleUrl` after
 * HideThimbleForAllLeads; C4 a message-center send lands in the conversation; the X-Caller-Type
 * check) and its controls (`/sandbox/*`).
 */
export type SandboxProfile = 'full' | 'spec' | 'spec-variants';

export const SANDBOX_PROFILES: readonly SandboxProfile[] = ['full', 'spec', 'spec-variants'];

/**
 * Whether a profile serves only the spec's calls and fields (`spec` and `spec-variants`): the
 * invented calls answer 404, and a host's page needs the host's providers in their place
 * (examples/host-stand-ins.js).
 */
export function servesSpecOnly(profile: SandboxProfile): boolean {
  return profile !== 'full';
}

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
const SPEC_ANSWERS: readonly { route: string; keep: Keep }[] = [
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
 * The spec profiles as a middleware (after the request log, before faults and routes): an
 * invented call is answered 404 without reaching its route; a successful JSON answer of
 * SPEC_ANSWERS keeps only the spec's fields. With `variants` (`spec-variants`), the answers are
 * then reshaped by VARIANT_ANSWERS and get fields no spec names (spec-variants.ts). Idempotent
 * replays pass through it too: the idempotency middleware stores the route's own answer.
 */
export function specProfile({ variants = false }: { variants?: boolean } = {}): MiddlewareHandler<SandboxEnv> {
  const answers = SPEC_ANSWERS.map(({ route, keep }) => ({ matches: compileRoute(route), keep }));
  return async (c, next) => {
    const { method, path } = c.req;
    if (method !== 'OPTIONS' && inventedCall(method, path)) {
      const message = `No sandbox route for ${method} ${path} (the spec profile serves only the spec's calls).`;
      return c.json(variants ? withUnknownFields({ message }) : { message }, 404);
    }
    await next();
    const status = c.res.status;
    const ok = status >= 200 && status < 300;
    if (!(c.res.headers.get('content-type') ?? '').includes('json')) return;
    const keep = ok ? answers.find(({ matches }) => matches(method, path))?.keep : undefined;
    const reshape = variants && reshapesAnswersOf(path);
    if (!keep && !reshape) return;
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    const rules = reshape && ok ? variantAnswer(method, path) : undefined;
    if (rules?.noContent) {
      headers.delete('content-type');
      c.res = undefined;
      c.res = new Response(null, { status: 204, headers });
      return;
    }
    let body: unknown = await c.res.clone().json();
    if (keep) body = keepOnly(body, keep);
    if (rules) body = reshapeAnswer(body, rules);
    if (reshape) body = withUnknownFields(body);
    c.res = undefined;
    c.res = new Response(JSON.stringify(body), { status, headers });
  };
}
