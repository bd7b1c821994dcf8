import { describe, expect, it } from 'vitest';
import { LEADKIT_VERSION } from '../../../src/gateway/core/headers';
import { WRITE_REPLAY } from '../../../src/gateway/core/write-replay';
import * as leadCalls from '../../../src/gateway/lead/calls';
import * as contactCalls from '../../../src/gateway/lead/contact-calls';
import * as funnelCalls from '../../../src/gateway/lead/funnel/calls';
import * as oneTimeTokenCalls from '../../../src/gateway/lead/funnel/one-time-token-calls';
import * as providerLeadCalls from '../../../src/gateway/lead/provider-lead-calls';
import * as categoriesCalls from '../../../src/gateway/office/categories';
import * as feedbackCalls from '../../../src/gateway/office/feedback';
import * as registeredNumbersCalls from '../../../src/gateway/office/registered-numbers';
import {
  getReviewsByServiceProvider,
  getLeadServiceProviders,
  getServiceProviderDetails,
  getTaxonomyCategory,
  getCombinedProviderDetails,
  getCityAndStateByPostalCode,
  getSuggestions,
  getPostalCodeEligibility,
  getProviderComparison,
  createLeadV1,
  createLeadV3,
  fetchLead,
  assignLeadV1,
  assignLeadV2,
  getProjects,
  getTopCategories,
  autocompleteCategories,
  sendHandyLead,
  getFollowUpDeals,
  sendProSelection,
  markHired,
  updateUserPhone,
} from '../../../src/gateway/lead/funnel/calls';
import { getProviderLeadV1, getProviderLeadV2 } from '../../../src/gateway/lead/provider-lead-calls';
import { getContactsByIds, createContact } from '../../../src/gateway/lead/contact-calls';
import { issueOneTimeToken, renewOneTimeToken, expireOneTimeToken } from '../../../src/gateway/lead/funnel/one-time-token-calls';
import * as messageCenterCalls from '../../../src/gateway/message-center/calls';
import { getChatSession } from '../../../src/gateway/message-center/chat-session';
import * as officeCalls from '../../../src/gateway/office/calls';
import { getLeadCounts } from '../../../src/gateway/office/lead-counts';
import { submitLeadFeedback } from '../../../src/gateway/office/feedback';
import { getProviderCategories } from '../../../src/gateway/office/categories';
import { registerPhoneNumber, getRegisteredPhoneNumbers } from '../../../src/gateway/office/registered-numbers';
import * as reviewCalls from '../../../src/gateway/review/calls';
import type { RecordedRequest } from './index';
import {
  MAIN_PROVIDER_ID,
  SANDBOX_DRAFT_REVIEW_ID,
  SANDBOX_LEADS,
  SANDBOX_MEMBER_ID,
  SANDBOX_MEMBER_POSTAL_ADDRESS_ID,
  SANDBOX_MEMBER_TOKEN,
  SANDBOX_SERVICE_REQUEST_ID,
} from './index';
import { NOW, received, sent, setup } from './test-helpers';

/**
 * Every call of src/gateway/*\/calls.ts, made through the real client against the sandbox.
 * Each case checks, for what the server received, the method, the exact path, the query and
 * the body (`sent`, an exact `toEqual`), and the parsed response (the client also validates
 * each response with the call's schema). The `it.each` wrapper checks the headers of every
 * request a case made, from the case's `as`/`oneTime`/`idempotent`. The "has a case" test
 * fails when a call is added to the gateway without a case here.
 *
 * Header names are spelled out here (lower case, as recorded) on purpose: they are the
 * contract with the gateway, so renaming one in src/gateway/core/client.ts must fail this test.
 */

type Clients = ReturnType<typeof setup>;
type Run = (clients: Clients) => Promise<void>;

/**
 * Who makes the call and the headers that follow from it:
 * - provider: `x-caller-type: ServiceProvider`, `x-caller-id` = the provider id, never `authorization`;
 * - member (one-time token client): `x-caller-type: Member`, no caller id, and
 *   `authorization: OneTime <token>` exactly when `oneTime` (the call uses the token);
 * - anonymous: `x-caller-type: Member`, no caller id, no `authorization`.
 * `idempotent`: the call carries an `idempotency-key`: exactly the writes the write-replay table
 * keys (src/gateway/core/write-replay.ts; checked below).
 */
type Case = { as: 'provider'; idempotent?: true; run: Run } | { as: 'member'; oneTime: boolean; idempotent?: true; run: Run } | { as: 'anonymous'; run: Run };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** Headers the gateway contract is about: every `x-…` one, authorization and the idempotency key. */
const isContractHeader = (name: string) => name.startsWith('x-') || name === 'authorization' || name === 'idempotency-key';

/** Headers a request of this case must carry, and nothing else among the contract headers. */
function expectedHeaders(c: Case): Record<string, unknown> {
  const headers: Record<string, unknown> = {
    'x-proxy-version': '1',
    'x-request-id': expect.stringMatching(UUID),
    'x-source-application': 'leadkit',
    'x-application-version': LEADKIT_VERSION,
    'x-caller-type': c.as === 'provider' ? 'ServiceProvider' : 'Member',
  };
  if (c.as === 'provider') headers['x-caller-id'] = String(MAIN_PROVIDER_ID);
  if (c.as === 'member' && c.oneTime) headers.authorization = `OneTime ${SANDBOX_MEMBER_TOKEN}`;
  if (c.as !== 'anonymous' && c.idempotent) headers['idempotency-key'] = expect.stringMatching(UUID);
  return headers;
}

function contractHeaders(request: RecordedRequest): Record<string, string> {
  return Object.fromEntries(Object.entries(request.headers).filter(([name]) => isContractHeader(name)));
}

const contact = { email: 'jordan.rivera@example.com', firstName: 'Jordan', lastName: 'Rivera', phoneNumber: '3035550142' };
const L = SANDBOX_LEADS;
const LEAD = '/gateway/lead';
const MC = '/gateway/message-center';
const REVIEW = '/gateway/review/api';
const REGISTERED_NUMBER = '/gateway/service-provider-management/v1/all-call-tracker/pro-registered-phone-number';

