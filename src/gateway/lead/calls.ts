import * as v from 'valibot';
import type { GatewayClient } from '../core/client';
import { checkRequest, type CallOptions } from '../core/request-spec';
import { IdList, PostalCode, UnreadAnswer } from '../core/shared-schemas';
import * as s from './schemas';
import { ServiceRequestId } from './funnel/schemas';
import { LEAD_BASE as BASE, leadPathId as id } from '../core/lead-path';

/**
 * Lead gateway calls (base `/gateway/lead`): the board's. One function per call. The customer
 * side (the request-a-quote funnel) is in funnel/calls.ts, the one-time token's own calls in
 * funnel/one-time-token-calls.ts, the provider's lead (the lead page, the thread) in
 * provider-lead-calls.ts, contacts (the thread's, after a message) in contact-calls.ts: a widget
 * imports each call from its own module and loads none of the others. Hosts get them all as one
 * namespace, `leadGateway` (lead-gateway.ts, imported by src/index.ts alone).
 */

/** POST /office/v1/review-request {serviceProviderId, leadId} — the lead's review-form pre-fill. */
export async function requestLeadReview(client: GatewayClient, body: { serviceProviderId: number; leadId: number }, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.requestLeadReview',
    method: 'POST',
    path: `${BASE}/office/v1/review-request`,
    body: checkRequest('lead.requestLeadReview', s.LeadReviewRequestSchema, body),
    provider: body.serviceProviderId,
    response: s.LeadReviewRequestResponseSchema,
    signal: opts.signal,
  });
}

/** POST /v1/lead/send-ol-notification {leadIds} */
export async function sendOpportunityLeadNotification(client: GatewayClient, leadIds: number[], opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.sendOpportunityLeadNotification',
    method: 'POST',
    path: `${BASE}/v1/lead/send-ol-notification`,
    body: { leadIds: checkRequest('lead.sendOpportunityLeadNotification', v.pipe(IdList, v.minLength(1)), leadIds) },
    response: UnreadAnswer,
    signal: opts.signal,
  });
}

/**
 * POST /v1/serviceprovider/{id}/add-display-preferences {displayPreferences} (e.g. HideThimbleForAllLeads).
 *
 * L7 (docs/gateway-assumptions.md; the spec says only that 'Not at all' "stores
 * HideThimbleForAllLeads for the provider"): leadkit relies on the gateway to act on a stored
 * preference. After HideThimbleForAllLeads it expects the provider's leads to come without
 * `thimbleUrl`, so the insurance banner stays away after a reload; leadkit never reads the
 * preference back (the board hides the banner for the rest of the session by itself). Its answer is
 * not read either: any 2xx is success.
 */
export async function addDisplayPreferences(client: GatewayClient, serviceProviderId: number, displayPreferences: string[], opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.addDisplayPreferences',
    method: 'POST',
    path: `${BASE}/v1/serviceprovider/${id(serviceProviderId)}/add-display-preferences`,
    provider: serviceProviderId,
    body: checkRequest('lead.addDisplayPreferences', s.DisplayPreferencesRequestSchema, { displayPreferences }),
    response: UnreadAnswer,
    signal: opts.signal,
  });
}

/** POST /v1/serviceproviders/fetch-opportunity-leads {serviceRequestId} */
export async function fetchOpportunityLeads(client: GatewayClient, serviceRequestId: number, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.fetchOpportunityLeads',
    method: 'POST',
    read: true,
    path: `${BASE}/v1/serviceproviders/fetch-opportunity-leads`,
    body: { serviceRequestId: checkRequest('lead.fetchOpportunityLeads', ServiceRequestId, serviceRequestId) },
    response: s.OpportunityLeadsResponseSchema,
    signal: opts.signal,
  });
}

/** GET /v1/address/get-seo-city-state-by-postal-code?postalCode */
export async function getSeoCityStateByPostalCode(client: GatewayClient, postalCode: string, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.getSeoCityStateByPostalCode',
    method: 'GET',
    path: `${BASE}/v1/address/get-seo-city-state-by-postal-code`,
    query: { postalCode: checkRequest('lead.getSeoCityStateByPostalCode', PostalCode, postalCode) },
    response: s.SeoCityStateResponseSchema,
    signal: opts.signal,
  });
}

/** Board autocomplete limit (docs/architecture.md#board-constants). */
export const BOARD_AUTOCOMPLETE_LIMIT = 5;
const AutocompleteText = v.pipe(v.string(), v.trim(), v.minLength(1));

/** GET /office/v1/leads/serviceprovider/{id}/autocomplete/location?query&locationType&limit */
export async function autocompleteLocation(
  client: GatewayClient,
  params: { serviceProviderId: number; query: string; locationType?: v.InferInput<typeof s.LocationType>; limit?: number },
  opts: CallOptions = {},
) {
  return client.request({
    operation: 'lead.autocompleteLocation',
    method: 'GET',
    path: `${BASE}/office/v1/leads/serviceprovider/${id(params.serviceProviderId)}/autocomplete/location`,
    provider: params.serviceProviderId,
    query: {
      query: checkRequest('lead.autocompleteLocation', AutocompleteText, params.query),
      locationType: checkRequest('lead.autocompleteLocation', s.LocationType, params.locationType ?? 'all'),
      limit: params.limit ?? BOARD_AUTOCOMPLETE_LIMIT,
    },
    response: s.LocationSuggestionsResponseSchema,
    signal: opts.signal,
  });
}

/** GET /office/v1/leads/serviceprovider/{id}/autocomplete/categoryName?query&limit */
export async function autocompleteCategoryName(
  client: GatewayClient,
  params: { serviceProviderId: number; query: string; limit?: number },
  opts: CallOptions = {},
) {
  return client.request({
    operation: 'lead.autocompleteCategoryName',
    method: 'GET',
    path: `${BASE}/office/v1/leads/serviceprovider/${id(params.serviceProviderId)}/autocomplete/categoryName`,
    provider: params.serviceProviderId,
    query: { query: checkRequest('lead.autocompleteCategoryName', AutocompleteText, params.query), limit: params.limit ?? BOARD_AUTOCOMPLETE_LIMIT },
    response: s.CategorySuggestionsResponseSchema,
    signal: opts.signal,
  });
}

/** GET /office/v2/leads/serviceprovider/{id}/autocomplete/memberName?query&limit */
export async function autocompleteMemberName(
  client: GatewayClient,
  params: { serviceProviderId: number; query: string; limit?: number },
  opts: CallOptions = {},
) {
  return client.request({
    operation: 'lead.autocompleteMemberName',
    method: 'GET',
    path: `${BASE}/office/v2/leads/serviceprovider/${id(params.serviceProviderId)}/autocomplete/memberName`,
    provider: params.serviceProviderId,
    query: { query: checkRequest('lead.autocompleteMemberName', AutocompleteText, params.query), limit: params.limit ?? BOARD_AUTOCOMPLETE_LIMIT },
    response: s.MemberSuggestionsResponseSchema,
    signal: opts.signal,
  });
}
