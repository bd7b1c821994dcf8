import { endOfDay, startOfDay, subDays } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { LEAD_STATUSES } from '../../../src/domain/lead-status';
import { addDisplayPreferences, autocompleteMemberName } from '../../../src/gateway/lead/calls';
import { archiveLead, getLeads, markLeadRead, updateLeadNote, updateLeadStatus } from '../../../src/gateway/office/calls';
import { getRegisteredPhoneNumbers, registerPhoneNumber } from '../../../src/gateway/office/registered-numbers';
import { submitLeadFeedback } from '../../../src/gateway/office/feedback';
import type { Lead, LeadListRequest } from '../../../src/gateway/office/schemas';
import { MAIN_PROVIDER_LEAD_COUNT, SANDBOX_LEADS as L } from './index';
import { failure, NOW, setup } from './test-helpers';

const SP = 1001;

async function allPages(client: ReturnType<typeof setup>['provider'], request: LeadListRequest, limit: number): Promise<{ leads: Lead[]; total: number }> {
  const leads: Lead[] = [];
  let total = Infinity;
  for (let offset = 0; offset < total; offset += limit) {
    const page = await getLeads(client, SP, { ...request, offset, limit });
    total = page.pagination.totalNumber;
    leads.push(...page.leads);
  }
  return { leads, total };
}

