import type * as v from 'valibot';
import { LEAD_STATUSES, type LeadStatus } from '../../../src/domain/lead-status';
import type { LeadListRequestSchema } from '../../../src/gateway/office/schemas';
import { fullName } from './views';
import type { Assignment, StoredLead } from './types';

/**
 * The lead board's server-side query (POST /lead/office/v6/leads/serviceProvider/{id}):
 * filter (the board's filter state), sort, move the featured lead to the top, page.
 */

export type LeadListQuery = v.InferOutput<typeof LeadListRequestSchema>;

export interface BoardRow {
  readonly lead: StoredLead;
  readonly assignment: Assignment;
  readonly hasUnreadMessages: boolean;
}

const STATUS_RANK: Readonly<Record<LeadStatus, number>> = Object.fromEntries(LEAD_STATUSES.map((status, index) => [status, index])) as Record<
  LeadStatus,
  number
>;

const lower = (text: string) => text.trim().toLocaleLowerCase('en-US');

/** Whether a row passes every filter (an empty list or null means "no filter"). */
function matchesFilters(row: BoardRow, filters: LeadListQuery['filters']): boolean {
  const { lead, assignment } = row;
  if (assignment.archived !== filters.archived) return false;
  // displayLead works like archived: true lists the shown leads, false the hidden ones.
  if (assignment.displayed !== filters.displayLead) return false;
  if (filters.hasUnreadMessages === true && !row.hasUnreadMessages) return false;
  if (filters.serviceProviderLeadStatuses?.length && !filters.serviceProviderLeadStatuses.includes(assignment.status)) return false;
  if (filters.sources?.length && !filters.sources.includes(lead.source)) return false;
  if (filters.categoryIds?.length && !filters.categoryIds.includes(lead.categoryId)) return false;
  if (filters.contactInformationIds?.length && !filters.contactInformationIds.includes(lead.contact.contactInformationId)) return false;
  const created = Date.parse(lead.createDate);
  if (filters.dateRange?.startDate && created < Date.parse(filters.dateRange.startDate)) return false;
  if (filters.dateRange?.endDate && created > Date.parse(filters.dateRange.endDate)) return false;
  const name = filters.name ? lower(filters.name) : '';
  if (name && !lower(fullName(lead.contact)).includes(name)) return false;
  if (filters.cityState) {
    if (lower(lead.address.city) !== lower(filters.cityState.city)) return false;
    if (lower(lead.address.state) !== lower(filters.cityState.stateAbbr)) return false;
  }
  if (filters.postalCode?.trim() && lead.address.postalCode !== filters.postalCode.trim()) return false;
  return true;
}

const byDate = (a: BoardRow, b: BoardRow) => Date.parse(a.lead.createDate) - Date.parse(b.lead.createDate) || a.lead.leadId - b.lead.leadId;

/** Sorts; ties (same status) fall back to newest first, then lead id, so pages never overlap. */
function sortRows(rows: readonly BoardRow[], sort: LeadListQuery['sort']): BoardRow[] {
  const sorted = [...rows];
  switch (sort) {
    case 'OldestNewest':
      return sorted.sort(byDate);
    case 'ServiceProviderLeadStatusAsc':
      return sorted.sort((a, b) => STATUS_RANK[a.assignment.status] - STATUS_RANK[b.assignment.status] || byDate(b, a));
    case 'ServiceProviderLeadStatusDesc':
      return sorted.sort((a, b) => STATUS_RANK[b.assignment.status] - STATUS_RANK[a.assignment.status] || byDate(b, a));
    case 'NewestOldest':
    default:
      return sorted.sort((a, b) => byDate(b, a));
  }
}

/**
 * Filter → sort → the featured lead on the first page (when it passes the filters) → offset/limit.
 * Like a real gateway might, it does not put the lead on top (the widget does): the lead
 * keeps its place when that is on the first page, else it is the first page's last row. Every
 * page is computed on the same order, so no lead repeats or goes missing across pages.
 * totalNumber is the filtered count.
 */
export function queryBoard(rows: readonly BoardRow[], query: LeadListQuery): { rows: BoardRow[]; totalNumber: number } {
  const filtered = sortRows(
    rows.filter((row) => matchesFilters(row, query.filters)),
    query.sort,
  );
  if (query.featuredLeadId !== null && query.featuredLeadId !== undefined) {
    const index = filtered.findIndex((row) => row.lead.leadId === query.featuredLeadId);
    const lastOfFirstPage = Math.max(0, query.limit - 1);
    if (index > lastOfFirstPage) filtered.splice(lastOfFirstPage, 0, ...filtered.splice(index, 1));
  }
  return { rows: filtered.slice(query.offset, query.offset + query.limit), totalNumber: filtered.length };
}

/**
 * The board's counts (POST /lead/office/v1/leads/serviceProvider/{id}/counts, leadkit-designed):
 * facet counts over the same filters as the list. A status's count applies every filter but the
 * status filter (what choosing that status alone would list); the unread count applies every
 * filter but the unread toggle (how many leads with unread messages the current filters hold).
 */
export function countBoard(rows: readonly BoardRow[], filters: LeadListQuery['filters']): { statusCounts: Record<LeadStatus, number>; unreadCount: number } {
  const statusCounts = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<LeadStatus, number>;
  const withoutStatus = { ...filters, serviceProviderLeadStatuses: undefined };
  const withoutUnread = { ...filters, hasUnreadMessages: null };
  let unreadCount = 0;
  for (const row of rows) {
    if (matchesFilters(row, withoutStatus)) statusCounts[row.assignment.status]++;
    if (row.hasUnreadMessages && matchesFilters(row, withoutUnread)) unreadCount++;
  }
  return { statusCounts, unreadCount };
}
