import * as v from 'valibot';
import type { GatewayClient } from '../../core/client';
import { checkRequest, newIdempotencyKey, type CallOptions, type CreateCallOptions, type ReplayTarget } from '../../core/request-spec';
import { CategoryId, Id, IdList, PostalCode, TaxonomyCategorySchema, UnreadAnswer } from '../../core/shared-schemas';
import * as s from './schemas';
import { LEAD_BASE as BASE, leadPathId as id } from '../../core/lead-path';

/**
 * The lead gateway's customer-side calls (base `/gateway/lead`): the request-a-quote
 * funnel's, most with the one-time token. One function per call; hosts get them in `leadGateway` (../lead-gateway.ts).
 */
const categoryPathId = (value: number) => encodeURIComponent(String(checkRequest('lead.path', CategoryId, value)));

/** POST /v1/reviews/getByServiceProviderId — one-time auth optional. */
export async function getReviewsByServiceProvider(client: GatewayClient, body: s.ReviewsRequest, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.getReviewsByServiceProvider',
    method: 'POST',
    read: true,
    path: `${BASE}/v1/reviews/getByServiceProviderId`,
    body: checkRequest('lead.getReviewsByServiceProvider', s.ReviewsRequestSchema, body),
    response: s.ReviewsResponseSchema,
    oneTime: 'optional',
    signal: opts.signal,
  });
}

/** GET /v1/lead/{leadId}/serviceprovider — the providers a lead was sent to. */
export async function getLeadServiceProviders(client: GatewayClient, leadId: number, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.getLeadServiceProviders',
    method: 'GET',
    path: `${BASE}/v1/lead/${id(leadId)}/serviceprovider`,
    response: s.LeadProvidersResponseSchema,
    oneTime: 'optional',
    signal: opts.signal,
  });
}

/** GET /v1/serviceprovider/{id}/details?withAlId — provider details for the funnel. */
export async function getServiceProviderDetails(client: GatewayClient, params: { serviceProviderId: number; withAlId?: boolean }, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.getServiceProviderDetails',
    method: 'GET',
    path: `${BASE}/v1/serviceprovider/${id(params.serviceProviderId)}/details`,
    query: { withAlId: params.withAlId ?? false },
    response: s.ProviderDetailsResponseSchema,
    signal: opts.signal,
  });
}

/** GET /v1/taxonomy/categories/{categoryId} */
export async function getTaxonomyCategory(client: GatewayClient, categoryId: number, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.getTaxonomyCategory',
    method: 'GET',
    path: `${BASE}/v1/taxonomy/categories/${categoryPathId(categoryId)}`,
    response: TaxonomyCategorySchema,
    signal: opts.signal,
  });
}

/** POST /v1/serviceProviders/details — combined AL + HA details; one-time auth. */
export async function getCombinedProviderDetails(client: GatewayClient, body: s.CombinedDetailsRequest, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.getCombinedProviderDetails',
    method: 'POST',
    read: true,
    path: `${BASE}/v1/serviceProviders/details`,
    body: checkRequest('lead.getCombinedProviderDetails', s.CombinedDetailsRequestSchema, body),
    response: s.CombinedDetailsResponseSchema,
    oneTime: 'required',
    signal: opts.signal,
  });
}

/** GET /v1/address/getCityAndStateAbbreviationByPostalCode?postalCode */
export async function getCityAndStateByPostalCode(client: GatewayClient, postalCode: string, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.getCityAndStateByPostalCode',
    method: 'GET',
    path: `${BASE}/v1/address/getCityAndStateAbbreviationByPostalCode`,
    query: { postalCode: checkRequest('lead.getCityAndStateByPostalCode', PostalCode, postalCode) },
    response: s.CityStateResponseSchema,
    signal: opts.signal,
  });
}

/** POST /v4/serviceproviders/suggestion — one-time auth. */
export async function getSuggestions(client: GatewayClient, body: s.SuggestionRequest, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.getSuggestions',
    method: 'POST',
    read: true,
    path: `${BASE}/v4/serviceproviders/suggestion`,
    body: checkRequest('lead.getSuggestions', s.SuggestionRequestSchema, body),
    response: s.SuggestionResponseSchema,
    oneTime: 'required',
    signal: opts.signal,
  });
}

/** GET /v1/serviceprovider/{id}/postalcode-eligibility/{postalCode} */
export async function getPostalCodeEligibility(client: GatewayClient, params: { serviceProviderId: number; postalCode: string }, opts: CallOptions = {}) {
  const postalCode = checkRequest('lead.getPostalCodeEligibility', PostalCode, params.postalCode);
  return client.request({
    operation: 'lead.getPostalCodeEligibility',
    method: 'GET',
    path: `${BASE}/v1/serviceprovider/${id(params.serviceProviderId)}/postalcode-eligibility/${postalCode}`,
    response: s.EligibilityResponseSchema,
    signal: opts.signal,
  });
}

