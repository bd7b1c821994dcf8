import { describe, expect, it } from 'vitest';
import {
  assignLeadV1,
  assignLeadV2,
  autocompleteCategories,
  createLeadV1,
  createLeadV3,
  fetchLead,
  getProjects,
  getSuggestions,
} from '../../../src/gateway/lead/funnel/calls';
import type { CreateLeadV3 } from '../../../src/gateway/lead/funnel/schemas';
import { getInteractionActivities, sendMessage } from '../../../src/gateway/message-center/calls';
import { getLeads } from '../../../src/gateway/office/calls';
import { SANDBOX_LEADS as L, SANDBOX_MEMBER_POSTAL_ADDRESS_ID } from './index';
import { failure, setup } from './test-helpers';

const contact = { email: 'jordan.rivera@example.com', firstName: 'Jordan', lastName: 'Rivera', phoneNumber: '3035550142' };

describe('request-a-quote funnel', () => {
  it('a created lead appears on every assigned provider’s board, newest first, unread', async () => {
    const { member, provider, providerAs } = setup();
    const { leadId } = await createLeadV3(member, {
      source: 'RequestAQuote',
      title: 'Water heater',
      description: 'Pilot light keeps going out',
      categoryId: 10002,
      contactInformation: contact,
      attributes: [{ questionText: 'How old is it?', answerText: '12 years' }],
      assignedServiceProviderIds: [1001, 1005],
      address: { lineOne: '9 Pearl St', city: 'Denver', state: 'CO', postalCode: '80203' },
    });
    for (const [client, spId] of [
      [provider, 1001],
      [providerAs(1005), 1005],
    ] as const) {
      const { leads } = await getLeads(client, spId, {});
      expect(leads[0]).toMatchObject({
        leadId,
        status: 'Initial',
        read: false,
        source: 'RequestAQuote',
        category: { id: 10002, name: 'Water Heater Installation' },
        questionsAndAnswers: [{ question: 'How old is it?', answers: ['12 years'] }],
        customerInfo: { firstName: 'Jordan', city: 'Denver', postalCode: '80203' },
      });
    }
    expect((await getLeads(providerAs(1002), 1002, { limit: 100 })).leads.map((l) => l.leadId)).not.toContain(leadId);
    const fetched = await fetchLead(member, leadId);
    expect(fetched).toMatchObject({ leadId, userId: 5001, urgency: 'NA', category: { id: 10002 } });
  });

  it('v1 takes one of the member’s saved addresses; anything else is a 400', async () => {
    const { member, sandbox } = setup();
    const body = { source: 'RequestAQuote', title: 'x', categoryId: 100, contactInformation: contact };
    const { leadId } = await createLeadV1(member, { ...body, address: { postalAddressId: SANDBOX_MEMBER_POSTAL_ADDRESS_ID } });
    expect(sandbox.store.lead(leadId)?.address.postalCode).toBe('80202');
    const otherMembers = sandbox.store.postalAddresses.find((a) => a.memberId !== 5001)!;
    const error = await failure(createLeadV1(member, { ...body, address: { postalAddressId: otherMembers.postalAddressId } }));
    expect(error.status).toBe(400);
    expect(error.body).toMatchObject({ fields: ['address.postalAddressId'] });
  });

  it('rejects unknown sources, categories and providers of the wrong type', async () => {
    const { member } = setup();
    const base = {
      source: 'RequestAQuote',
      title: 'x',
      categoryId: 100,
      contactInformation: contact,
      address: { lineOne: '1 A St', city: 'Denver', state: 'CO', postalCode: '80202' },
    };
    const cases: [Partial<CreateLeadV3>, string][] = [
      [{ source: 'Carrier pigeon' }, 'source'],
      [{ categoryId: 424242 }, 'categoryId'],
      [{ assignedServiceProviderIds: [2002] }, 'assignedServiceProviderIds'],
      [{ assignedExternalServiceProviderIds: [1001] }, 'assignedExternalServiceProviderIds'],
    ];
    for (const [patch, field] of cases) {
      const error = await failure(createLeadV3(member, { ...base, ...patch }));
      expect(error.status).toBe(400);
      expect(error.body).toMatchObject({ fields: [field] });
    }
  });

  it('suggestions: providers serving the category and postal code, minus the excluded, 3 by default', async () => {
    const { member, sandbox } = setup();
    const drains = await getSuggestions(member, { categoryId: 10003, postalCode: '80202', limit: 10 });
    // 1001, 1010 and 2003 offer Drain Cleaning, 1009 Plumbing (a parent); 1002 (electrical) and
    // 1005 (a handyman: toilets and faucets only) do not; 2005 serves Austin only.
    expect(drains.serviceProviders.map((p) => p.id).sort()).toEqual([1001, 1009, 1010, 2003]);
    expect(new Set(drains.serviceProviders.map((p) => p.serviceProviderType))).toEqual(new Set(['AL', 'HA']));

    // Another category, other pros: the handyman does toilets.
    const toilets = await getSuggestions(member, { categoryId: 10001, postalCode: '80202', limit: 10 });
    const ids = toilets.serviceProviders.map((p) => p.id);
    expect([...ids].sort()).toEqual([1001, 1005, 1009, 2003]);

    const three = await getSuggestions(member, { categoryId: 10001, postalCode: '80202', excludedServiceProviderIds: [ids[0]!] });
    expect(three.serviceProviders.map((p) => p.id)).toEqual(ids.slice(1, 4));
    expect(three.serviceRequestId).not.toBe(toilets.serviceRequestId);
    expect(sandbox.store.serviceRequests.find((r) => r.serviceRequestId === three.serviceRequestId)?.suggestedIds).toEqual(ids.slice(1, 4));

    const austin = await getSuggestions(member, { categoryId: 10001, postalCode: '78701' });
    expect(austin.serviceProviders.map((p) => p.id)).toEqual([2005]);
  });

  it("suggests a business once: Acme's HA listing (2001) never beside its AL listing, and never when either is excluded", async () => {
    const { member } = setup();
    const plumbing = await getSuggestions(member, { categoryId: 100, postalCode: '80202', limit: 10 });
    expect(plumbing.serviceProviders.map((p) => p.id)).toContain(1001);
    expect(plumbing.serviceProviders.map((p) => p.id)).not.toContain(2001);
    for (const excluded of [1001, 2001]) {
      const others = await getSuggestions(member, { categoryId: 100, postalCode: '80202', excludedServiceProviderIds: [excluded], limit: 10 });
      expect(others.serviceProviders.map((p) => p.name)).not.toContain('Acme Plumbing & Heating');
      expect(others.serviceProviders.map((p) => p.id).sort()).toEqual([1009, 2003]); // Plumbing at large
    }
  });

  it('assign v2 with a suggestion’s serviceRequestId; v1 adds AL providers', async () => {
    const { member, sandbox } = setup();
    const { serviceRequestId } = await getSuggestions(member, { categoryId: 10002, postalCode: '80202' });
    // leadkit does not read the answers (any 2xx): the sandbox's store says what was assigned.
    const assigned = () => sandbox.store.lead(L.newest)?.assignments.map((a) => a.spId);
    await assignLeadV2(member, L.newest, { serviceProviderIds: [1005], haServiceProviderIds: [2002], serviceRequestId });
    expect(assigned()).toEqual([1001, 1005]);
    expect(sandbox.store.lead(L.newest)?.haProviderIds).toEqual([2003, 2002]);
    const unknown = await failure(assignLeadV2(member, L.newest, { serviceProviderIds: [], haServiceProviderIds: [], serviceRequestId: 999999 }));
    expect(unknown.body).toMatchObject({ fields: ['serviceRequestId'] });
    await assignLeadV1(member, L.newest, { serviceProviderIds: [1002, 1005] });
    expect(assigned()).toEqual([1001, 1005, 1002]);
  });

  it('projects list the member’s leads with our project statuses', async () => {
    const { member, memberWith } = setup();
    expect((await getProjects(member)).projects.map((p) => [p.leadId, p.projectStatus])).toEqual([[L.newest, 'Open']]);
    const other = await getProjects(memberWith('sandbox-member-token-5002'), { projectStatuses: ['Hired'] });
    expect(other.projects.map((p) => p.leadId)).toEqual([L.closedWon]);
    expect((await failure(getProjects(member, { projectStatuses: ['Lost'] }))).status).toBe(400);
  });

  it('taxonomy autocomplete honours taxonomyName and limit', async () => {
    const { anonymous } = setup();
    const tasks = await autocompleteCategories(anonymous, { query: 'repair', limit: 3 });
    expect(tasks.results).toHaveLength(3);
    expect(tasks.results.every((r) => r.name.toLowerCase().includes('repair') && r.parentCategory?.categoryId !== 1)).toBe(true);
    const groups = await autocompleteCategories(anonymous, { query: 'plumb', taxonomyName: 'AL Category' });
    expect(groups.results).toEqual([{ categoryId: 100, name: 'Plumbing', parentCategory: { categoryId: 1 } }]);
    expect((await failure(autocompleteCategories(anonymous, { query: 'x', taxonomyName: 'Nope' }))).status).toBe(400);
  });

  it('interaction activities page with limit/offset/sortDirection; a sent message adds one', async () => {
    const { provider } = setup();
    const query = { interactorId: 5001, interactorType: 'Member' as const, activityTypes: ['GenericMessage.v1'] };
    const newest = await getInteractionActivities(provider, { ...query, limit: 10 });
    expect(newest.activities).toHaveLength(6);
    const dates = newest.activities.map((a) => a.createDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await getInteractionActivities(provider, { ...query, limit: 4, offset: 4 })).activities.map((a) => a.activityId)).toEqual(
      newest.activities.slice(4).map((a) => a.activityId),
    );
    const oldest = await getInteractionActivities(provider, { ...query, sortDirection: 'Oldest', limit: 1 });
    expect(oldest.activities[0]?.activityId).toBe(newest.activities.at(-1)?.activityId);
    const calls = await getInteractionActivities(provider, { ...query, activityTypes: ['PhoneCall.v1'] });
    expect(calls.activities).toHaveLength(1);
    // includeRequestorActivities=false leaves out what the caller did itself.
    await sendMessage(provider, { text: 'Hello', senderEntityId: 1001, receiverEntityId: 5001 });
    expect((await getInteractionActivities(provider, { ...query, limit: 10 })).activities).toHaveLength(7);
    const withOwn = (await getInteractionActivities(provider, { ...query, limit: 10 })).activities;
    expect(withOwn[0]).toMatchObject({ actorId: 1001, text: 'Hello' });
    // The provider wrote three of the six seeded messages and the new one: the member's three are left.
    const others = (await getInteractionActivities(provider, { ...query, limit: 10, includeRequestorActivities: false })).activities;
    expect(others).toHaveLength(3);
    expect(others.every((a) => a.actorId === 5001)).toBe(true);
  });
});
