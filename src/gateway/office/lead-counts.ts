import * as v from 'valibot';
import { LEAD_STATUSES, type LeadStatus } from '../../domain/lead-status';
import { checkRequest, type CallOptions, type GatewayClient } from '../client';
import { Id } from '../shared-schemas';
import { LeadFiltersWireSchema } from './schemas';

/**
 * The board's status and unread counts (issue 18 §2). Spec §7 names no such call: this one is
 * leadkit's design, implemented by the sandbox gateway (packages/sandbox, README "Lead counts").
 * Its own endpoint group, so it loads with the counts (after the board's first card), not with
 * the board.
 *
 * POST /gateway/lead/office/v1/leads/serviceProvider/{id}/counts with the list call's `filters`
 * answers facet counts: each status's count applies every filter but the status filter, the
 * unread count every filter but the unread toggle — what the list would hold if that one choice
 * were changed.
 */
const id = (value: number) => encodeURIComponent(String(checkRequest('office.path', Id, value)));

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const LeadCountsRequestSchema = v.object({ filters: v.optional(LeadFiltersWireSchema, {}) });
export type LeadCountsRequest = v.InferInput<typeof LeadCountsRequestSchema>;

/** A status the gateway leaves out has no leads; one it adds that the board does not know is ignored. */
export const LeadCountsResponseSchema = v.object({
  statusCounts: v.object(Object.fromEntries(LEAD_STATUSES.map((status) => [status, v.optional(Count, 0)])) as Record<LeadStatus, v.OptionalSchema<typeof Count, 0>>),
  unreadCount: Count,
});
export type LeadCounts = v.InferOutput<typeof LeadCountsResponseSchema>;

/** POST /lead/office/v1/leads/serviceProvider/{id}/counts {filters} — leadkit-designed (not in §7). */
export async function getLeadCounts(client: GatewayClient, serviceProviderId: number, body: LeadCountsRequest, opts: CallOptions = {}) {
  return client.request({
    operation: 'office.getLeadCounts',
    method: 'POST',
    read: true,
    path: `/gateway/lead/office/v1/leads/serviceProvider/${id(serviceProviderId)}/counts`,
    provider: serviceProviderId,
    body: checkRequest('office.getLeadCounts', LeadCountsRequestSchema, body),
    response: LeadCountsResponseSchema,
    signal: opts.signal,
  });
}
