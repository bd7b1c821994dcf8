import { describe, expect, it } from 'vitest';
import { LEAD_STATUSES, type LeadStatus } from '../../../src/domain/lead-status';
import { getLeadCounts } from '../../../src/gateway/office/lead-counts';
import { getLeads } from '../../../src/gateway/office/calls';
import type { LeadFiltersWire } from '../../../src/gateway/office/schemas';
import { setup } from './test-helpers';

const SP = 1001;
const COUNTS_PATH = `/gateway/lead/office/v1/leads/serviceProvider/${SP}/counts`;

/** What the list call says for these filters: its total. */
async function listed(provider: ReturnType<typeof setup>['provider'], filters: LeadFiltersWire): Promise<number> {
  return (await getLeads(provider, SP, { filters, limit: 1 })).pagination.totalNumber;
}

describe('lead counts (POST /lead/office/v1/leads/serviceProvider/{id}/counts, leadkit-designed)', () => {
  it('counts each status over every filter but the status filter: each equals the list with that status alone', async () => {
    const { provider } = setup();
    const filters: LeadFiltersWire = { archived: false, displayLead: true, serviceProviderLeadStatuses: ['Selling'] };
    const { statusCounts, unreadCount } = await getLeadCounts(provider, SP, { filters });
    for (const status of LEAD_STATUSES) {
      expect(statusCounts[status], status).toBe(await listed(provider, { ...filters, serviceProviderLeadStatuses: [status] }));
    }
    // The statuses together are the whole active list, the status filter left out.
    expect(LEAD_STATUSES.reduce((sum, status) => sum + statusCounts[status], 0)).toBe(await listed(provider, { archived: false, displayLead: true }));
    // The unread count keeps the status filter: the unread leads among the 'Selling' ones.
    expect(unreadCount).toBe(await listed(provider, { ...filters, hasUnreadMessages: true }));
    // The seed holds leads of several statuses (the test would prove little otherwise).
    expect(LEAD_STATUSES.filter((status) => statusCounts[status] > 0).length).toBeGreaterThan(2);
  });

  it('applies the other filters to the status counts: archived, category, unread', async () => {
    const { provider } = setup();
    const active = await getLeadCounts(provider, SP, { filters: { archived: false } });
    const archived = await getLeadCounts(provider, SP, { filters: { archived: true } });
    const sum = (counts: Record<LeadStatus, number>) => LEAD_STATUSES.reduce((total, status) => total + counts[status], 0);
    expect(sum(active.statusCounts)).toBe(await listed(provider, { archived: false }));
    expect(sum(archived.statusCounts)).toBe(await listed(provider, { archived: true }));
    expect(sum(archived.statusCounts)).toBeGreaterThan(0);
    expect(archived.statusCounts).not.toEqual(active.statusCounts);

    const { leads } = await getLeads(provider, SP, { limit: 1 });
    const categoryId = leads[0]!.category.id;
    const inCategory = await getLeadCounts(provider, SP, { filters: { categoryIds: [categoryId] } });
    for (const status of LEAD_STATUSES) {
      expect(inCategory.statusCounts[status], status).toBe(await listed(provider, { categoryIds: [categoryId], serviceProviderLeadStatuses: [status] }));
    }
    expect(sum(inCategory.statusCounts)).toBeLessThan(sum(active.statusCounts));

    const unreadOnly = await getLeadCounts(provider, SP, { filters: { hasUnreadMessages: true } });
    expect(sum(unreadOnly.statusCounts)).toBe(await listed(provider, { hasUnreadMessages: true }));
    expect(sum(unreadOnly.statusCounts)).toBeLessThan(sum(active.statusCounts));
  });

  it('counts unread over every filter but the unread toggle: the same number with the toggle on or off', async () => {
    const { provider } = setup();
    const off = await getLeadCounts(provider, SP, { filters: {} });
    const on = await getLeadCounts(provider, SP, { filters: { hasUnreadMessages: true } });
    expect(off.unreadCount).toBe(on.unreadCount);
    expect(off.unreadCount).toBe(await listed(provider, { hasUnreadMessages: true }));
    expect(off.unreadCount).toBeGreaterThan(0);
    const archived = await getLeadCounts(provider, SP, { filters: { archived: true } });
    expect(archived.unreadCount).toBe(await listed(provider, { archived: true, hasUnreadMessages: true }));
  });

  it('follows the store: a status change moves a lead from one count to the other', async () => {
    const { provider, sandbox } = setup();
    const before = await getLeadCounts(provider, SP, {});
    const row = sandbox.store.providerLeads(SP).find(({ assignment }) => !assignment.archived && assignment.displayed && assignment.status === 'Initial')!;
    row.assignment.status = 'ClosedWon';
    const after = await getLeadCounts(provider, SP, {});
    expect(after.statusCounts.Initial).toBe(before.statusCounts.Initial - 1);
    expect(after.statusCounts.ClosedWon).toBe(before.statusCounts.ClosedWon + 1);
  });

  it("answers a provider's own counts only, and 400 for a malformed body", async () => {
    const { sandbox } = setup();
    // Another provider's caller id (leadkit's client never sends one: a call's caller id is the provider it names).
    const otherCaller = await sandbox.fetch(
      new Request(`http://sandbox.test/gateway/lead/office/v1/leads/serviceProvider/1002/counts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-caller-type': 'ServiceProvider', 'x-caller-id': String(SP) },
        body: JSON.stringify({ filters: {} }),
      }),
    );
    expect(otherCaller.status).toBe(403);
    const answer = await sandbox.fetch(
      new Request(`http://sandbox.test${COUNTS_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-caller-type': 'ServiceProvider', 'x-caller-id': String(SP) },
        body: JSON.stringify({ filters: { archived: 'yes' } }),
      }),
    );
    expect(answer.status).toBe(400);
  });
});
