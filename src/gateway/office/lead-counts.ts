import * as v from 'valibot';
import type { GatewayClient } from '../core/client';
import { checkRequest, type CallOptions } from '../core/request-spec';
import { GatewayError } from '../core/errors';
import { askHost } from '../host-provider';
import { isNotOffered, reportNotOffered, unlessNotOffered } from '../not-offered';
import { Id } from '../core/shared-schemas';
import { LeadCountsResponseSchema, type LeadCounts } from './lead-counts-schema';
import { LeadFiltersWireSchema } from './schemas';

/**
 * The board's status and unread counts. The spec names no such call: this one is
 * leadkit's design, implemented by the sandbox gateway ("Lead counts" in
 * packages/sandbox/README.md#decisions-where-the-spec-is-silent).
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

export const LeadCountsRequestSchema = v.object({ filters: v.optional(LeadFiltersWireSchema, {}) });
export type LeadCountsRequest = v.InferInput<typeof LeadCountsRequestSchema>;

/** POST /lead/office/v1/leads/serviceProvider/{id}/counts {filters} — leadkit-designed (not in the spec). */
export async function getLeadCounts(client: GatewayClient, serviceProviderId: number, body: LeadCountsRequest, opts: CallOptions = {}) {
  return client.request({
    operation: 'office.getLeadCounts',
    invented: true,
    method: 'POST',
    read: true,
    path: `/gateway/lead/office/v1/leads/serviceProvider/${id(serviceProviderId)}/counts`,
    provider: serviceProviderId,
    body: checkRequest('office.getLeadCounts', LeadCountsRequestSchema, body),
    response: LeadCountsResponseSchema,
    signal: opts.signal,
  });
}

const HOST_OPERATION = 'office.leadCounts';

/**
 * Whether the board has no counts: the host turned them off (`leadCounts: false`, or the
 * `no-lead-counts` attribute), or — without a host's `leadCounts` — this gateway answered the
 * counts call 404 within the day (not-offered.ts). The board then asks for none and shows none.
 */
export function leadCountsOff(client: Pick<GatewayClient, 'leadCounts' | 'baseURL' | 'reportSetup'>): boolean {
  if (client.leadCounts === false) return true;
  if (client.leadCounts !== undefined || !isNotOffered(client.baseURL, 'O3')) return false;
  // Off because the gateway has no counts call: the host is told, as when it got the 404.
  reportNotOffered(client, 'O3');
  return true;
}

/**
 * The board's counts: the host's `leadCounts` when its gateway config gave a function (its answer
 * checked against `LeadCountsResponseSchema`, within the client's time limit), else leadkit's
 * counts call. With `leadCounts: false` nothing is asked: it fails as `aborted` (the board never
 * asks then: `leadCountsOff`).
 */
export async function boardLeadCounts(client: GatewayClient, serviceProviderId: number, body: LeadCountsRequest, opts: CallOptions = {}): Promise<LeadCounts> {
  const host = client.leadCounts;
  // A gateway without the call (404) is not asked again for a day (not-offered.ts).
  if (host === undefined) return unlessNotOffered(client, 'O3', 'office.getLeadCounts', () => getLeadCounts(client, serviceProviderId, body, opts));
  if (host === false) throw new GatewayError({ kind: 'aborted', operation: HOST_OPERATION });
  const { filters } = checkRequest(HOST_OPERATION, LeadCountsRequestSchema, body);
  const provider = checkRequest(HOST_OPERATION, Id, serviceProviderId);
  return askHost(client, HOST_OPERATION, LeadCountsResponseSchema, (signal) => host({ serviceProviderId: provider, filters, signal }), opts.signal);
}
