import { compileRoute } from './faults';
import { keepOnly, type Keep } from './keep';

/**
 * The `spec-variants` profile's answers (packages/sandbox/README.md#profiles): the spec profile,
 * and a gateway as strict as the spec lets a real one be. Every rule is in this one table, per
 * route; the middleware (spec-profile.ts) applies, to a successful JSON answer of a route, in
 * this order:
 *
 * 1. `noContent`: `204` and no body — a write whose answer the spec does not name ("Responses
 *    other than those named above: not shown"). The write still happens; only the answer is gone.
 * 2. `derive`: fields of the spec's variant computed from the answer (the review pre-fill's
 *    `categories`, ids only).
 * 3. `rename`: the spec's variant spelling (`address.firstLine` → `lineOne`,
 *    `serviceProviderId` → `serviceProvideId`, sic).
 * 4. `keep`: the spec's fields only (as SPEC_ANSWERS, after the spec profile's own).
 * 5. `nulls`: the optional fields, sent as `null` — fields outside the spec's required reading of
 *    that answer, and none that carries state a user changes (notes, status, read, feedback).
 *
 * Then every JSON answer of the gateway (errors included; not the chat service, which stands in
 * for Twilio) gets fields the spec does not name, at its top level and in every nested object and
 * array item (UNKNOWN_FIELDS).
 *
 * A path names a field through objects (`address.firstLine`); `[]` steps into each item of an
 * array (`leads[].customerInfo.phoneUrl`).
 */
export interface VariantAnswer {
  readonly route: string;
  readonly noContent?: true;
  readonly derive?: Readonly<Record<string, (answer: Record<string, unknown>) => unknown>>;
  readonly rename?: Readonly<Record<string, string>>;
  readonly keep?: Keep;
  readonly nulls?: readonly string[];
}

/** The writes whose answer the spec does not name: `204`, no body. */
const NO_CONTENT_WRITES = [
  'POST /gateway/lead/office/v2/leads/serviceprovider/:spId/read',
  'POST /gateway/lead/office/v2/leads/:leadId/note',
  'POST /gateway/lead/office/v2/leads/:leadId/status',
  'POST /gateway/lead/office/v1/leads/serviceprovider/:spId/feedback',
  'POST /gateway/lead/office/v1/leads/serviceprovider/:spId/archive',
  'POST /gateway/service-provider-management/v1/all-call-tracker/pro-registered-phone-number',
  'POST /gateway/lead/v1/serviceprovider/:spId/add-display-preferences',
  'PUT /gateway/message-center/v1/messages/thread/read',
  'PUT /gateway/review/api/v1/draft-review/:id',
  'POST /gateway/lead/v1/lead/:leadId/assign',
  'POST /gateway/lead/v2/lead/:leadId/assign',
  'POST /gateway/lead/v1/service-request/send-ol-pro-selection',
  'POST /gateway/lead/v1/lead/:leadId/service-provider/mark-hired',
  'POST /gateway/lead/v1/user/updatePhone',
  'POST /gateway/lead/v1/handy/sendLead',
  'POST /gateway/lead/v1/lead/send-ol-notification',
] as const;

/** Provider details (§3): `serviceProvideId` (sic) and `categories`, nothing else. */
const PROVIDER_DETAILS: Keep = {
  serviceProvideId: true,
  categories: [{ categoryId: true, categoryName: true, overallReviewCount: true, parentCategory: true }],
};