describe('lead board: filters, sort, paging (POST /lead/office/v6/leads/serviceProvider/{id})', () => {
  it('defaults to 5 newest, not archived, displayed leads; totalNumber is the filtered count', async () => {
    const { provider, sandbox } = setup();
    const page = await getLeads(provider, SP, {});
    const expected = sandbox.store.providerLeads(SP).filter(({ assignment }) => !assignment.archived && assignment.displayed);
    expect(page.leads).toHaveLength(5);
    expect(page.pagination.totalNumber).toBe(expected.length);
    expect(expected.length).toBeLessThan(MAIN_PROVIDER_LEAD_COUNT);
    const dates = page.leads.map((lead) => Date.parse(lead.createDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(page.leads.every((lead) => !lead.isArchived)).toBe(true);
    expect(page.leads[0]?.leadId).toBe(L.newest);
  });

  it('pages cover every lead exactly once, in the same order as one big page', async () => {
    const { provider } = setup();
    const { leads, total } = await allPages(provider, { sort: 'OldestNewest' }, 7);
    const big = await getLeads(provider, SP, { sort: 'OldestNewest', limit: 100 });
    expect(leads.map((l) => l.leadId)).toEqual(big.leads.map((l) => l.leadId));
    expect(new Set(leads.map((l) => l.leadId)).size).toBe(total);
    const past = await getLeads(provider, SP, { offset: total + 10 });
    expect(past.leads).toEqual([]);
    expect(past.pagination.totalNumber).toBe(total);
  });

  it('archived: true lists only archived leads', async () => {
    const { provider } = setup();
    const { leads } = await getLeads(provider, SP, { filters: { archived: true }, limit: 100 });
    expect(leads.length).toBeGreaterThan(0);
    expect(leads.every((l) => l.isArchived)).toBe(true);
    expect(leads.map((l) => l.leadId)).toContain(L.archived);
  });

  it('filters by statuses and sources', async () => {
    const { provider, sandbox } = setup();
    const statuses = ['ClosedWon', 'Selling'] as const;
    const byStatus = await getLeads(provider, SP, { filters: { serviceProviderLeadStatuses: [...statuses] }, limit: 100 });
    const expected = sandbox.store
      .providerLeads(SP)
      .filter((r) => !r.assignment.archived && r.assignment.displayed && statuses.includes(r.assignment.status as never));
    expect(byStatus.leads.map((l) => l.leadId).sort()).toEqual(expected.map((r) => r.lead.leadId).sort());
    expect(new Set(byStatus.leads.map((l) => l.status))).toEqual(new Set(statuses));

    const bySource = await getLeads(provider, SP, { filters: { sources: ['Redemption'] }, limit: 100 });
    expect(bySource.leads.length).toBeGreaterThan(0);
    expect(bySource.leads.every((l) => l.source === 'Redemption' && l.dealInfo)).toBe(true);
  });

  it('filters by date range (today, last 7 days)', async () => {
    const { provider } = setup();
    const today = { startDate: startOfDay(NOW).toISOString(), endDate: endOfDay(NOW).toISOString() };
    const todays = await getLeads(provider, SP, { filters: { dateRange: today }, limit: 100 });
    expect(todays.leads.map((l) => l.leadId)).toContain(L.newest);
    expect(todays.leads.every((l) => l.createDate >= today.startDate && l.createDate <= today.endDate)).toBe(true);

    const week = { startDate: startOfDay(subDays(NOW, 6)).toISOString(), endDate: endOfDay(NOW).toISOString() };
    const lastWeek = await getLeads(provider, SP, { filters: { dateRange: week }, limit: 100 });
    expect(lastWeek.pagination.totalNumber).toBeGreaterThan(todays.pagination.totalNumber);
    expect(lastWeek.leads.map((l) => l.leadId)).not.toContain(L.featuredCandidate);

    const openStart = await getLeads(provider, SP, { filters: { dateRange: { startDate: null, endDate: subDays(NOW, 40).toISOString() } }, limit: 100 });
    expect(openStart.leads.every((l) => Date.parse(l.createDate) <= subDays(NOW, 40).getTime())).toBe(true);
    expect(openStart.leads.map((l) => l.leadId)).toContain(L.featuredCandidate);
  });

  it('filters by categories, customer name (case-insensitive contains) and contact ids', async () => {
    const { provider } = setup();
    const byCategory = await getLeads(provider, SP, { filters: { categoryIds: [10002] }, limit: 100 });
    expect(byCategory.leads.length).toBeGreaterThan(1);
    expect(byCategory.leads.every((l) => l.category.id === 10002)).toBe(true);

    const byName = await getLeads(provider, SP, { filters: { name: 'dAn RiV' }, limit: 100 });
    expect(byName.leads.map((l) => l.leadId)).toEqual([L.newest]);
    const unnamed = await getLeads(provider, SP, { filters: { name: 'Member' }, limit: 100 });
    expect(unnamed.pagination.totalNumber).toBe(0);

    const { suggestions } = await autocompleteMemberName(provider, { serviceProviderId: SP, query: 'Jordan Rivera' });
    const member = suggestions[0]!;
    const byMember = await getLeads(provider, SP, { filters: { name: member.memberName, contactInformationIds: member.contactInformationIds }, limit: 100 });
    expect(byMember.leads.map((l) => l.leadId)).toEqual([L.newest]);
    const otherIds = await getLeads(provider, SP, { filters: { contactInformationIds: [1] }, limit: 100 });
    expect(otherIds.pagination.totalNumber).toBe(0);
  });

  it('filters by unread messages, hidden leads, city/state and postal code', async () => {
    const { provider } = setup();
    const unread = await getLeads(provider, SP, { filters: { hasUnreadMessages: true }, limit: 100 });
    expect(unread.leads.length).toBeGreaterThan(1);
    expect(unread.leads.every((l) => l.hasUnreadMessages)).toBe(true);
    const all = await getLeads(provider, SP, { filters: { hasUnreadMessages: null }, limit: 100 });
    expect(all.pagination.totalNumber).toBeGreaterThan(unread.pagination.totalNumber);

    const hidden = await getLeads(provider, SP, { filters: { displayLead: false }, limit: 100 });
    expect(hidden.leads.map((l) => l.leadId)).toContain(L.hidden);
    expect(all.leads.map((l) => l.leadId)).not.toContain(L.hidden);

    const denver = await getLeads(provider, SP, { filters: { cityState: { city: 'denver', stateAbbr: 'co' } }, limit: 100 });
    expect(denver.leads.length).toBeGreaterThan(0);
    expect(denver.leads.every((l) => l.customerInfo.city === 'Denver' && l.customerInfo.state === 'CO')).toBe(true);
    const zip = await getLeads(provider, SP, { filters: { postalCode: '80202' }, limit: 100 });
    expect(zip.leads.map((l) => l.leadId)).toContain(L.newest);
    expect(zip.leads.every((l) => l.customerInfo.postalCode === '80202')).toBe(true);
  });

  it('sorts oldest first and by status in the spec order (asc and desc)', async () => {
    const { provider } = setup();
    const oldest = await getLeads(provider, SP, { sort: 'OldestNewest', limit: 100 });
    const dates = oldest.leads.map((l) => Date.parse(l.createDate));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));

    const rank = (l: Lead) => LEAD_STATUSES.indexOf(l.status);
    const asc = await getLeads(provider, SP, { sort: 'ServiceProviderLeadStatusAsc', limit: 100 });
    expect(asc.leads.map(rank)).toEqual([...asc.leads.map(rank)].sort((a, b) => a - b));
    expect(asc.leads[0]?.status).toBe('Initial');
    const desc = await getLeads(provider, SP, { sort: 'ServiceProviderLeadStatusDesc', limit: 100 });
    expect(desc.leads.map(rank)).toEqual([...desc.leads.map(rank)].sort((a, b) => b - a));
    expect(desc.leads[0]?.status).toBe('ClosedDidntWin');
  });

  it('brings the featured lead onto the first page, once, when it matches the filters — not to its top (the widget does that)', async () => {
    const { provider } = setup();
    const plain = await allPages(provider, {}, 5);
    expect(plain.leads.slice(0, 5).map((l) => l.leadId)).not.toContain(L.featuredCandidate);

    const featured = await allPages(provider, { featuredLeadId: L.featuredCandidate }, 5);
    // The first page's last row; the rows before it in their natural order.
    expect(featured.leads[4]?.leadId).toBe(L.featuredCandidate);
    expect(featured.leads.slice(0, 4).map((l) => l.leadId)).toEqual(plain.leads.slice(0, 4).map((l) => l.leadId));
    // A featured lead already on the first page stays where it is.
    const onFirstPage = plain.leads[2]!.leadId;
    const inPlace = await getLeads(provider, SP, { featuredLeadId: onFirstPage, limit: 5 });
    expect(inPlace.leads.map((l) => l.leadId)).toEqual(plain.leads.slice(0, 5).map((l) => l.leadId));
    expect(featured.total).toBe(plain.total);
    expect(featured.leads.filter((l) => l.leadId === L.featuredCandidate)).toHaveLength(1);
    expect(new Set(featured.leads.map((l) => l.leadId))).toEqual(new Set(plain.leads.map((l) => l.leadId)));

    // An archived lead does not match archived=false: it is not pulled onto the board.
    const notMatching = await getLeads(provider, SP, { featuredLeadId: L.archived });
    expect(notMatching.leads.map((l) => l.leadId)).not.toContain(L.archived);
  });

  it('rejects bad list requests with a 400 naming the field', async () => {
    const { sandbox } = setup();
    const post = (body: unknown) =>
      sandbox.fetch(`/gateway/lead/office/v6/leads/serviceProvider/${SP}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Caller-Type': 'ServiceProvider', 'X-Caller-Id': String(SP) },
        body: JSON.stringify(body),
      });
    for (const [body, field] of [
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ sort: 'Random' }, 'sort'],
      [{ filters: { serviceProviderLeadStatuses: ['Lost'] } }, 'filters.serviceProviderLeadStatuses.0'],
      [{ filters: { dateRange: { startDate: 'yesterday' } } }, 'filters.dateRange.startDate'],
    ] as const) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { fields: string[] }).fields).toEqual([field]);
    }
  });
});

describe('lead board: lead actions', () => {
  const findLead = async (client: ReturnType<typeof setup>['provider'], leadId: number, archived = false) =>
    (await getLeads(client, SP, { filters: { archived }, limit: 100 })).leads.find((l) => l.leadId === leadId);

  it('marks read and unread', async () => {
    const { provider } = setup();
    expect((await findLead(provider, L.newest))?.read).toBe(false);
    await markLeadRead(provider, SP, { leadId: L.newest, read: true });
    expect((await findLead(provider, L.newest))?.read).toBe(true);
    await markLeadRead(provider, SP, { leadId: L.newest, read: false });
    expect((await findLead(provider, L.newest))?.read).toBe(false);
  });

  it('changing the status also marks the lead read', async () => {
    const { provider } = setup();
    await updateLeadStatus(provider, L.newest, { serviceProviderId: SP, status: 'ClosedWon' });
    expect(await findLead(provider, L.newest)).toMatchObject({ status: 'ClosedWon', read: true });
  });

  it('a note replaces the notes; up to 2048 characters (code points), else 400', async () => {
    const { provider, sandbox } = setup();
    await updateLeadNote(provider, L.withNotesAndFeedback, { serviceProviderId: SP, note: 'New note' });
    expect((await findLead(provider, L.withNotesAndFeedback))?.notes).toBe('New note');

    const emoji = '😀'.repeat(2048); // 4096 UTF-16 units, 2048 code points: allowed.
    await updateLeadNote(provider, L.newest, { serviceProviderId: SP, note: emoji });
    expect((await findLead(provider, L.newest))?.notes).toBe(emoji);

    const response = await sandbox.fetch(`/gateway/lead/office/v2/leads/${L.newest}/note`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Caller-Type': 'ServiceProvider', 'X-Caller-Id': String(SP) },
      body: JSON.stringify({ serviceProviderId: SP, note: 'x'.repeat(2049) }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; fields: string[] };
    expect(body.fields).toEqual(['note']);
    expect(body.message).toContain('2048');
    expect(body.message).not.toContain('xxxx');
    expect((await findLead(provider, L.newest))?.notes).toBe(emoji);
  });

  it('archives and restores: an archived lead leaves the board', async () => {
    const { provider } = setup();
    const before = await getLeads(provider, SP, {});
    await archiveLead(provider, SP, { leadId: L.newest, archived: true });
    const after = await getLeads(provider, SP, {});
    expect(after.pagination.totalNumber).toBe(before.pagination.totalNumber - 1);
    expect(await findLead(provider, L.newest)).toBeUndefined();
    expect(await findLead(provider, L.newest, true)).toMatchObject({ isArchived: true });
    await archiveLead(provider, SP, { leadId: L.newest, archived: false });
    expect(await findLead(provider, L.newest)).toMatchObject({ isArchived: false });
  });

  it('stores feedback rating and reason on the lead', async () => {
    const { provider, sandbox } = setup();
    await submitLeadFeedback(provider, SP, { leadId: L.newest, rating: 1, reason: 'PotentialSpam', notes: '' });
    expect((await findLead(provider, L.newest))?.feedback).toEqual({ rating: 1, reason: 'PotentialSpam' });
    const reasonless = await sandbox.fetch(`/gateway/lead/office/v1/leads/serviceprovider/${SP}/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Caller-Type': 'ServiceProvider', 'X-Caller-Id': String(SP) },
      body: JSON.stringify({ leadId: L.newest, rating: 6, reason: 'Meh' }),
    });
    expect(reasonless.status).toBe(400);
    expect(((await reasonless.json()) as { fields: string[] }).fields).toEqual(['rating', 'reason']);
  });

  it('scopes every action by provider: another provider’s lead is a 404, a caller acting for another provider a 403', async () => {
    const { provider, providerAs } = setup();
    expect((await failure(markLeadRead(provider, SP, { leadId: L.notOffered, read: true }))).status).toBe(404);
    expect((await failure(updateLeadNote(provider, L.notOffered, { serviceProviderId: SP, note: 'x' }))).status).toBe(404);
    // 1002's lead is not on 1001's board, and 1002 sees its own.
    expect((await getLeads(providerAs(1002), 1002, { limit: 100 })).leads.map((l) => l.leadId)).toContain(L.notOffered);
    // The caller id must be the provider acted for (the client always sends it so; a raw call may not).
    const { sandbox } = setup();
    for (const headers of [
      { 'X-Caller-Type': 'ServiceProvider', 'X-Caller-Id': '1002' },
      { 'X-Caller-Type': 'Member', 'X-Caller-Id': String(SP) },
      { 'X-Caller-Type': 'ServiceProvider' },
    ] as Record<string, string>[]) {
      const response = await sandbox.fetch(`/gateway/lead/office/v6/leads/serviceProvider/${SP}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{}',
      });
      expect(response.status).toBe(403);
    }
  });

  it('hides insurance links once the provider chose HideThimbleForAllLeads', async () => {
    const { provider } = setup();
    expect((await findLead(provider, L.newest))?.thimbleUrl).toEqual(expect.stringContaining('https://'));
    await addDisplayPreferences(provider, SP, ['HideThimbleForAllLeads']);
    const { leads } = await getLeads(provider, SP, { limit: 100 });
    expect(leads.every((l) => l.thimbleUrl === null)).toBe(true);
  });

  it('gives masked phones with their active flag, and no phone when the customer gave none', async () => {
    const { provider } = setup();
    const leads = (await getLeads(provider, SP, { limit: 100 })).leads;
    const byId = (id: number) => leads.find((l) => l.leadId === id)!.customerInfo;
    expect(byId(L.maskedActive)).toMatchObject({ isMaskedPhone: true, isMaskedPhoneActive: true });
    expect(byId(L.maskedExpired)).toMatchObject({ isMaskedPhone: true, isMaskedPhoneActive: false });
    expect(byId(L.newest)).toMatchObject({ isMaskedPhone: false, phoneNumber: '3035550142', phoneUrl: 'tel:+13035550142' });
    expect(byId(L.noPhone)).toMatchObject({ phoneNumber: null, isMaskedPhone: false, phoneUrl: null });
    expect(byId(L.noName)).toMatchObject({ firstName: null, lastName: null });
  });
});

describe('connected numbers', () => {
  it('409 with the spec text on a duplicate number for the same provider; other providers may use it', async () => {
    const { provider, providerAs } = setup();
    const error = await failure(registerPhoneNumber(provider, { spId: SP, brand: 'ADS', name: 'Again', phoneNumber: '3035550100' }));
    expect(error.status).toBe(409);
    expect(error.body).toEqual({ message: 'This number has already been connected.' });

    await registerPhoneNumber(providerAs(1002), { spId: 1002, brand: 'ADS', name: 'Office', phoneNumber: '3035550100' });
    await registerPhoneNumber(provider, { spId: SP, brand: 'ADS', name: 'Van', phoneNumber: '3035550888' });
    const again = await failure(registerPhoneNumber(provider, { spId: SP, brand: 'ADS', name: 'Van 2', phoneNumber: '3035550888' }));
    expect(again.status).toBe(409);
    const { registeredNumbers } = await getRegisteredPhoneNumbers(provider, { spId: SP });
    expect(registeredNumbers.map((n) => n.phoneNumber)).toEqual(['3035550100', '7205550111', '3035550888']);
  });

  it('400 naming the fields of a bad number (no value echoed)', async () => {
    const { sandbox } = setup();
    const response = await sandbox.fetch('/gateway/service-provider-management/v1/all-call-tracker/pro-registered-phone-number', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Caller-Type': 'ServiceProvider', 'X-Caller-Id': String(SP) },
      body: JSON.stringify({ spId: SP, brand: 'ADS', name: '   ', phoneNumber: '555-867-5309' }),
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text).fields).toEqual(['name', 'phoneNumber']);
    expect(text).not.toContain('867');
  });
});