const CASES: Record<string, Case> = {
  'lead.getReviewsByServiceProvider': {
    as: 'member',
    oneTime: true,
    run: async ({ member, sandbox }) => {
      const page = await getReviewsByServiceProvider(member, { serviceProviderType: 'AL', serviceProviderId: 1001, limit: 5 });
      expect(sent(sandbox)).toEqual({
        method: 'POST',
        path: `${LEAD}/v1/reviews/getByServiceProviderId`,
        body: { serviceProviderType: 'AL', serviceProviderId: 1001, limit: 5, offset: 0, reviewType: 'All' },
      });
      expect(page.reviews).toHaveLength(5);
      expect(page.totalCount).toBe(12);
    },
  },
  'lead.getLeadServiceProviders': {
    as: 'member',
    oneTime: true,
    run: async ({ member, sandbox }) => {
      const { serviceProviders } = await getLeadServiceProviders(member, L.newest);
      expect(sent(sandbox)).toEqual({ method: 'GET', path: `${LEAD}/v1/lead/${L.newest}/serviceprovider` });
      expect(serviceProviders.map((p) => [p.id, p.serviceProviderType])).toEqual([
        [1001, 'AL'],
        [2003, 'HA'],
      ]);
    },
  },
  'lead.getProviderLeadV1': {
    as: 'provider',
    run: async ({ provider, sandbox }) => {
      const page = await getProviderLeadV1(provider, { leadId: L.purchased, serviceProviderId: 1001 });
      expect(sent(sandbox)).toEqual({ method: 'GET', path: `${LEAD}/office/v1/leads/${L.purchased}`, query: { serviceProviderId: '1001' } });
      expect(page.purchased).toBe(true);
      expect(page.address.firstLine).toEqual(expect.any(String));
      expect(page.user?.email).toContain('@');
    },
  },
  'lead.getProviderLeadV2': {
    as: 'provider',
    run: async ({ provider, sandbox }) => {
      const page = await getProviderLeadV2(provider, { leadId: L.purchased, spId: 1001 });
      expect(sent(sandbox)).toEqual({ method: 'GET', path: `${LEAD}/office/v2/leads/${L.purchased}`, query: { spId: '1001' } });
      // The spec's words: "query spId; caller id header".
      expect(received(sandbox).headers['x-caller-id']).toBe('1001');
      expect(page.address.lineOne).toEqual(expect.any(String));
      expect(page.customerInfo?.lastName).toEqual(expect.any(String));
    },
  },
  'lead.getServiceProviderDetails': {
    as: 'anonymous',
    run: async ({ anonymous, sandbox }) => {
      // 2001 is Acme's HA listing: withAlId resolves it to the AL business.
      const details = await getServiceProviderDetails(anonymous, { serviceProviderId: 2001, withAlId: true });
      expect(sent(sandbox)).toEqual({ method: 'GET', path: `${LEAD}/v1/serviceprovider/2001/details`, query: { withAlId: 'true' } });
      expect(details.serviceProviderId).toBe(1001);
      expect(details.categories.length).toBeGreaterThan(5);
    },
  },
  'lead.getTaxonomyCategory': {
    as: 'anonymous',
    run: async ({ anonymous, sandbox }) => {
      expect(await getTaxonomyCategory(anonymous, 10002)).toEqual({
        categoryId: 10002,
        name: 'Water Heater Installation',
        parentCategory: { categoryId: 100 },
      });
      expect(sent(sandbox)).toEqual({ method: 'GET', path: `${LEAD}/v1/taxonomy/categories/10002` });
      expect((await getTaxonomyCategory(anonymous, -1)).name).toBe('Generic');
      expect(sent(sandbox)).toEqual({ method: 'GET', path: `${LEAD}/v1/taxonomy/categories/-1` });
    },
  },
  'lead.getCombinedProviderDetails': {
    as: 'member',
    oneTime: true,
    run: async ({ member, sandbox }) => {
      const { serviceProviders } = await getCombinedProviderDetails(member, {
        categoryId: 10002,
        postalCode: '80202',
        alServiceProviderIds: [1001],
        haServiceProviderIds: [2002],
      });
      expect(sent(sandbox)).toEqual({
        method: 'POST',
        path: `${LEAD}/v1/serviceProviders/details`,
        body: { categoryId: 10002, postalCode: '80202', alServiceProviderIds: [1001], haServiceProviderIds: [2002] },
      });
      expect(serviceProviders.map((p) => [p.serviceProvideId, p.serviceProviderType])).toEqual([
        [1001, 'AL'],
        [2002, 'HA'],
      ]);
      expect(serviceProviders[0]?.categories[0]?.categoryId).toBe(10002);
    },
  },
  'lead.getCityAndStateByPostalCode': {
    as: 'anonymous',
    run: async ({ anonymous, sandbox }) => {
      expect(await getCityAndStateByPostalCode(anonymous, '80202')).toEqual({ city: 'Denver', stateAbbreviation: 'CO', postalCode: '80202' });
      expect(sent(sandbox)).toEqual({ method: 'GET', path: `${LEAD}/v1/address/getCityAndStateAbbreviationByPostalCode`, query: { postalCode: '80202' } });
    },
  },
  'lead.getSuggestions': {
    as: 'member',
    oneTime: true,
    run: async ({ member, sandbox }) => {
      const result = await getSuggestions(member, { categoryId: 10002, postalCode: '80202', excludedServiceProviderIds: [1001] });
      expect(sent(sandbox)).toEqual({
        method: 'POST',
        path: `${LEAD}/v4/serviceproviders/suggestion`,
        // Limit defaults to 3.
        body: { categoryId: 10002, postalCode: '80202', excludedServiceProviderIds: [1001], limit: 3 },
      });
      expect(result.serviceProviders).toHaveLength(3);
      expect(result.serviceProviders.map((p) => p.id)).not.toContain(1001);
      expect(sandbox.store.serviceRequests.some((r) => r.serviceRequestId === result.serviceRequestId)).toBe(true);
    },
  },
  'lead.getPostalCodeEligibility': {
    as: 'anonymous',
    run: async ({ anonymous, sandbox }) => {
      expect(await getPostalCodeEligibility(anonymous, { serviceProviderId: 1001, postalCode: '80202' })).toEqual({ eligible: true });
      expect(sent(sandbox)).toEqual({ method: 'GET', path: `${LEAD}/v1/serviceprovider/1001/postalcode-eligibility/80202` });
      expect(await getPostalCodeEligibility(anonymous, { serviceProviderId: 1001, postalCode: '78701' })).toEqual({ eligible: false });
      expect(sent(sandbox)).toEqual({ method: 'GET', path: `${LEAD}/v1/serviceprovider/1001/postalcode-eligibility/78701` });
    },
  },
  'lead.getProviderComparison': {
    as: 'member',
    oneTime: true,
    run: async ({ member, sandbox }) => {
      const { serviceProviders } = await getProviderComparison(member, L.newest);
      expect(sent(sandbox)).toEqual({ method: 'GET', path: `${LEAD}/v1/lead/${L.newest}/serviceprovider/comparison` });
      expect(serviceProviders.find((p) => p.id === 1001)).toMatchObject({ hired: false, responded: true });
    },
  },
  'lead.createLeadV1': {
    as: 'member',
    oneTime: true,
    idempotent: true,
    run: async ({ member, sandbox }) => {
      const { leadId } = await createLeadV1(member, {
        source: 'RequestAQuote',
        title: 'Leaky faucet',
        categoryId: 10006,
        contactInformation: contact,
        assignedServiceProviderIds: [1001],
        address: { postalAddressId: SANDBOX_MEMBER_POSTAL_ADDRESS_ID },
      });
      expect(sent(sandbox)).toEqual({
        method: 'POST',
        path: `${LEAD}/v1/lead`,
        // Create payload, defaults filled in (urgency 'NA').
        body: {
          source: 'RequestAQuote',
          title: 'Leaky faucet',
          description: '',
          urgency: 'NA',
          categoryId: 10006,
          showAddress: false,
          attributes: [],
          assignedServiceProviderIds: [1001],
          contactInformation: contact,
          address: { postalAddressId: SANDBOX_MEMBER_POSTAL_ADDRESS_ID },
        },
      });
      expect(sandbox.store.lead(leadId)?.address.lineOne).toBe('1600 Larimer St');
    },
  },
  'lead.createLeadV3': {
    as: 'member',
    oneTime: true,
    idempotent: true,
    run: async ({ member, sandbox }) => {
      const { leadId } = await createLeadV3(member, {
        source: 'SR_RAQ',
        title: 'Furnace',
        categoryId: 10101,
        contactInformation: contact,
        assignedServiceProviderIds: [1001],
        assignedExternalServiceProviderIds: [2002],
        address: { lineOne: '1 Main St', city: 'Denver', state: 'CO', postalCode: '80203' },
      });
      expect(sent(sandbox)).toEqual({
        method: 'POST',
        path: `${LEAD}/v3/lead`,
        body: {
          source: 'SR_RAQ',
          title: 'Furnace',
          description: '',
          urgency: 'NA',
          categoryId: 10101,
          showAddress: false,
          attributes: [],
          assignedServiceProviderIds: [1001],
          assignedExternalServiceProviderIds: [2002],
          skipHaOLNotification: false,
          contactInformation: contact,
          address: { lineOne: '1 Main St', city: 'Denver', state: 'CO', postalCode: '80203' },
        },
      });
      expect(leadId).toBeGreaterThan(400_000);
      expect(sandbox.store.lead(leadId)?.haProviderIds).toEqual([2002]);
    },
  },
  'lead.requestLeadReview': {
    as: 'provider',
    run: async ({ provider, sandbox }) => {
      const prefill = await leadCalls.requestLeadReview(provider, { serviceProviderId: 1001, leadId: L.closedWon });
      expect(sent(sandbox)).toEqual({ method: 'POST', path: `${LEAD}/office/v1/review-request`, body: { serviceProviderId: 1001, leadId: L.closedWon } });
      expect(prefill).toMatchObject({ firstName: 'Priya', lastName: 'Patel', emailAddress: 'priya.patel@example.com', isMaskedPhone: false });
    },
  },
  'lead.fetchLead': {
    as: 'member',
    oneTime: true,
    run: async ({ member, sandbox }) => {
      const lead = await fetchLead(member, L.newest);
      expect(sent(sandbox)).toEqual({ method: 'GET', path: `${LEAD}/v1/lead/${L.newest}` });
      expect(lead).toMatchObject({ leadId: L.newest, userId: 5001, postalAddress: { postalCode: '80202', advertisingZone: 12 }, category: { id: 10002 } });
    },
  },
  'lead.assignLeadV1': {
    as: 'member',
    oneTime: true,
    idempotent: true,
    run: async ({ member, sandbox }) => {
      await assignLeadV1(member, L.newest, { serviceProviderIds: [1005] });
      expect(sent(sandbox)).toEqual({ method: 'POST', path: `${LEAD}/v1/lead/${L.newest}/assign`, body: { serviceProviderIds: [1005] } });
      // leadkit does not read the answer (any 2xx): the sandbox's store says what was assigned.
      expect(sandbox.store.lead(L.newest)?.assignments.map((a) => a.spId)).toEqual([1001, 1005]);
    },
  },
  'lead.assignLeadV2': {
    as: 'member',
    oneTime: true,
    idempotent: true,
    run: async ({ member, sandbox }) => {
      await assignLeadV2(member, L.newest, {
        serviceProviderIds: [],
        haServiceProviderIds: [2002],
        serviceRequestId: SANDBOX_SERVICE_REQUEST_ID,
      });
      expect(sent(sandbox)).toEqual({
        method: 'POST',
        path: `${LEAD}/v2/lead/${L.newest}/assign`,
        body: { serviceProviderIds: [], haServiceProviderIds: [2002], serviceRequestId: SANDBOX_SERVICE_REQUEST_ID },
      });
      expect(sandbox.store.lead(L.newest)?.haProviderIds).toEqual([2003, 2002]);
    },
  },
  'lead.getProjects': {
    as: 'member',
    oneTime: true,
    run: async ({ member, sandbox }) => {
      const leadStatuses = ['Initial', 'ContactAndQualify', 'Selling', 'InProgressWon', 'ClosedWon', 'ClosedDidntWin'];
      const { projects, pagination } = await getProjects(member, { limit: 1, leadStatuses });
      // Arrays as repeated keys; an empty list (projectStatuses by default) is left out.
      expect(sent(sandbox)).toEqual({ method: 'GET', path: `${LEAD}/v1/projects`, query: { leadStatuses, limit: '1', offset: '0' } });
      expect(projects).toHaveLength(1);
      expect(projects[0]?.leadId).toBe(L.newest);
      expect(pagination.totalNumber).toBeGreaterThanOrEqual(1);
    },
  },
  'lead.getTopCategories': {
    as: 'anonymous',
    run: async ({ anonymous, sandbox }) => {
      const { categories } = await getTopCategories(anonymous);
      expect(sent(sandbox)).toEqual({ method: 'GET', path: `${LEAD}/v1/topCategories` });
      expect(categories[0]).toEqual({ categoryId: 100, name: 'Plumbing' });
    },
  },
  'lead.autocompleteCategories': {
    as: 'anonymous',
    run: async ({ anonymous, sandbox }) => {
      const { results } = await autocompleteCategories(anonymous, { query: 'water', limit: 2 });
      // `taxonomyName` defaults to 'HA Task'.
      expect(sent(sandbox)).toEqual({ method: 'GET', path: `${LEAD}/v2/autocomplete`, query: { query: 'water', taxonomyName: 'HA Task', limit: '2' } });
      expect(results.map((r) => r.name)).toEqual(['Water Damage Cleanup', 'Water Heater Installation']);
    },
  },
  'lead.sendHandyLead': {
    as: 'member',
    oneTime: true,
    idempotent: true,
    run: async ({ member, sandbox }) => {
      await sendHandyLead(member, L.newest);
      expect(sent(sandbox)).toEqual({ method: 'POST', path: `${LEAD}/v1/handy/sendLead`, body: { leadId: L.newest } });
      expect(sandbox.store.sentNotifications).toEqual([expect.objectContaining({ kind: 'handy', leadIds: [L.newest] })]);
    },
  },
  'lead.sendOpportunityLeadNotification': {
    as: 'provider',
    idempotent: true,
    run: async ({ provider, sandbox }) => {
      await leadCalls.sendOpportunityLeadNotification(provider, [L.newest]);
      expect(sent(sandbox)).toEqual({ method: 'POST', path: `${LEAD}/v1/lead/send-ol-notification`, body: { leadIds: [L.newest] } });
    },
  },
  'lead.addDisplayPreferences': {
    as: 'provider',
    idempotent: true,
    run: async ({ provider, sandbox }) => {
      await leadCalls.addDisplayPreferences(provider, 1001, ['HideThimbleForAllLeads']);
      expect(sent(sandbox)).toEqual({
        method: 'POST',
        path: `${LEAD}/v1/serviceprovider/1001/add-display-preferences`,
        body: { displayPreferences: ['HideThimbleForAllLeads'] },
      });
    },
  },
  'lead.getFollowUpDeals': {
    as: 'member',
    oneTime: true,
    run: async ({ member, sandbox }) => {
      const { deals } = await getFollowUpDeals(member, { defaultCatGroupIds: [100, 200], categoryId: 100, postalCode: '80202' });
      expect(sent(sandbox)).toEqual({
        method: 'GET',
        path: `${LEAD}/v1/deals/followUp`,
        query: { defaultCatGroupIds: ['100', '200'], categoryId: '100', postalCode: '80202' },
      });
      expect(deals.map((d) => d.dealId)).toEqual([9001, 9002, 9007]);
    },
  },
  'lead.getContactsByIds': {
    as: 'member',
    oneTime: true,
    run: async ({ member, sandbox }) => {
      const { contacts } = await getContactsByIds(member, [90001, 90002, 12345]);
      expect(sent(sandbox)).toEqual({ method: 'GET', path: `${LEAD}/v1/contact/getByIds`, query: { contactIds: ['90001', '90002', '12345'] } });
      expect(contacts.map((c) => c.contactId)).toEqual([90001, 90002]);
    },
  },
  'lead.createContact': {
    as: 'member',
    oneTime: true,
    idempotent: true,
    run: async ({ member, sandbox }) => {
      const body = {
        postalCode: '80202',
        payloads: [{ contactPlacementType: 44, serviceProviderIds: [1001, 1002] }],
        campaignId: 'spring-25',
        sessionStartTimestamp: 1_749_655_800_000,
        categoryId: 10002,
        contactType: 10,
        entityId: 'msg-00001',
        entityType: 'message' as const,
      };
      const { contactIds } = await createContact(member, body);
      // Contact creation (path ours: "not shown").
      expect(sent(sandbox)).toEqual({ method: 'POST', path: `${LEAD}/v1/contact`, body });
      expect(contactIds).toHaveLength(2);
    },
  },
  'lead.fetchOpportunityLeads': {
    // Not a one-time-token call (the spec gives the token to pro selection, not to this one): no authorization.
    as: 'member',
    oneTime: false,
    run: async ({ member, sandbox }) => {
      expect(await leadCalls.fetchOpportunityLeads(member, SANDBOX_SERVICE_REQUEST_ID)).toEqual({
        opportunityLeads: [{ leadId: L.newest, serviceProviderId: 2003 }],
      });
      expect(sent(sandbox)).toEqual({
        method: 'POST',
        path: `${LEAD}/v1/serviceproviders/fetch-opportunity-leads`,
        body: { serviceRequestId: SANDBOX_SERVICE_REQUEST_ID },
      });
    },
  },
  'lead.sendProSelection': {
    as: 'member',
    oneTime: true,
    idempotent: true,
    run: async ({ member, sandbox }) => {
      await sendProSelection(member, { serviceRequestId: SANDBOX_SERVICE_REQUEST_ID, haServiceProviderIds: [2002] });
      expect(sent(sandbox)).toEqual({
        method: 'POST',
        path: `${LEAD}/v1/service-request/send-ol-pro-selection`,
        body: { serviceRequestId: SANDBOX_SERVICE_REQUEST_ID, haServiceProviderIds: [2002] },
      });
      expect(sandbox.store.lead(L.newest)?.haProviderIds).toEqual([2003, 2002]);
    },
  },
  'lead.getSeoCityStateByPostalCode': {
    as: 'anonymous',
    run: async ({ anonymous, sandbox }) => {
      expect(await leadCalls.getSeoCityStateByPostalCode(anonymous, '80301')).toEqual({
        city: 'Boulder',
        state: 'Colorado',
        stateAbbreviation: 'CO',
        seoCity: 'boulder',
        seoState: 'co',
      });
      expect(sent(sandbox)).toEqual({ method: 'GET', path: `${LEAD}/v1/address/get-seo-city-state-by-postal-code`, query: { postalCode: '80301' } });
    },
  },
  'lead.markHired': {
    as: 'member',
    oneTime: true,
    idempotent: true,
    run: async ({ member, sandbox }) => {
      await markHired(member, L.newest, { serviceProviderType: 'AL', serviceProviderId: 1001 });
      expect(sent(sandbox)).toEqual({
        method: 'POST',
        path: `${LEAD}/v1/lead/${L.newest}/service-provider/mark-hired`,
        body: { serviceProviderType: 'AL', serviceProviderId: 1001 },
      });
      expect(sandbox.store.lead(L.newest)?.hiredProviderIds).toEqual([1001]);
    },
  },
  'lead.autocompleteLocation': {
    as: 'provider',
    run: async ({ provider, sandbox }) => {
      const { suggestions } = await leadCalls.autocompleteLocation(provider, { serviceProviderId: 1001, query: 'denv', locationType: 'city' });
      // The board's autocomplete limit is 5.
      expect(sent(sandbox)).toEqual({
        method: 'GET',
        path: `${LEAD}/office/v1/leads/serviceprovider/1001/autocomplete/location`,
        query: { query: 'denv', locationType: 'city', limit: '5' },
      });
      expect(suggestions).toEqual([{ city: 'Denver', state: 'CO', postalCode: null, locationName: 'Denver, CO' }]);
    },
  },
  'lead.autocompleteCategoryName': {
    as: 'provider',
    run: async ({ provider, sandbox }) => {
      const { suggestions } = await leadCalls.autocompleteCategoryName(provider, { serviceProviderId: 1001, query: 'water heater' });
      expect(sent(sandbox)).toEqual({
        method: 'GET',
        path: `${LEAD}/office/v1/leads/serviceprovider/1001/autocomplete/categoryName`,
        query: { query: 'water heater', limit: '5' },
      });
      expect(suggestions).toEqual([{ categoryId: 10002, categoryName: 'Water Heater Installation' }]);
    },
  },
  'lead.autocompleteMemberName': {
    as: 'provider',
    run: async ({ provider, sandbox }) => {
      const { suggestions } = await leadCalls.autocompleteMemberName(provider, { serviceProviderId: 1001, query: 'jordan' });
      expect(sent(sandbox)).toEqual({
        method: 'GET',
        path: `${LEAD}/office/v2/leads/serviceprovider/1001/autocomplete/memberName`,
        query: { query: 'jordan', limit: '5' },
      });
      expect(suggestions[0]?.memberName).toBe('Jordan Rivera');
      expect(suggestions[0]?.contactInformationIds.length).toBeGreaterThan(0);
    },
  },
  'lead.updateUserPhone': {
    as: 'member',
    oneTime: true,
    idempotent: true,
    run: async ({ member, sandbox }) => {
      await updateUserPhone(member, '3035550199');
      // The phone update sends only phoneNumber.
      expect(sent(sandbox)).toEqual({ method: 'POST', path: `${LEAD}/v1/user/updatePhone`, body: { phoneNumber: '3035550199' } });
      expect(sandbox.store.member(5001)?.phoneNumber).toBe('3035550199');
    },
  },
  'lead.issueOneTimeToken': {
    // Issued to a customer without a token (the member client sends none on this call).
    as: 'member',
    oneTime: false,
    idempotent: true,
    run: async ({ member, sandbox }) => {
      const issued = await issueOneTimeToken(member);
      expect(sent(sandbox)).toEqual({ method: 'POST', path: `${LEAD}/v1/one-time-token`, body: {} });
      // A fresh guest member; 30 minutes from the sandbox clock (2025-06-11T15:30Z).
      expect(issued).toEqual({
        token: expect.stringMatching(/^ott_[0-9a-f]{48}$/),
        expiresAt: '2025-06-11T16:00:00.000Z',
        expiresIn: 1800,
        userId: expect.any(Number),
      });
      expect(sandbox.store.member(issued.userId)).toMatchObject({ firstName: null, email: null });
      expect(sandbox.store.memberIdForToken(issued.token)).toBe(issued.userId);
    },
  },
  'lead.renewOneTimeToken': {
    as: 'member',
    oneTime: true,
    run: async ({ member, sandbox }) => {
      // The seeded token does not expire by time (an issued one's renewal: packages/sandbox/src/one-time-token.test.ts).
      expect(await renewOneTimeToken(member)).toEqual({ expiresAt: null, expiresIn: null });
      expect(sent(sandbox)).toEqual({ method: 'POST', path: `${LEAD}/v1/one-time-token/renew`, body: {} });
    },
  },
  'lead.expireOneTimeToken': {
    as: 'member',
    oneTime: true,
    run: async ({ member, sandbox }) => {
      expect(await expireOneTimeToken(member)).toEqual({ expired: true });
      expect(sent(sandbox)).toEqual({ method: 'POST', path: `${LEAD}/v1/one-time-token/expire`, body: {} });
      expect(sandbox.store.memberIdForToken(SANDBOX_MEMBER_TOKEN)).toBeUndefined();
    },
  },
  'office.getServiceProviderInfo': {
    as: 'provider',
    run: async ({ provider, sandbox }) => {
      // The sandbox still sends `inboxEnabled`; leadkit no longer reads it (the office inbox is the host's flag), so it is dropped.
      expect(await officeCalls.getServiceProviderInfo(provider, 1001)).toEqual({
        serviceProviders: [{ id: 1001, name: 'Acme Plumbing & Heating', primaryAddress: { postalCode: '80202' } }],
      });
      expect(sent(sandbox)).toEqual({ method: 'GET', path: '/gateway/office-home/v4/service_provider', query: { serviceProviderIds: '1001' } });
    },
  },
  'office.getLeads': {
    as: 'provider',
    run: async ({ provider, sandbox }) => {
      const page = await officeCalls.getLeads(provider, 1001, {});
      // Defaults: offset 0, sort NewestOldest, limit 5; filters archived false, displayLead true.
      expect(sent(sandbox)).toEqual({
        method: 'POST',
        path: '/gateway/lead/office/v6/leads/serviceProvider/1001',
        body: { offset: 0, sort: 'NewestOldest', limit: 5, filters: { archived: false, displayLead: true } },
      });
      expect(page.leads).toHaveLength(5);
      expect(page.leads[0]?.leadId).toBe(L.newest);

      const filters = {
        archived: true,
        hasUnreadMessages: true as const,
        displayLead: true,
        sources: ['RequestAQuote'],
        serviceProviderLeadStatuses: ['ClosedWon' as const],
        dateRange: { startDate: '2025-01-01T00:00:00.000Z', endDate: '2025-06-11T23:59:59.999Z' },
        categoryIds: [10002],
        name: 'Jordan',
        contactInformationIds: [800001],
        cityState: { city: 'Denver', stateAbbr: 'CO' },
        postalCode: '80202',
      };
      const filtered = await officeCalls.getLeads(provider, 1001, {
        offset: 10,
        sort: 'OldestNewest',
        limit: 10,
        businessName: 'Acme Plumbing & Heating',
        featuredLeadId: L.newest,
        filters,
      });
      expect(sent(sandbox)).toEqual({
        method: 'POST',
        path: '/gateway/lead/office/v6/leads/serviceProvider/1001',
        body: { offset: 10, sort: 'OldestNewest', limit: 10, businessName: 'Acme Plumbing & Heating', featuredLeadId: L.newest, filters },
      });
      expect(filtered.pagination.totalNumber).toBeGreaterThanOrEqual(0);
    },
  },
  'office.getLeadCounts': {
    as: 'provider',
    run: async ({ provider, sandbox }) => {
      const counts = await getLeadCounts(provider, 1001, {
        filters: { archived: false, displayLead: true, serviceProviderLeadStatuses: ['Selling'] },
      });
      // leadkit-designed (not a spec call): the list call's filters, facet counts back.
      expect(sent(sandbox)).toEqual({
        method: 'POST',
        path: '/gateway/lead/office/v1/leads/serviceProvider/1001/counts',
        body: { filters: { archived: false, displayLead: true, serviceProviderLeadStatuses: ['Selling'] } },
      });
      expect(Object.keys(counts.statusCounts).sort()).toEqual(['ClosedDidntWin', 'ClosedWon', 'ContactAndQualify', 'InProgressWon', 'Initial', 'Selling']);
      expect(counts.unreadCount).toBeGreaterThanOrEqual(0);
    },
  },
  'office.markLeadRead': {
    as: 'provider',
    idempotent: true,
    run: async ({ provider, sandbox }) => {
      await officeCalls.markLeadRead(provider, 1001, { leadId: L.newest, read: true });
      expect(sent(sandbox)).toEqual({
        method: 'POST',
        path: '/gateway/lead/office/v2/leads/serviceprovider/1001/read',
        body: { leadId: L.newest, read: true },
      });
    },
  },
  'office.updateLeadNote': {
    as: 'provider',
    idempotent: true,
    run: async ({ provider, sandbox }) => {
      await officeCalls.updateLeadNote(provider, L.newest, { serviceProviderId: 1001, note: 'Call after 5' });
      expect(sent(sandbox)).toEqual({
        method: 'POST',
        path: `/gateway/lead/office/v2/leads/${L.newest}/note`,
        body: { serviceProviderId: 1001, note: 'Call after 5' },
      });
    },
  },
  'office.updateLeadStatus': {
    as: 'provider',
    idempotent: true,
    run: async ({ provider, sandbox }) => {
      await officeCalls.updateLeadStatus(provider, L.newest, { serviceProviderId: 1001, status: 'Selling' });
      expect(sent(sandbox)).toEqual({
        method: 'POST',
        path: `/gateway/lead/office/v2/leads/${L.newest}/status`,
        body: { serviceProviderId: 1001, status: 'Selling' },
      });
    },
  },
  'office.submitLeadFeedback': {
    as: 'provider',
    idempotent: true,
    run: async ({ provider, sandbox }) => {
      await submitLeadFeedback(provider, 1001, { leadId: L.newest, rating: 2, reason: 'LowValueJob', notes: 'Too small' });
      expect(sent(sandbox)).toEqual({
        method: 'POST',
        path: '/gateway/lead/office/v1/leads/serviceprovider/1001/feedback',
        body: { leadId: L.newest, rating: 2, reason: 'LowValueJob', notes: 'Too small' },
      });
    },
  },
  'office.archiveLead': {
    as: 'provider',
    idempotent: true,
    run: async ({ provider, sandbox }) => {
      await officeCalls.archiveLead(provider, 1001, { leadId: L.newest, archived: true });
      expect(sent(sandbox)).toEqual({
        method: 'POST',
        path: '/gateway/lead/office/v1/leads/serviceprovider/1001/archive',
        body: { serviceProviderId: 1001, leadId: L.newest, archived: true },
      });
    },
  },
  'office.getProviderCategories': {
    as: 'provider',
    run: async ({ provider, sandbox }) => {
      const { categories } = await getProviderCategories(provider, 1001);
      expect(sent(sandbox)).toEqual({ method: 'GET', path: '/gateway/service-provider-profile/v1/service_provider/1001/categories' });
      // The spec's words: "caller id header".
      expect(received(sandbox).headers['x-caller-id']).toBe('1001');
      expect(categories[0]).toMatchObject({ categoryId: 100, categoryName: 'Plumbing', parentCategory: { categoryId: 1 } });
    },
  },
  'office.registerPhoneNumber': {
    as: 'provider',
    idempotent: true,
    run: async ({ provider, sandbox }) => {
      await registerPhoneNumber(provider, { spId: 1001, brand: 'ADS', name: 'Shop', phoneNumber: '3035550999' });
      expect(sent(sandbox)).toEqual({ method: 'POST', path: REGISTERED_NUMBER, body: { spId: 1001, brand: 'ADS', name: 'Shop', phoneNumber: '3035550999' } });
    },
  },
  'office.getRegisteredPhoneNumbers': {
    as: 'provider',
    run: async ({ provider, sandbox }) => {
      const { registeredNumbers } = await getRegisteredPhoneNumbers(provider, { spId: 1001 });
      expect(sent(sandbox)).toEqual({ method: 'GET', path: REGISTERED_NUMBER, query: { spId: '1001', brand: 'ADS' } });
      expect(registeredNumbers.map((n) => n.phoneNumber)).toEqual(['3035550100', '7205550111']);
    },
  },
  'messageCenter.sendMessage': {
    as: 'provider',
    idempotent: true,
    run: async ({ provider, sandbox }) => {
      const body = { text: 'On our way', senderEntityId: 1001, receiverEntityId: 5001, leadId: L.newest, pageName: 'lead-board', contactPlacementType: 44 };
      const { messageId } = await messageCenterCalls.sendMessage(provider, body);
      expect(sent(sandbox)).toEqual({ method: 'POST', path: `${MC}/v1/messages`, body });
      // Caller id = sender (see also the member-sends test below).
      expect(received(sandbox).headers['x-caller-id']).toBe(String(body.senderEntityId));
      expect(messageId).toMatch(/^msg-\d+$/);
      expect(sandbox.store.messages.find((m) => m.messageId === messageId)).toMatchObject({ text: 'On our way', authorType: 'ServiceProvider' });
    },
  },
  'messageCenter.getLeadPhoneNumbers': {
    as: 'provider',
    run: async ({ provider, sandbox }) => {
      const { contactInfo } = await messageCenterCalls.getLeadPhoneNumbers(provider, {
        serviceProviderId: 1001,
        leadIds: [L.newest, L.maskedActive, L.notOffered],
      });
      expect(sent(sandbox)).toEqual({
        method: 'GET',
        path: `${MC}/v2/lead/phone_number`,
        query: { serviceProviderId: '1001', leadIds: [L.newest, L.maskedActive, L.notOffered].map(String) },
      });
      expect(contactInfo.map((c) => [c.leadId, c.maskedNumber !== null, c.maskedNumberActive])).toEqual([
        [L.newest, false, false],
        [L.maskedActive, true, true],
      ]);
    },
  },
  'messageCenter.getInteractionActivities': {
    as: 'provider',
    run: async ({ provider, sandbox }) => {
      const { activities } = await messageCenterCalls.getInteractionActivities(provider, {
        interactorId: 5001,
        interactorType: 'Member',
        activityTypes: ['GenericMessage.v1', 'PhoneCall.v1'],
      });
      // Defaults: limit 4, offset 0, Newest, includeRequestorActivities true.
      expect(sent(sandbox)).toEqual({
        method: 'GET',
        path: `${MC}/v2/interactions/activities`,
        query: {
          interactorId: '5001',
          interactorType: 'Member',
          activityTypes: ['GenericMessage.v1', 'PhoneCall.v1'],
          limit: '4',
          offset: '0',
          sortDirection: 'Newest',
          includeRequestorActivities: 'true',
        },
      });
      expect(activities).toHaveLength(4);
    },
  },
  'messageCenter.markThreadRead': {
    as: 'provider',
    run: async ({ provider, sandbox }) => {
      await messageCenterCalls.markThreadRead(provider, { serviceProviderId: 1001, userId: 5001, read: true });
      expect(sent(sandbox)).toEqual({ method: 'PUT', path: `${MC}/v1/messages/thread/read`, body: { serviceProviderId: 1001, userId: 5001, read: true } });
      expect(sandbox.store.thread(1001, 5001)?.unreadForProvider).toBe(false);
    },
  },
  'messageCenter.getChatSession': {
    as: 'provider',
    run: async ({ provider, sandbox }) => {
      const body = { serviceProviderId: 1001, userId: 5001, leadId: L.newest };
      const session = await getChatSession(provider, body);
      expect(sent(sandbox)).toEqual({ method: 'POST', path: `${MC}/v1/chat/session`, body });
      expect(session).toEqual({
        conversationSid: sandbox.chat.conversationSid(1001, 5001),
        identity: 'provider-1001',
        // JWT-shaped (header.claims.signature), as Twilio's: the Twilio stand-in reads its identity and expiry.
        token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        expiresAt: new Date(NOW.getTime() + 3_600_000).toISOString(),
        // The member's name, for a thread opened without a lead (its heading).
        member: { firstName: 'Jordan', lastName: 'Rivera' },
      });
      // The token is the provider's on the sandbox's chat service (packages/sandbox/src/chat.test.ts uses it).
      expect(sandbox.chat.checkToken(session.token)).toEqual({ identity: 'provider-1001' });
      expect(sandbox.chat.conversation(session.conversationSid)?.participants).toEqual(['provider-1001', 'member-5001']);
    },
  },
  'review.getOrCreateDraftReview': {
    as: 'member',
    oneTime: true,
    run: async ({ member, sandbox }) => {
      const draft = await reviewCalls.getOrCreateDraftReview(member, { serviceProviderId: 1001, leadId: L.newest });
      // Defaults: review source site-member, version 2.0.
      expect(sent(sandbox)).toEqual({
        method: 'POST',
        path: `${REVIEW}/v1/draft-review/get-or-create`,
        body: { serviceProviderId: 1001, reviewSource: 'site-member', reviewSourceVersion: '2.0', leadId: L.newest },
      });
      expect(draft.draftReview.draftReviewId).toBe(SANDBOX_DRAFT_REVIEW_ID);
    },
  },
  'review.updateDraftReview': {
    as: 'member',
    oneTime: true,
    run: async ({ member, sandbox }) => {
      const body = { draftReview: { text: 'Great job' }, draftRatings: [{ ratingType: 'Overall', value: 4 }], categories: [10002, 100] };
      await reviewCalls.updateDraftReview(member, SANDBOX_DRAFT_REVIEW_ID, body);
      expect(sent(sandbox)).toEqual({ method: 'PUT', path: `${REVIEW}/v1/draft-review/${SANDBOX_DRAFT_REVIEW_ID}`, body });
      // leadkit does not read the PUT's answer (any 2xx): the sandbox's store says what was kept.
      expect(sandbox.store.draftReviews.find((d) => d.draftReviewId === SANDBOX_DRAFT_REVIEW_ID)).toMatchObject({
        text: 'Great job',
        ratings: [{ ratingType: 'Overall', value: 4 }],
        categories: [10002, 100],
      });
    },
  },
  'review.requestReviewByEmail': {
    as: 'provider',
    idempotent: true,
    run: async ({ provider, sandbox }) => {
      const { draftReviewId } = await reviewCalls.requestReviewByEmail(provider, {
        firstName: 'Priya',
        lastName: 'Patel',
        email: 'priya.patel@example.com',
        phoneNumber: '7205550178',
        reviewRequest: {
          serviceProviderId: 1001,
          postalCode: '80210',
          descriptionOfWork: 'Replaced the water heater',
          workCompleted: 'yes',
          categoryIds: [10102],
        },
      });
      // The board form goes out as the gateway variant (yes becomes true, categories as ids).
      expect(sent(sandbox)).toEqual({
        method: 'POST',
        path: `${REVIEW}/v1/review/request-by-email`,
        body: {
          serviceProviderId: 1001,
          postalCode: '80210',
          emailAddress: 'priya.patel@example.com',
          phoneNumber: '7205550178',
          firstName: 'Priya',
          lastName: 'Patel',
          descriptionOfWork: 'Replaced the water heater',
          workCompleted: true,
          categories: [10102],
        },
      });
      expect(received(sandbox).status).toBe(200);
      expect(draftReviewId).toEqual(expect.any(String));
      expect(sandbox.store.reviewRequests).toEqual([expect.objectContaining({ draftReviewId, memberId: 5002, workCompleted: true, categories: [10102] })]);
    },
  },
  'review.getReviewCategories': {
    as: 'provider',
    run: async ({ provider, sandbox }) => {
      const { categories } = await reviewCalls.getReviewCategories(provider, [10002, 100]);
      expect(sent(sandbox)).toEqual({ method: 'GET', path: `${REVIEW}/v1/category`, query: { categoryIds: ['10002', '100'] } });
      expect(categories.map((c) => c.categoryId)).toEqual([10002, 100]);
    },
  },
};

