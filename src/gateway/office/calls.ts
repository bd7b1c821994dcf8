import type * as v from 'valibot';
import type { GatewayClient } from '../core/client';
import { checkRequest, newIdempotencyKey, type CallOptions, type ReplayOutcome } from '../core/request-spec';
import { Id, UnreadAnswer } from '../core/shared-schemas';
import { LEADS_PAGE_PATH } from './paths';
import * as s from './schemas';

/** Provider dashboard calls (paths under `/gateway`). Provider auth: caller id = provider id. */
const id = (value: number) => encodeURIComponent(String(checkRequest('office.path', Id, value)));

/** GET /office-home/v4/service_provider?serviceProviderIds={id} — provider info (name, postal code). */
export async function getServiceProviderInfo(client: GatewayClient, serviceProviderId: number, opts: CallOptions = {}) {
  const spId = checkRequest('office.getServiceProviderInfo', Id, serviceProviderId);
  return client.request({
    operation: 'office.getServiceProviderInfo',
    method: 'GET',
    path: '/gateway/office-home/v4/service_provider',
    query: { serviceProviderIds: spId },
    provider: spId,
    response: s.ServiceProvidersResponseSchema,
    signal: opts.signal,
  });
}

/** POST /lead/office/v6/leads/serviceProvider/{id} — one page of the lead board. */
export async function getLeads(client: GatewayClient, serviceProviderId: number, body: s.LeadListRequest, opts: CallOptions = {}) {
  return client.request({
    operation: 'office.getLeads',
    method: 'POST',
    read: true,
    path: `${LEADS_PAGE_PATH}${id(serviceProviderId)}`,
    provider: serviceProviderId,
    body: checkRequest('office.getLeads', s.LeadListRequestSchema, body),
    response: s.LeadListResponseSchema,
    signal: opts.signal,
  });
}

/**
 * A call that changes a lead. It always carries an `idempotencyKey` (made here when not given):
 * sending it again — the board's offline outbox, a replay after a passed 511 challenge — applies
 * it once. `onReplayed` hears how its replay after a challenge went.
 */
export type WriteCallOptions = CallOptions & {
  idempotencyKey?: string | undefined;
  onReplayed?: ((outcome: ReplayOutcome<v.InferOutput<typeof UnreadAnswer>>) => void) | undefined;
};

/** POST /lead/office/v2/leads/serviceprovider/{id}/read {leadId, read} */
export async function markLeadRead(client: GatewayClient, serviceProviderId: number, body: { leadId: number; read: boolean }, opts: WriteCallOptions = {}) {
  return client.request({
    operation: 'office.markLeadRead',
    method: 'POST',
    path: `/gateway/lead/office/v2/leads/serviceprovider/${id(serviceProviderId)}/read`,
    provider: serviceProviderId,
    body: checkRequest('office.markLeadRead', s.MarkReadRequestSchema, body),
    response: UnreadAnswer,
    idempotencyKey: opts.idempotencyKey ?? newIdempotencyKey(),
    onReplayed: opts.onReplayed,
    signal: opts.signal,
  });
}

/** POST /lead/office/v2/leads/{leadId}/note {serviceProviderId, note} — replaces the lead's notes. */
export async function updateLeadNote(client: GatewayClient, leadId: number, body: { serviceProviderId: number; note: string }, opts: WriteCallOptions = {}) {
  return client.request({
    operation: 'office.updateLeadNote',
    method: 'POST',
    path: `/gateway/lead/office/v2/leads/${id(leadId)}/note`,
    body: checkRequest('office.updateLeadNote', s.NoteRequestSchema, body),
    provider: body.serviceProviderId,
    response: UnreadAnswer,
    idempotencyKey: opts.idempotencyKey ?? newIdempotencyKey(),
    onReplayed: opts.onReplayed,
    signal: opts.signal,
  });
}

/** POST /lead/office/v2/leads/{leadId}/status {serviceProviderId, status} — also marks the lead read. */
export async function updateLeadStatus(client: GatewayClient, leadId: number, body: v.InferInput<typeof s.StatusRequestSchema>, opts: WriteCallOptions = {}) {
  return client.request({
    operation: 'office.updateLeadStatus',
    method: 'POST',
    path: `/gateway/lead/office/v2/leads/${id(leadId)}/status`,
    body: checkRequest('office.updateLeadStatus', s.StatusRequestSchema, body),
    provider: body.serviceProviderId,
    response: UnreadAnswer,
    idempotencyKey: opts.idempotencyKey ?? newIdempotencyKey(),
    onReplayed: opts.onReplayed,
    signal: opts.signal,
    keepalive: opts.keepalive,
  });
}

/** POST /lead/office/v1/leads/serviceprovider/{id}/archive {serviceProviderId, leadId, archived} */
export async function archiveLead(client: GatewayClient, serviceProviderId: number, body: { leadId: number; archived: boolean }, opts: WriteCallOptions = {}) {
  return client.request({
    operation: 'office.archiveLead',
    method: 'POST',
    path: `/gateway/lead/office/v1/leads/serviceprovider/${id(serviceProviderId)}/archive`,
    provider: serviceProviderId,
    body: checkRequest('office.archiveLead', s.ArchiveRequestSchema, { serviceProviderId, ...body }),
    response: UnreadAnswer,
    idempotencyKey: opts.idempotencyKey ?? newIdempotencyKey(),
    onReplayed: opts.onReplayed,
    signal: opts.signal,
  });
}
