import * as v from 'valibot';
import { LEAD_STATUSES, type LeadStatus } from '../../domain/lead-status';
import type { LeadFiltersWire } from './schemas';

// The board counts' answer and what a host's `leadCounts` is (the calls: lead-counts.ts). Below
// the gateway client, whose config names the provider type, as lead-counts.ts uses the client.

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** A status the gateway leaves out has no leads; one it adds that the board does not know is ignored. */
export const LeadCountsResponseSchema = v.object({
  statusCounts: v.object(
    Object.fromEntries(LEAD_STATUSES.map((status) => [status, v.optional(Count, 0)])) as Record<LeadStatus, v.OptionalSchema<typeof Count, 0>>,
  ),
  unreadCount: Count,
});
export type LeadCounts = v.InferOutput<typeof LeadCountsResponseSchema>;

/** What a host's `leadCounts` is asked with: the provider, the list call's filters (checked) and a signal that ends the wait. */
export interface LeadCountsContext {
  serviceProviderId: number;
  filters: LeadFiltersWire;
  /** Aborts when leadkit no longer waits: newer filters, the board closed, or the gateway's time limit passed. */
  signal?: AbortSignal;
}

/** A host's provider of the board's counts (`leadCounts` of the gateway config): answers as the counts call does. */
export type LeadCountsProvider = (context: LeadCountsContext) => Promise<LeadCounts>;
