// @vitest-environment node
import { describe, expect, it } from 'vitest';
import * as leadCalls from '../gateway/lead/calls';
import * as messageCenterCalls from '../gateway/message-center/calls';
import * as officeCalls from '../gateway/office/calls';
import * as reviewCalls from '../gateway/review/calls';
import { SANDBOX_DRAFT_REVIEW_ID, SANDBOX_LEADS, SANDBOX_MEMBER_POSTAL_ADDRESS_ID, SANDBOX_SERVICE_REQUEST_ID } from './index';
import { setup } from './test-helpers';

/**
 * Every call of src/gateway/*\/calls.ts, made through the real client against the sandbox:
 * the client validates each response with the call's schema, so a call resolving here means
 * the sandbox answered with the contract's shape. The last test fails when a call is added to
 * the gateway without a case here.
 */

type Clients = ReturnType<typeof setup>;
type Case = (clients: Clients) => Promise<void>;

const contact = { email: 'jordan.rivera@example.com', firstName: 'Jordan', lastName: 'Rivera', phoneNumber: '3035550142' };
const L = SANDBOX_LEADS;

const CASES: Record<string, Case> = {
  'lead.getReviewsByServiceProvider': async ({ member }) => {
    const page = await leadCalls.getReviewsByServiceProvider(member, { serviceProviderType: 'AL', serviceProviderId: 1001, limit: 5 });
    expect(page.reviews).toHaveLength(5);
    expect(page.totalCount).toBe(12);
  },
  'lead.getLeadServiceProviders': async ({ member }) => {
    const { serviceProviders } = await leadCalls.getLeadServiceProviders(member, L.newest);
    expect(serviceProviders.map((p) => [p.id, p.serviceProviderType])).toEqual([
      [1001, 'AL'],
      [2003, 'HA'],
    ]);
  },
  'lead.getProviderLeadV1': async ({ provider }) => {
    const page = await leadCalls.getProviderLeadV1(provider, { leadId: L.purchased, serviceProviderId: 1001 });
    expect(page.purchased).toBe(true);
    expect(page.address.firstLine).toEqual(expect.any(String));
    expect(page.user?.email).toContain('@');
  },
  'lead.getProviderLeadV2': async ({ provider }) => {
    const page = await leadCalls.getProviderLeadV2(provider, { leadId: L.purchased, spId: 1001 });
    expect(page.address.lineOne).toEqual(expect.any(String));
    expect(page.customerInfo?.lastName).toEqual(expect.any(String));
  },
  'lead.getServiceProviderDetails': async ({ anonymous }) => {
    // 2001 is Acme's HA listing: withAlId resolves it to the AL business.
    const details = await leadCalls.getServiceProviderDetails(anonymous, { serviceProviderId: 2001, withAlId: true });
    expect(details.serviceProviderId).toBe(1001);
    expect(details.categories.length).toBeGreaterThan(5);
  },
  'lead.getTaxonomyCategory': async ({ anonymous }) => {
    expect(await leadCalls.getTaxonomyCategory(anonymous, 10002)).toEqual({ categoryId: 10002, name: 'Water Heater Installation', parentCategory: { categoryId: 100 } });
    expect((await leadCalls.getTaxonomyCategory(anonymous, -1)).name).toBe('Generic');
  },
  'lead.getCombinedProviderDetails': async ({ member }) => {
    const { serviceProviders } = await leadCalls.getCombinedProviderDetails(member, {
      categoryId: 10002,
      postalCode: '80202',
      alServiceProviderIds: [1001],
      haServiceProviderIds: [2002],
    });
    expect(serviceProviders.map((p) => [p.serviceProvideId, p.serviceProviderType])).toEqual([
      [1001, 'AL'],
      [2002, 'HA'],
    ]);
    expect(serviceProviders[0]?.categories[0]?.categoryId).toBe(10002);
  },
  'lead.getCityAndStateByPostalCode': async ({ anonymous }) => {
    expect(await leadCalls.getCityAndStateByPostalCode(anonymous, '80202')).toEqual({ city: 'Denver', stateAbbreviation: 'CO', postalCode: '80202' });
  },
  'lead.getSuggestions': async ({ member, sandbox }) => {
    const result = await leadCalls.getSuggestions(member, { categoryId: 10002, postalCode: '80202', excludedServiceProviderIds: [1001] });
    expect(result.serviceProviders).toHaveLength(3);
    expect(result.serviceProviders.map((p) => p.id)).not.toContain(1001);
    expect(sandbox.store.serviceRequests.some((r) => r.serviceRequestId === result.serviceRequestId)).toBe(true);
  },
  'lead.getPostalCodeEligibility': async ({ anonymous }) => {
    expect(await leadCalls.getPostalCodeEligibility(anonymous, { serviceProviderId: 1001, postalCode: '80202' })).toEqual({ eligible: true });
    expect(await leadCalls.getPostalCodeEligibility(anonymous, { serviceProviderId: 1001, postalCode: '78701' })).toEqual({ eligible: false });
  },
  'lead.getProviderComparison': async ({ member }) => {
    const { serviceProviders } = await leadCalls.getProviderComparison(member, L.newest);
    expect(serviceProviders.find((p) => p.id === 1001)).toMatchObject({ hired: false, responded: true });
  },
  'lead.createLeadV1': async ({ member, sandbox }) => {
    const { leadId } = await leadCalls.createLeadV1(member, {
      source: 'RequestAQuote',
      title: 'Leaky faucet',
      categoryId: 10006,
      contactInformation: contact,
      assignedServiceProviderIds: [1001],
      address: { postalAddressId: SANDBOX_MEMBER_POSTAL_ADDRESS_ID },
    });
    expect(sandbox.store.lead(leadId)?.address.lineOne).toBe('1600 Larimer St');
  },
  'lead.createLeadV3': async ({ member, sandbox }) => {
    const { leadId } = await leadCalls.createLeadV3(member, {
      source: 'SR_RAQ',
      title: 'Furnace',
      categoryId: 10101,
      contactInformation: contact,
      assignedServiceProviderIds: [1001],
      assignedExternalServiceProviderIds: [2002],
      address: { lineOne: '1 Main St', city: 'Denver', state: 'CO', postalCode: '80203' },
    });
    expect(sandbox.store.lead(leadId)?.haProviderIds).toEqual([2002]);
  },
  'lead.requestLeadReview': async ({ provider }) => {
    const prefill = await leadCalls.requestLeadReview(provider, { serviceProviderId: 1001, leadId: L.closedWon });
    expect(prefill).toMatchObject({ firstName: 'Priya', lastName: 'Patel', emailAddress: 'priya.patel@example.com', isMaskedPhone: false });
  },
  'lead.fetchLead': async ({ member }) => {
    const lead = await leadCalls.fetchLead(member, L.newest);
    expect(lead).toMatchObject({ leadId: L.newest, userId: 5001, postalAddress: { postalCode: '80202', advertisingZone: 12 }, category: { id: 10002 } });
  },
  'lead.assignLeadV1': async ({ member }) => {
    const result = await leadCalls.assignLeadV1(member, L.newest, { serviceProviderIds: [1005] });
    expect(result.assignedServiceProviderIds).toEqual([1001, 1005]);
  },
  'lead.assignLeadV2': async ({ member }) => {
    const result = await leadCalls.assignLeadV2(member, L.newest, { serviceProviderIds: [], haServiceProviderIds: [2002], serviceRequestId: SANDBOX_SERVICE_REQUEST_ID });
    expect(result.assignedHaServiceProviderIds).toEqual([2003, 2002]);
  },
  'lead.getProjects': async ({ member }) => {
    const { projects, pagination } = await leadCalls.getProjects(member, { limit: 1 });
    expect(projects).toHaveLength(1);
    expect(projects[0]?.leadId).toBe(L.newest);
    expect(pagination.totalNumber).toBeGreaterThanOrEqual(1);
  },
  'lead.getTopCategories': async ({ anonymous }) => {
    const { categories } = await leadCalls.getTopCategories(anonymous);
    expect(categories[0]).toEqual({ categoryId: 100, name: 'Plumbing' });
  },
  'lead.autocompleteCategories': async ({ anonymous }) => {
    const { results } = await leadCalls.autocompleteCategories(anonymous, { query: 'water', limit: 2 });
    expect(results.map((r) => r.name)).toEqual(['Water Damage Cleanup', 'Water Heater Installation']);
  },
  'lead.sendHandyLead': async ({ member, sandbox }) => {
    expect(await leadCalls.sendHandyLead(member, L.newest)).toEqual({ sent: true });
    expect(sandbox.store.sentNotifications).toEqual([expect.objectContaining({ kind: 'handy', leadIds: [L.newest] })]);
  },
  'lead.sendOpportunityLeadNotification': async ({ provider }) => {
    expect(await leadCalls.sendOpportunityLeadNotification(provider, [L.newest])).toEqual({ sent: true });
  },
  'lead.addDisplayPreferences': async ({ provider }) => {
    expect(await leadCalls.addDisplayPreferences(provider, 1001, ['HideThimbleForAllLeads'])).toEqual({ displayPreferences: ['HideThimbleForAllLeads'] });
  },
  'lead.getFollowUpDeals': async ({ member }) => {
    const { deals } = await leadCalls.getFollowUpDeals(member, { categoryId: 100, postalCode: '80202' });
    expect(deals.map((d) => d.dealId)).toEqual([9001, 9002, 9007]);
  },
  'lead.getContactsByIds': async ({ member }) => {
    const { contacts } = await leadCalls.getContactsByIds(member, [90001, 90002, 12345]);
    expect(contacts.map((c) => c.contactId)).toEqual([90001, 90002]);
  },
  'lead.createContact': async ({ member }) => {
    const { contactIds } = await leadCalls.createContact(member, {
      postalCode: '80202',
      payloads: [{ contactPlacementType: 44, serviceProviderIds: [1001, 1002] }],
      categoryId: 10002,
      contactType: 10,
      entityId: 'msg-00001',
      entityType: 'message',
    });
    expect(contactIds).toHaveLength(2);
  },
  'lead.fetchOpportunityLeads': async ({ member }) => {
    expect(await leadCalls.fetchOpportunityLeads(member, SANDBOX_SERVICE_REQUEST_ID)).toEqual({ opportunityLeads: [{ leadId: L.newest, serviceProviderId: 2003 }] });
  },
  'lead.sendProSelection': async ({ member, sandbox }) => {
    expect(await leadCalls.sendProSelection(member, { serviceRequestId: SANDBOX_SERVICE_REQUEST_ID, haServiceProviderIds: [2002] })).toEqual({ sent: true });
    expect(sandbox.store.lead(L.newest)?.haProviderIds).toEqual([2003, 2002]);
  },
  'lead.getSeoCityStateByPostalCode': async ({ anonymous }) => {
    expect(await leadCalls.getSeoCityStateByPostalCode(anonymous, '80301')).toEqual({
      city: 'Boulder',
      state: 'Colorado',
      stateAbbreviation: 'CO',
      seoCity: 'boulder',
      seoState: 'co',
    });
  },
  'lead.markHired': async ({ member, sandbox }) => {
    expect(await leadCalls.markHired(member, L.newest, { serviceProviderType: 'AL', serviceProviderId: 1001 })).toEqual({ leadId: L.newest, serviceProviderId: 1001, hired: true });
    expect(sandbox.store.lead(L.newest)?.hiredProviderIds).toEqual([1001]);
  },
  'lead.autocompleteLocation': async ({ provider }) => {
    const { suggestions } = await leadCalls.autocompleteLocation(provider, { serviceProviderId: 1001, query: 'denv', locationType: 'city' });
    expect(suggestions).toEqual([{ city: 'Denver', state: 'CO', postalCode: null, locationName: 'Denver, CO' }]);
  },
  'lead.autocompleteCategoryName': async ({ provider }) => {
    const { suggestions } = await leadCalls.autocompleteCategoryName(provider, { serviceProviderId: 1001, query: 'water heater' });
    expect(suggestions).toEqual([{ categoryId: 10002, categoryName: 'Water Heater Installation' }]);
  },
  'lead.autocompleteMemberName': async ({ provider }) => {
    const { suggestions } = await leadCalls.autocompleteMemberName(provider, { serviceProviderId: 1001, query: 'jordan' });
    expect(suggestions[0]?.memberName).toBe('Jordan Rivera');
    expect(suggestions[0]?.contactInformationIds.length).toBeGreaterThan(0);
  },
  'lead.updateUserPhone': async ({ member, sandbox }) => {
    expect(await leadCalls.updateUserPhone(member, '3035550199')).toEqual({ phoneNumber: '3035550199' });
    expect(sandbox.store.member(5001)?.phoneNumber).toBe('3035550199');
  },
  'office.getServiceProviderInfo': async ({ provider }) => {
    expect(await officeCalls.getServiceProviderInfo(provider, 1001)).toEqual({
      serviceProviders: [{ id: 1001, name: 'Acme Plumbing & Heating', primaryAddress: { postalCode: '80202' }, inboxEnabled: false }],
    });
  },
  'office.getLeads': async ({ provider }) => {
    const page = await officeCalls.getLeads(provider, 1001, {});
    expect(page.leads).toHaveLength(5);
    expect(page.leads[0]?.leadId).toBe(L.newest);
  },
  'office.markLeadRead': async ({ provider }) => {
    expect(await officeCalls.markLeadRead(provider, 1001, { leadId: L.newest, read: true })).toEqual({ leadId: L.newest, read: true });
  },
  'office.updateLeadNote': async ({ provider }) => {
    expect(await officeCalls.updateLeadNote(provider, L.newest, { serviceProviderId: 1001, note: 'Call after 5' })).toEqual({ leadId: L.newest, notes: 'Call after 5' });
  },
  'office.updateLeadStatus': async ({ provider }) => {
    expect(await officeCalls.updateLeadStatus(provider, L.newest, { serviceProviderId: 1001, status: 'Selling' })).toEqual({ leadId: L.newest, status: 'Selling', read: true });
  },
  'office.submitLeadFeedback': async ({ provider }) => {
    const result = await officeCalls.submitLeadFeedback(provider, 1001, { leadId: L.newest, rating: 2, reason: 'LowValueJob' });
    expect(result).toEqual({ leadId: L.newest, feedback: { rating: 2, reason: 'LowValueJob' } });
  },
  'office.archiveLead': async ({ provider }) => {
    expect(await officeCalls.archiveLead(provider, 1001, { leadId: L.newest, archived: true })).toEqual({ leadId: L.newest, isArchived: true });
  },
  'office.getProviderCategories': async ({ provider }) => {
    const { categories } = await officeCalls.getProviderCategories(provider, 1001);
    expect(categories[0]).toMatchObject({ categoryId: 100, categoryName: 'Plumbing', parentCategory: { categoryId: 1 } });
  },
  'office.registerPhoneNumber': async ({ provider }) => {
    const saved = await officeCalls.registerPhoneNumber(provider, { spId: 1001, brand: 'ADS', name: 'Shop', phoneNumber: '3035550999' });
    expect(saved).toMatchObject({ spId: 1001, name: 'Shop', phoneNumber: '3035550999' });
  },
  'office.getRegisteredPhoneNumbers': async ({ provider }) => {
    const { registeredNumbers } = await officeCalls.getRegisteredPhoneNumbers(provider, { spId: 1001 });
    expect(registeredNumbers.map((n) => n.phoneNumber)).toEqual(['3035550100', '7205550111']);
  },
  'office.getDashboardLead': async ({ provider }) => {
    const page = await officeCalls.getDashboardLead(provider, { leadId: L.newest, spId: 1001 });
    expect(page.purchased).toBe(true);
  },
  'messageCenter.sendMessage': async ({ provider, sandbox }) => {
    const { messageId } = await messageCenterCalls.sendMessage(provider, { text: 'On our way', senderEntityId: 1001, receiverEntityId: 5001, leadId: L.newest });
    expect(sandbox.store.messages.find((m) => m.messageId === messageId)).toMatchObject({ text: 'On our way', authorType: 'ServiceProvider' });
  },
  'messageCenter.getLeadPhoneNumbers': async ({ provider }) => {
    const { contactInfo } = await messageCenterCalls.getLeadPhoneNumbers(provider, { serviceProviderId: 1001, leadIds: [L.newest, L.maskedActive, L.notOffered] });
    expect(contactInfo.map((c) => [c.leadId, c.maskedNumber !== null, c.maskedNumberActive])).toEqual([
      [L.newest, false, false],
      [L.maskedActive, true, true],
    ]);
  },
  'messageCenter.getInteractionActivities': async ({ provider }) => {
    const { activities } = await messageCenterCalls.getInteractionActivities(provider, {
      interactorId: 5001,
      interactorType: 'Member',
      activityTypes: ['GenericMessage.v1'],
    });
    expect(activities).toHaveLength(4);
  },
  'messageCenter.markThreadRead': async ({ provider, sandbox }) => {
    expect(await messageCenterCalls.markThreadRead(provider, { serviceProviderId: 1001, userId: 5001, read: true })).toEqual({ serviceProviderId: 1001, userId: 5001, read: true });
    expect(sandbox.store.thread(1001, 5001)?.unreadForProvider).toBe(false);
  },
  'review.getOrCreateDraftReview': async ({ member }) => {
    const draft = await reviewCalls.getOrCreateDraftReview(member, { serviceProviderId: 1001, leadId: L.newest });
    expect(draft.draftReview.draftReviewId).toBe(SANDBOX_DRAFT_REVIEW_ID);
  },
  'review.updateDraftReview': async ({ member }) => {
    const draft = await reviewCalls.updateDraftReview(member, SANDBOX_DRAFT_REVIEW_ID, {
      draftReview: { text: 'Great job' },
      draftRatings: [{ ratingType: 'Overall', value: 4 }],
      categories: [10002, 100],
    });
    expect(draft).toMatchObject({ draftReview: { text: 'Great job' }, draftRatings: [{ ratingType: 'Overall', value: 4 }], categories: [10002, 100] });
  },
  'review.requestReviewByEmail': async ({ provider, sandbox }) => {
    const { draftReviewId } = await reviewCalls.requestReviewByEmail(provider, {
      firstName: 'Priya',
      lastName: 'Patel',
      email: 'priya.patel@example.com',
      phoneNumber: '7205550178',
      reviewRequest: { serviceProviderId: 1001, postalCode: '80210', workCompleted: 'yes', categoryIds: [10102] },
    });
    expect(sandbox.store.reviewRequests).toEqual([expect.objectContaining({ draftReviewId, memberId: 5002, workCompleted: true, categories: [10102] })]);
  },
  'review.getReviewCategories': async ({ provider }) => {
    const { categories } = await reviewCalls.getReviewCategories(provider, [10002]);
    expect(categories.map((c) => c.categoryId)).toEqual([10002, 100]);
  },
};

