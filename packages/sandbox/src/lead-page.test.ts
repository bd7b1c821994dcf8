import { describe, expect, it } from 'vitest';
import { getProviderLeadV1, getProviderLeadV2 } from '../../../src/gateway/lead/provider-lead-calls';
import { getLeads } from '../../../src/gateway/office/calls';
import { LEAD_PURCHASE_WINDOW_MS, SANDBOX_LEADS as L } from './index';
import { failure, NOW, setup } from './test-helpers';

describe('lead page (GET /office/v1|v2/leads/{leadId})', () => {
  it('purchased: v1 has user and firstLine address, v2 customerInfo and lineOne address', async () => {
    const { provider } = setup();
    const v1 = await getProviderLeadV1(provider, { leadId: L.purchased, serviceProviderId: 1001 });
    expect(v1.purchased).toBe(true);
    expect(v1.user).toMatchObject({ firstName: expect.any(String), email: expect.stringContaining('@'), phone: expect.stringMatching(/^\d{10}$/) });
    expect(v1.address).toMatchObject({ firstLine: expect.any(String), city: expect.any(String), postalCode: expect.stringMatching(/^\d{5}$/) });
    expect(v1.address.lineOne).toBeUndefined();
    expect(v1.info.attributes).toHaveLength(3);
    expect(v1.info.category).toEqual({ id: 10003, name: 'Drain Cleaning' });

    const v2 = await getProviderLeadV2(provider, { leadId: L.purchased, spId: 1001 });
    expect(v2.customerInfo).toEqual({ firstName: v1.user?.firstName, lastName: v1.user?.lastName, isSmsEnabled: expect.any(Boolean) });
    expect(v2.address.lineOne).toBe(v1.address.firstLine);
    expect(v2.address.firstLine).toBeUndefined();
  });

  it('unavailable after 24 hours: not purchased, no contact details', async () => {
    const { provider } = setup();
    const page = await getProviderLeadV1(provider, { leadId: L.unavailableExpired, serviceProviderId: 1001 });
    expect(page).toMatchObject({ purchased: false, user: null, address: { firstLine: null, secondLine: null } });
    expect(page.address.city).toEqual(expect.any(String));
    const v2 = await getProviderLeadV2(provider, { leadId: L.unavailableExpired, spId: 1001 });
    expect(v2).toMatchObject({ purchased: false, user: null, customerInfo: { lastName: null } });
  });

  it('unavailable after 3 buyers even within 24 hours', async () => {
    const { provider, sandbox } = setup();
    const page = await getProviderLeadV1(provider, { leadId: L.unavailableSoldOut, serviceProviderId: 1001 });
    expect(page.purchased).toBe(false);
    expect(sandbox.store.lead(L.unavailableSoldOut)?.assignments).toHaveLength(3);
  });

  it('the purchase window — buyers so far and when the lead was sent to this provider (v1 and V2)', async () => {
    const { provider, sandbox } = setup();
    const offerOf = (leadId: number) => sandbox.store.lead(leadId)?.offers.find((offer) => offer.spId === 1001)?.sentAt;
    const soldOut = await getProviderLeadV2(provider, { leadId: L.unavailableSoldOut, spId: 1001 });
    expect(soldOut.purchaseWindow).toEqual({ buyerCount: 3, sentAt: offerOf(L.unavailableSoldOut) });
    const expired = await getProviderLeadV1(provider, { leadId: L.unavailableExpired, serviceProviderId: 1001 });
    expect(expired.purchaseWindow?.sentAt).toBe(offerOf(L.unavailableExpired));
    expect(NOW.getTime() - Date.parse(expired.purchaseWindow?.sentAt ?? '')).toBeGreaterThanOrEqual(LEAD_PURCHASE_WINDOW_MS);
    // Opening an available lead buys it: the window counts the new buyer.
    const before = sandbox.store.lead(L.availableToUnlock)?.assignments.length ?? 0;
    const bought = await getProviderLeadV2(provider, { leadId: L.availableToUnlock, spId: 1001 });
    expect(bought.purchaseWindow).toEqual({ buyerCount: before + 1, sentAt: offerOf(L.availableToUnlock) });
    // A lead the provider holds without a LeadFeed offer (assigned on the board) has no window.
    const assigned = sandbox.store.leads.find((lead) => lead.offers.length === 0 && lead.assignments.some((a) => a.spId === 1001));
    expect(assigned).toBeDefined();
    const held = await getProviderLeadV2(provider, { leadId: assigned?.leadId ?? 0, spId: 1001 });
    expect(held.purchaseWindow ?? null).toBeNull();
  });

  it('an available LeadFeed lead is bought on opening and then shows on the board', async () => {
    const { provider } = setup();
    const before = await getLeads(provider, 1001, { limit: 100 });
    expect(before.leads.map((l) => l.leadId)).not.toContain(L.availableToUnlock);
    const page = await getProviderLeadV2(provider, { leadId: L.availableToUnlock, spId: 1001 });
    expect(page.purchased).toBe(true);
    expect(page.user?.phone).toEqual(expect.any(String));
    const after = await getLeads(provider, 1001, { limit: 100 });
    expect(after.leads.map((l) => l.leadId)).toContain(L.availableToUnlock);
    expect(after.pagination.totalNumber).toBe(before.pagination.totalNumber + 1);
  });

  it('the same lead is no longer available once the 24 hours have passed', async () => {
    const later = new Date(NOW.getTime() + LEAD_PURCHASE_WINDOW_MS);
    let clock = NOW;
    const { provider } = setup({ now: () => clock });
    clock = later;
    const page = await getProviderLeadV1(provider, { leadId: L.availableToUnlock, serviceProviderId: 1001 });
    expect(page.purchased).toBe(false);
  });

  it('403 for a lead never sent to the provider, 404 for an unknown lead', async () => {
    const { provider } = setup();
    expect((await failure(getProviderLeadV1(provider, { leadId: L.notOffered, serviceProviderId: 1001 }))).status).toBe(403);
    expect((await failure(getProviderLeadV2(provider, { leadId: 123456, spId: 1001 }))).status).toBe(404);
  });
});
