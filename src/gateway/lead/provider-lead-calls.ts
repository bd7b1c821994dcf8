import type { GatewayClient } from '../core/client';
import { checkRequest, type CallOptions } from '../core/request-spec';
import { Id } from '../core/shared-schemas';
import { LEAD_BASE as BASE, leadPathId as id } from '../core/lead-path';
import * as s from './provider-lead-schemas';

/**
 * The lead as a provider opens it (base `/gateway/lead`): the lead page's and the
 * thread's call, in `leadGateway` for hosts. Those widgets import it from here, so their first
 * loads carry none of the lead gateway's other calls.
 */

/** GET /office/v1/leads/{leadId}?serviceProviderId — lead page, v1 response. */
export async function getProviderLeadV1(client: GatewayClient, params: { leadId: number; serviceProviderId: number }, opts: CallOptions = {}) {
  return client.request({
    operation: 'lead.getProviderLeadV1',
    method: 'GET',
    path: `${BASE}/office/v1/leads/${id(params.leadId)}`,
    query: { serviceProviderId: checkRequest('lead.getProviderLeadV1', Id, params.serviceProviderId) },
    provider: params.serviceProviderId,
    response: s.LeadPageResponseSchema,
    signal: opts.signal,
  });
}

/**
 * GET /office/v2/leads/{leadId}?spId with the caller id header — lead page, V2 response.
 * The provider dashboard lists the same path (`/gateway/lead/office/v2/leads/{leadId}`).
 */
export async function getProviderLeadV2(client: GatewayClient, params: { leadId: number; spId: number }, opts: CallOptions = {}) {
  const spId = checkRequest('lead.getProviderLeadV2', Id, params.spId);
  return client.request({
    operation: 'lead.getProviderLeadV2',
    method: 'GET',
    path: `${BASE}/office/v2/leads/${id(params.leadId)}`,
    query: { spId },
    provider: spId,
    response: s.LeadPageResponseV2Schema,
    signal: opts.signal,
  });
}