function exportedCalls(): string[] {
  // Each service's call modules (a name is imported from its own module: eslint/no-reexport.js);
  // chat-session.ts and lead-counts.ts hold helpers beside their one call.
  const modules: Record<string, readonly Record<string, unknown>[]> = {
    lead: [leadCalls, funnelCalls, oneTimeTokenCalls, providerLeadCalls, contactCalls],
    office: [officeCalls, feedbackCalls, categoriesCalls, registeredNumbersCalls, { getLeadCounts }],
    messageCenter: [messageCenterCalls, { getChatSession }],
    review: [reviewCalls],
  };
  return Object.entries(modules).flatMap(([name, list]) =>
    list.flatMap((module) =>
      Object.entries(module)
        .filter(([, value]) => typeof value === 'function')
        .map(([call]) => `${name}.${call}`),
    ),
  );
}

describe('every gateway call, through the real client: what the server received and what came back', () => {
  it.each(Object.entries(CASES))('%s', async (_name, c) => {
    const clients = setup();
    await c.run(clients);
    const requests = clients.sandbox.store.requests;
    expect(requests.length).toBeGreaterThan(0);
    // Nothing the sandbox answered was an error.
    expect(requests.filter((r) => (r.status ?? 0) >= 400)).toEqual([]);
    const headers = expectedHeaders(c);
    for (const request of requests) {
      const what = `${request.method} ${request.path}`;
      // Headers, exactly: no contract header missing, none extra (e.g. a token on a provider call).
      expect(contractHeaders(request), what).toStrictEqual(headers);
      // A body is JSON and says so; GETs have none.
      if (request.method === 'GET') expect(request.body, what).toBeUndefined();
      else expect(request.headers['content-type'], what).toMatch(/^application\/json\b/);
    }
    // A fresh request id per request.
    expect(new Set(requests.map((r) => r.headers['x-request-id'])).size).toBe(requests.length);
  });

  it('has a case for every call in src/gateway/*/calls.ts', () => {
    expect(Object.keys(CASES).sort()).toEqual(exportedCalls().sort());
  });

  it('expects an idempotency key on exactly the calls the write-replay table keys', () => {
    const keyed = Object.entries(WRITE_REPLAY).flatMap(([operation, replay]) => (replay === 'keyed' ? [operation] : []));
    const idempotent = Object.entries(CASES).flatMap(([operation, c]) => (c.as !== 'anonymous' && c.idempotent ? [operation] : []));
    expect(idempotent.sort()).toEqual(keyed.sort());
  });

  it('sends a new request id on every request, also for the same call again', async () => {
    const { anonymous, provider, sandbox } = setup();
    await getTopCategories(anonymous);
    await getTopCategories(anonymous);
    await officeCalls.getServiceProviderInfo(provider, 1001);
    const ids = sandbox.store.requests.map((r) => r.headers['x-request-id']);
    expect(ids).toEqual([expect.stringMatching(UUID), expect.stringMatching(UUID), expect.stringMatching(UUID)]);
    expect(new Set(ids).size).toBe(3);
  });

  it('sends a new idempotency key per call unless one is given (one per user action)', async () => {
    const { member, sandbox } = setup();
    const body = {
      source: 'RequestAQuote',
      title: 'Leaky faucet',
      categoryId: 10006,
      contactInformation: contact,
      address: { postalAddressId: SANDBOX_MEMBER_POSTAL_ADDRESS_ID },
    };
    await createLeadV1(member, body);
    await createLeadV1(member, body, { idempotencyKey: 'action-1' });
    expect(received(sandbox, 0).headers['idempotency-key']).toMatch(UUID);
    expect(received(sandbox, 1).headers['idempotency-key']).toBe('action-1');
  });

  it('sends a message as the member: the caller id is the sender, with the one-time token', async () => {
    const { member, sandbox } = setup();
    const body = { text: 'Thanks, see you then', senderEntityId: SANDBOX_MEMBER_ID, receiverEntityId: 1001, leadId: L.newest };
    const { messageId } = await messageCenterCalls.sendMessage(member, body);
    expect(sent(sandbox)).toEqual({ method: 'POST', path: `${MC}/v1/messages`, body });
    expect(contractHeaders(received(sandbox))).toStrictEqual({
      'x-proxy-version': '1',
      'x-request-id': expect.stringMatching(UUID),
      'x-source-application': 'leadkit',
      'x-application-version': LEADKIT_VERSION,
      'x-caller-type': 'Member',
      'x-caller-id': String(SANDBOX_MEMBER_ID),
      authorization: `OneTime ${SANDBOX_MEMBER_TOKEN}`,
      'idempotency-key': expect.stringMatching(UUID),
    });
    expect(sandbox.store.messages.find((m) => m.messageId === messageId)).toMatchObject({ authorType: 'Member', authorId: SANDBOX_MEMBER_ID });
  });

  it('sends the application version of the package', async () => {
    const { version } = (await import('../../../package.json', { with: { type: 'json' } })).default;
    expect(LEADKIT_VERSION).toBe(version);
  });

  it('answers relative URLs and absolute ones with any origin in-process', async () => {
    const { sandbox } = setup();
    const headers = { 'X-Caller-Type': 'Member' };
    for (const url of [
      '/gateway/lead/v1/topCategories',
      'https://gateway.example.com/gateway/lead/v1/topCategories',
      new URL('http://localhost:1/gateway/lead/v1/topCategories'),
    ]) {
      const response = await sandbox.fetch(url, { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
    const request = new Request('http://sandbox.test/gateway/lead/v1/taxonomy/categories/100', { headers });
    expect(await (await sandbox.fetch(request)).json()).toEqual({ categoryId: 100, name: 'Plumbing', parentCategory: { categoryId: 1 } });
  });
});