/** GET /v1/lead/{leadId}/serviceprovider/comparison */
export async function getProviderComparison(client: GatewayClient, leadId: number, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.getProviderComparison',
    method: 'GET',
    path: `${BASE}/v1/lead/${id(leadId)}/serviceprovider/comparison`,
    response: s.ProviderComparisonResponseSchema,
    oneTime: 'optional',
    signal: opts.signal,
  });
}

type LeadCreated = v.InferOutput<typeof s.CreateLeadResponseSchema>;

/** A create's `replayLatest`, its body checked like the call's own (null: nothing to send). */
function checkedReplay<B>(operation: string, schema: v.GenericSchema<unknown, B>, latest: (() => ReplayTarget<LeadCreated, B> | null) | undefined) {
  if (!latest) return undefined;
  return () => {
    const target = latest();
    return target && { ...target, body: checkRequest(operation, schema, target.body) };
  };
}

/** POST /v1/lead — one-time auth; idempotent per user action; replayed after a challenge. */
export async function createLeadV1(client: GatewayClient, body: s.CreateLeadV1, opts: CreateCallOptions<LeadCreated, s.CreateLeadV1> = {}) {
  return client.request({
    operation: 'lead.createLeadV1',
    method: 'POST',
    path: `${BASE}/v1/lead`,
    body: checkRequest('lead.createLeadV1', s.CreateLeadV1Schema, body),
    response: s.CreateLeadResponseSchema,
    oneTime: 'required',
    idempotencyKey: opts.idempotencyKey ?? newIdempotencyKey(),
    replayable: true,
    replayGroup: opts.replayGroup,
    replayLatest: checkedReplay('lead.createLeadV1', s.CreateLeadV1Schema, opts.replayLatest),
    signal: opts.signal,
    onReplayed: opts.onReplayed,
  });
}

/** POST /v3/lead — full address and external providers; otherwise as v1. */
export async function createLeadV3(client: GatewayClient, body: s.CreateLeadV3, opts: CreateCallOptions<LeadCreated, s.CreateLeadV3> = {}) {
  return client.request({
    operation: 'lead.createLeadV3',
    method: 'POST',
    path: `${BASE}/v3/lead`,
    body: checkRequest('lead.createLeadV3', s.CreateLeadV3Schema, body),
    response: s.CreateLeadResponseSchema,
    oneTime: 'required',
    idempotencyKey: opts.idempotencyKey ?? newIdempotencyKey(),
    replayable: true,
    replayGroup: opts.replayGroup,
    replayLatest: checkedReplay('lead.createLeadV3', s.CreateLeadV3Schema, opts.replayLatest),
    signal: opts.signal,
    onReplayed: opts.onReplayed,
  });
}

/** GET /v1/lead/{leadId} — the funnel's fetched lead; one-time auth. */
export async function fetchLead(client: GatewayClient, leadId: number, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.fetchLead',
    method: 'GET',
    path: `${BASE}/v1/lead/${id(leadId)}`,
    response: s.FetchedLeadSchema,
    oneTime: 'required',
    signal: opts.signal,
  });
}

/** POST /v1/lead/{leadId}/assign {serviceProviderIds} */
export async function assignLeadV1(client: GatewayClient, leadId: number, body: { serviceProviderIds: number[] }, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.assignLeadV1',
    method: 'POST',
    path: `${BASE}/v1/lead/${id(leadId)}/assign`,
    body: checkRequest('lead.assignLeadV1', s.AssignV1RequestSchema, body),
    response: UnreadAnswer,
    oneTime: 'optional',
    signal: opts.signal,
  });
}

/**
 * POST /v2/lead/{leadId}/assign — ids as integers; one-time auth. `idempotencyKey`: the funnel's
 * key of the selection being sent (kept for Send again after a failure).
 */
export async function assignLeadV2(
  client: GatewayClient,
  leadId: number,
  body: { serviceProviderIds: number[]; haServiceProviderIds: number[]; serviceRequestId: number },
  opts: CallOptions & Pick<CreateCallOptions<v.InferOutput<typeof UnreadAnswer>>, 'idempotencyKey' | 'onReplayed'> = {},
) {
  return client.request({
    operation: 'lead.assignLeadV2',
    method: 'POST',
    path: `${BASE}/v2/lead/${id(leadId)}/assign`,
    body: checkRequest('lead.assignLeadV2', s.AssignV2RequestSchema, body),
    response: UnreadAnswer,
    oneTime: 'required',
    idempotencyKey: opts.idempotencyKey,
    signal: opts.signal,
    onReplayed: opts.onReplayed,
  });
}

