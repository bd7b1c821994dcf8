import * as v from 'valibot';
import { LEAD_STATUSES, type LeadStatus } from '../../domain/lead-status';
import { checkRequest, type CallOptions, type GatewayClient } from '../client';
import { GatewayError } from '../errors';
import { askHost } from '../host-provider';
import { Id } from '../shared-schemas';
import { LeadFiltersWireSchema, type LeadFiltersWire } from './schemas';

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
 *
 * The real gateway has no such call (docs/gateway-assumptions.md O3): a host replaces it with the
 * gateway config's `leadCounts` — a function of its own, or `false` for no counts at all
 * (`boardLeadCounts`, `leadCountsOff` below). This module is the one that knows.
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

/** What a host's `leadCounts` is asked with: the provider, the list call's filters (checked) and a signal that ends the wait. */
export interface LeadCountsContext {
  serviceProviderId: number;
  filters: LeadFiltersWire;
  /** Aborts when leadkit no longer waits: newer filters, the board closed, or the gateway's time limit passed. */
  signal?: AbortSignal;
}

/** A host's provider of the board's counts (`leadCounts` of the gateway config): answers as the counts call does. */
export type LeadCountsProvider = (context: LeadCountsContext) => Promise<LeadCounts>;

const HOST_OPERATION = 'office.leadCounts';

/** Whether the host turned the counts off (`leadCounts: false`): the board asks for none and shows none. */
export function leadCountsOff(client: Pick<GatewayClient, 'leadCounts'>): boolean {
  return client.leadCounts === false;
}

/**
 * The board's counts: the host's `leadCounts` when its gateway config gave a function (its answer
 * checked against `LeadCountsResponseSchema`, within the client's time limit), else leadkit's
 * counts call. With `leadCounts: false` nothing is asked: it fails as `aborted` (the board never
 * asks then: `leadCountsOff`).
 */
export async function boardLeadCounts(client: GatewayClient, serviceProviderId: number, body: LeadCountsRequest, opts: CallOptions = {}): Promise<LeadCounts> {
  const host = client.leadCounts;
  if (host === undefined) return getLeadCounts(client, serviceProviderId, body, opts);
  if (host === false) throw new GatewayError({ kind: 'aborted', operation: HOST_OPERATION });
  const { filters } = checkRequest(HOST_OPERATION, LeadCountsRequestSchema, body);
  const provider = checkRequest(HOST_OPERATION, Id, serviceProviderId);
  return askHost(client, HOST_OPERATION, LeadCountsResponseSchema, (signal) => host({ serviceProviderId: provider, filters, signal }), opts.signal);
}