function exportedCalls(): string[] {
  const modules: Record<string, Record<string, unknown>> = { lead: leadCalls, office: officeCalls, messageCenter: messageCenterCalls, review: reviewCalls };
  return Object.entries(modules).flatMap(([name, module]) =>
    Object.entries(module)
      .filter(([, value]) => typeof value === 'function')
      .map(([call]) => `${name}.${call}`),
  );
}

describe('every gateway call answers with its schema', () => {
  it.each(Object.entries(CASES))('%s', async (_name, run) => {
    const clients = setup();
    await run(clients);
    // Nothing the sandbox answered was an error.
    expect(clients.sandbox.store.requests.filter((r) => (r.status ?? 0) >= 400)).toEqual([]);
  });

  it('has a case for every call in src/gateway/*/calls.ts', () => {
    expect(Object.keys(CASES).sort()).toEqual(exportedCalls().sort());
  });

  it('answers relative URLs and absolute ones with any origin in-process', async () => {
    const { sandbox } = setup();
    const headers = { 'X-Caller-Type': 'Member' };
    for (const url of ['/gateway/lead/v1/topCategories', 'https://gateway.example.com/gateway/lead/v1/topCategories', new URL('http://localhost:1/gateway/lead/v1/topCategories')]) {
      const response = await sandbox.fetch(url, { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
    const request = new Request('http://sandbox.test/gateway/lead/v1/taxonomy/categories/100', { headers });
    expect(await (await sandbox.fetch(request)).json()).toEqual({ categoryId: 100, name: 'Plumbing', parentCategory: { categoryId: 1 } });
  });
});