export const VARIANT_ANSWERS: readonly VariantAnswer[] = [
  ...NO_CONTENT_WRITES.map((route) => ({ route, noContent: true as const })),
  // The lead page, v1 and V2: the other address variant (§3 "Another variant uses address
  // {lineOne, lineTwo, …}"); V2 keeps customerInfo's names and no `user` (the spec profile's keep).
  // Optional: the project notes ("hidden if empty") and the second address line.
  {
    route: 'GET /gateway/lead/office/v1/leads/:leadId',
    rename: { 'address.firstLine': 'lineOne', 'address.secondLine': 'lineTwo' },
    nulls: ['info.description', 'address.lineTwo'],
  },
  { route: 'GET /gateway/lead/office/v2/leads/:leadId', nulls: ['info.description', 'address.lineTwo'] },
  // Provider details, one provider and combined (§3 "Provider details response: serviceProvideId (sic), categories").
  {
    route: 'GET /gateway/lead/v1/serviceprovider/:spId/details',
    rename: { serviceProviderId: 'serviceProvideId' },
    keep: PROVIDER_DETAILS,
  },
  { route: 'POST /gateway/lead/v1/serviceProviders/details', keep: { serviceProviders: [PROVIDER_DETAILS] } },
  // The review form's pre-fill ("not shown"): the spec's gateway variant of a review request by
  // e-mail (§3: serviceProviderId, postalCode, emailAddress, phoneNumber, firstName, lastName,
  // descriptionOfWork, workCompleted, categories as ids). No leadId, isMaskedPhone or category object.
  {
    route: 'POST /gateway/lead/office/v1/review-request',
    derive: {
      categories: (answer) => [(answer.category as { id: number } | null)?.id].filter((id) => id !== undefined),
      descriptionOfWork: () => null,
      workCompleted: () => null,
    },
    keep: {
      serviceProviderId: true,
      postalCode: true,
      emailAddress: true,
      phoneNumber: true,
      firstName: true,
      lastName: true,
      descriptionOfWork: true,
      workCompleted: true,
      categories: true,
    },
  },
  // The board's leads: the card flags, deal, redemption and the contact's derived link and second
  // address line are optional (the card shows them only when present).
  {
    route: 'POST /gateway/lead/office/v6/leads/serviceProvider/:spId',
    nulls: [
      'leads[].redemptionId',
      'leads[].dealInfo',
      'leads[].urgency',
      'leads[].isOptedInButNotConnected',
      'leads[].customerInfo.addressLineTwo',
      'leads[].customerInfo.phoneUrl',
    ],
  },
  // The connected numbers (§3 "Registered (connected) number: spId, brand, name, phoneNumber"): no createDate.
  {
    route: 'GET /gateway/service-provider-management/v1/all-call-tracker/pro-registered-phone-number',
    keep: { registeredNumbers: [{ spId: true, brand: true, name: true, phoneNumber: true }] },
  },
  // Suggested providers (§3: id, serviceProviderType): the rating and review count are optional.
  // The name stays, as the envelopes do: without it no card could say whom it suggests.
  { route: 'POST /gateway/lead/v4/serviceproviders/suggestion', nulls: ['serviceProviders[].rating', 'serviceProviders[].reviewCount'] },
  // The provider's categories: the review count is the funnel's, not the board's.
  { route: 'GET /gateway/service-provider-profile/v1/service_provider/:spId/categories', nulls: ['categories[].overallReviewCount'] },
];

/** Fields no spec names, added to every JSON answer: at its top level, and in each nested object and array item. */
export const UNKNOWN_FIELDS = {
  /** In every object. */
  each: { 'x-gateway-trace': 'sandbox-spec-variants' },
  /** At the top level only. */
  top: { extra: { servedBy: 'leadkit sandbox', note: 'a field no spec names' } },
} as const;

/** The chat service stands in for Twilio, not for the gateway: left as it is. */
const CHAT_SERVICE = /^\/gateway\/message-center\/v1\/chat\//;

const MATCHERS = VARIANT_ANSWERS.map((answer) => ({ answer, matches: compileRoute(answer.route) }));

/** The variant rules of a request's route (undefined: none but the unknown fields). */
export function variantAnswer(method: string, path: string): VariantAnswer | undefined {
  return MATCHERS.find(({ matches }) => matches(method, path))?.answer;
}

/** Whether the profile reshapes this path's answers at all. */
export function reshapesAnswersOf(path: string): boolean {
  return path.startsWith('/gateway/') && !CHAT_SERVICE.test(path);
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Calls `change` with each object the path's parent names, and the path's last field. */
function atPath(value: unknown, path: string, change: (parent: Json, field: string) => void): void {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  const each = head.endsWith('[]');
  const field = each ? head.slice(0, -2) : head;
  if (!isObject(value)) return;
  if (rest.length === 0 && !each) {
    change(value, field);
    return;
  }
  const child = value[field];
  if (each && Array.isArray(child)) {
    for (const item of child) if (rest.length > 0) atPath(item, rest.join('.'), change);
  } else if (!each) atPath(child, rest.join('.'), change);
}

/** A successful answer reshaped by its route's rules (`noContent` aside: the middleware answers 204). */
export function reshapeAnswer(body: unknown, rules: VariantAnswer): unknown {
  if (!isObject(body)) return body;
  let answer: Json = structuredClone(body);
  for (const [field, compute] of Object.entries(rules.derive ?? {})) answer[field] = compute(body);
  for (const [path, to] of Object.entries(rules.rename ?? {})) {
    atPath(answer, path, (parent, field) => {
      if (!(field in parent)) return;
      parent[to] = parent[field];
      delete parent[field];
    });
  }
  if (rules.keep) answer = keepOnly(answer, rules.keep) as Json;
  for (const path of rules.nulls ?? []) {
    atPath(answer, path, (parent, field) => {
      if (field in parent) parent[field] = null;
    });
  }
  return answer;
}

/** The answer with UNKNOWN_FIELDS added (a new value; arrays of values and `null` stay as they are). */
export function withUnknownFields(body: unknown, top = true): unknown {
  if (Array.isArray(body)) return body.map((item: unknown) => withUnknownFields(item, false));
  if (!isObject(body)) return body;
  const answer: Json = {};
  for (const [field, value] of Object.entries(body)) answer[field] = withUnknownFields(value, false);
  return { ...answer, ...UNKNOWN_FIELDS.each, ...(top ? UNKNOWN_FIELDS.top : {}) };
}