/** GET /v1/projects?projectStatuses&leadStatuses&limit&offset — the member's projects; one-time auth. */
export async function getProjects(client: GatewayClient, query: v.InferInput<typeof s.ProjectsQuerySchema> = {}, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.getProjects',
    method: 'GET',
    path: `${BASE}/v1/projects`,
    query: checkRequest('lead.getProjects', s.ProjectsQuerySchema, query),
    response: s.ProjectsResponseSchema,
    oneTime: 'required',
    signal: opts.signal,
  });
}

/** GET /v1/topCategories */
export async function getTopCategories(client: GatewayClient, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.getTopCategories',
    method: 'GET',
    path: `${BASE}/v1/topCategories`,
    response: s.TopCategoriesResponseSchema,
    signal: opts.signal,
  });
}

/** GET /v2/autocomplete?query&taxonomyName (default 'HA Task')&limit (default 10) */
export async function autocompleteCategories(client: GatewayClient, query: v.InferInput<typeof s.AutocompleteQuerySchema>, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.autocompleteCategories',
    method: 'GET',
    path: `${BASE}/v2/autocomplete`,
    query: checkRequest('lead.autocompleteCategories', s.AutocompleteQuerySchema, query),
    response: s.AutocompleteResponseSchema,
    signal: opts.signal,
  });
}

/** POST /v1/handy/sendLead {leadId} — one-time auth. */
export async function sendHandyLead(client: GatewayClient, leadId: number, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.sendHandyLead',
    method: 'POST',
    path: `${BASE}/v1/handy/sendLead`,
    body: { leadId: checkRequest('lead.sendHandyLead', Id, leadId) },
    response: UnreadAnswer,
    oneTime: 'required',
    signal: opts.signal,
  });
}

/** GET /v1/deals/followUp?defaultCatGroupIds&categoryId&postalCode — one-time auth. */
export async function getFollowUpDeals(client: GatewayClient, query: v.InferInput<typeof s.FollowUpDealsQuerySchema>, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.getFollowUpDeals',
    method: 'GET',
    path: `${BASE}/v1/deals/followUp`,
    query: checkRequest('lead.getFollowUpDeals', s.FollowUpDealsQuerySchema, query),
    response: s.FollowUpDealsResponseSchema,
    oneTime: 'required',
    signal: opts.signal,
  });
}

/**
 * POST /v1/service-request/send-ol-pro-selection {serviceRequestId, haServiceProviderIds} — one-time
 * auth. It notifies the pros: `idempotencyKey` (one per selection sent, reused on Send again) keeps
 * a retry from notifying them twice.
 */
export async function sendProSelection(
  client: GatewayClient,
  body: { serviceRequestId: number; haServiceProviderIds: number[] },
  opts: CallOptions & Pick<CreateCallOptions<v.InferOutput<typeof UnreadAnswer>>, 'idempotencyKey' | 'onReplayed'> = {},
) {
  return client.request({
    operation: 'lead.sendProSelection',
    method: 'POST',
    path: `${BASE}/v1/service-request/send-ol-pro-selection`,
    body: checkRequest('lead.sendProSelection', v.object({ serviceRequestId: s.ServiceRequestId, haServiceProviderIds: v.pipe(IdList, v.minLength(1)) }), body),
    response: UnreadAnswer,
    oneTime: 'required',
    idempotencyKey: opts.idempotencyKey,
    signal: opts.signal,
    onReplayed: opts.onReplayed,
  });
}

/** POST /v1/lead/{leadId}/service-provider/mark-hired {serviceProviderType, serviceProviderId} — one-time auth. */
export async function markHired(client: GatewayClient, leadId: number, body: v.InferInput<typeof s.MarkHiredRequestSchema>, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.markHired',
    method: 'POST',
    path: `${BASE}/v1/lead/${id(leadId)}/service-provider/mark-hired`,
    body: checkRequest('lead.markHired', s.MarkHiredRequestSchema, body),
    response: UnreadAnswer,
    oneTime: 'required',
    signal: opts.signal,
  });
}

/** POST /v1/user/updatePhone — sends only phoneNumber; the member's one-time token. */
export async function updateUserPhone(client: GatewayClient, phoneNumber: string, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.updateUserPhone',
    method: 'POST',
    path: `${BASE}/v1/user/updatePhone`,
    body: checkRequest('lead.updateUserPhone', s.UpdatePhoneRequestSchema, { phoneNumber }),
    response: UnreadAnswer,
    oneTime: 'required',
    signal: opts.signal,
  });
}
