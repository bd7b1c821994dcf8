import { initialBoardQuery, type BoardQuery } from '../../domain/filters';
import { LEAD_SOURCES } from '../../domain/lead-source';
import type { GatewayClient } from '../../gateway/core/client';
import { getLeads, getServiceProviderInfo } from '../../gateway/office/calls';
import type { Lead, LeadListRequest } from '../../gateway/office/schemas';

/** The board's query when it opens, from its inputs (new-messages, page size). */
export function openingQuery(inputs: { readonly newMessages: boolean; readonly pageSize: number | null }): BoardQuery {
  return initialBoardQuery({ newMessages: inputs.newMessages, limit: inputs.pageSize ?? undefined });
}

/**
 * The board's defaults for its inputs: the query it opens with, less the unread filter that
 * `new-messages` starts it with (a filter the pro can clear like any other) — default filters and
 * sort, the first page, the host's page size (10 without one). 'Clear All Filters' returns here.
 */
export function defaultQuery(inputs: { readonly pageSize: number | null }): BoardQuery {
  return openingQuery({ newMessages: false, pageSize: inputs.pageSize });
}

/**
 * The board's first calls for a provider, with no featured lead, new-messages or page size:
 * provider info and the first page. The CDN loader sends them before the board's code has
 * arrived (its `firstCalls` in lead-board.server.ts, made into recipes at build time); the
 * board's atoms make the same calls with the same builders and take those answers.
 */
export function boardFirstCalls(client: GatewayClient, spId: number): Promise<unknown>[] {
  return [getServiceProviderInfo(client, spId), getLeads(client, spId, toLeadListRequest(openingQuery({ newMessages: false, pageSize: null }), null, ''))];
}

/**
 * The leads call's body for a board state (offset, sort, limit, businessName,
 * featuredLeadId, filters). Empty filters are left out rather than sent as empty values;
 * `hasUnreadMessages` is sent only when on (true), never as "read only". `sources` is
 * always the six lead sources: the board shows leads of every source and has no source
 * filter, so it names them all rather than leave the gateway to guess a default.
 */
export function toLeadListRequest(query: BoardQuery, featuredLeadId: number | null, businessName: string): LeadListRequest {
  const { filters } = query;
  const wire: NonNullable<LeadListRequest['filters']> = { archived: filters.archived, displayLead: filters.displayLead, sources: [...LEAD_SOURCES] };
  if (filters.hasUnreadMessages) wire.hasUnreadMessages = true;
  if (filters.serviceProviderLeadStatuses.length) wire.serviceProviderLeadStatuses = [...filters.serviceProviderLeadStatuses];
  if (filters.dateRange.startDate || filters.dateRange.endDate) wire.dateRange = { ...filters.dateRange };
  if (filters.categoryIds.length) wire.categoryIds = [...filters.categoryIds];
  if (filters.name) wire.name = filters.name;
  if (filters.contactInformationIds.length) wire.contactInformationIds = [...filters.contactInformationIds];
  if (filters.cityState) wire.cityState = { ...filters.cityState };
  if (filters.postalCode) wire.postalCode = filters.postalCode;
  const request: LeadListRequest = { offset: query.offset, sort: query.sort, limit: query.limit, filters: wire };
  if (businessName) request.businessName = businessName;
  if (featuredLeadId !== null) request.featuredLeadId = featuredLeadId;
  return request;
}

/** A stable key of what a request asks for: the same key is never fetched twice in a row. */
export function requestKey(spId: number, request: LeadListRequest): string {
  const { businessName: _ignored, ...rest } = request;
  return JSON.stringify([spId, rest]);
}

/** The featured lead first, the rest in the order the gateway gave. */
export function withFeaturedFirst(leads: readonly Lead[], featuredLeadId: number | null): Lead[] {
  if (featuredLeadId === null) return [...leads];
  const index = leads.findIndex((lead) => lead.leadId === featuredLeadId);
  if (index <= 0) return [...leads];
  const featured = leads[index] as Lead;
  return [featured, ...leads.slice(0, index), ...leads.slice(index + 1)];
}
