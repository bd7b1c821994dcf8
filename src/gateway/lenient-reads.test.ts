import { describe, expect, it } from 'vitest';
import { setup } from '../../packages/sandbox/src/test-helpers';
import { SANDBOX_LEADS } from '../../packages/sandbox/src/index';
import { REVIEW_PREFILL_GATEWAY_VARIANT, strictAnswers, withExtraFields, type StrictAnswer } from '../../test/helpers/strict-answers';
import { requestLeadReview } from './lead/calls';
import { getCombinedProviderDetails, getServiceProviderDetails } from './lead/funnel/calls';
import { getInteractionActivities, getLeadPhoneNumbers } from './message-center/calls';
import { getLeads, getServiceProviderInfo } from './office/calls';
import { getOrCreateDraftReview } from './review/calls';
import { getProviderCategories } from './office/categories';

/**
 * The answers leadkit reads check what the widget reads and nothing more (docs/gateway-assumptions.md). Each
 * case runs the sandbox's route in-process and reshapes its answer the way a strict gateway may
 * (§3's spelling, nulls for what is optional, unknown fields, another envelope).
 */
function strict(route: string, answer: StrictAnswer) {
  const { sandbox } = setup();
  return setup({}, { fetch: strictAnswers(sandbox.fetch, [{ route, answer }]) });
}
const reshape = (fn: (answer: Record<string, unknown>) => unknown): StrictAnswer => ({ reshape: (answer) => fn(answer as Record<string, unknown>) });

describe('provider details (row L9)', () => {
  const ROUTE = 'GET /gateway/lead/v1/serviceprovider/:id/details';
  it("reads §3's serviceProvideId (sic) as the provider id; no name, type or address: null, AL, null", async () => {
    const { member } = strict(
      ROUTE,
      reshape(({ serviceProviderId, categories }) => ({ serviceProvideId: serviceProviderId, categories, unknownField: 1 })),
    );
    const details = await getServiceProviderDetails(member, { serviceProviderId: 1002 });
    expect(details).toMatchObject({ serviceProviderId: 1002, name: null, serviceProviderType: 'AL', primaryAddress: null });
    expect(details.categories.length).toBeGreaterThan(0);
    expect(details).not.toHaveProperty('serviceProvideId');
  });
  it('nulls for every optional field; categories null is none', async () => {
    const { member } = strict(
      ROUTE,
      reshape((a) => ({ ...a, name: null, serviceProviderType: null, primaryAddress: null, categories: null })),
    );
    expect(await getServiceProviderDetails(member, { serviceProviderId: 1002 })).toMatchObject({ serviceProviderId: 1002, name: null, categories: [] });
  });
  it('without any provider id the answer cannot be read', async () => {
    const { member } = strict(
      ROUTE,
      reshape(({ categories }) => ({ categories })),
    );
    await expect(getServiceProviderDetails(member, { serviceProviderId: 1002 })).rejects.toMatchObject({ kind: 'invalid-response' });
  });
});

describe('combined provider details (row L12)', () => {
  const ROUTE = 'POST /gateway/lead/v1/serviceProviders/details';
  const body = { categoryId: 10002, postalCode: '80202', alServiceProviderIds: [1001], haServiceProviderIds: [] };
  it('reads either spelling of the id, without name or type, in a bare list too', async () => {
    const specOnly = (answer: Record<string, unknown>) =>
      (answer.serviceProviders as Record<string, unknown>[]).map(({ serviceProvideId, categories }) => ({ serviceProviderId: serviceProvideId, categories }));
    const { member } = strict(ROUTE, reshape(specOnly));
    const { serviceProviders } = await getCombinedProviderDetails(member, body);
    expect(serviceProviders[0]).toMatchObject({ serviceProvideId: 1001, serviceProviderType: null });
  });
});

describe('review pre-fill (row L6)', () => {
  const ROUTE = 'POST /gateway/lead/office/v1/review-request';
  it('every field may be null or absent', async () => {
    const { provider } = strict(ROUTE, { json: { firstName: null, category: null, isMaskedPhone: null, gatewayOnly: true } });
    expect(await requestLeadReview(provider, { serviceProviderId: 1001, leadId: SANDBOX_LEADS.closedWon })).toEqual({
      firstName: null,
      lastName: null,
      emailAddress: null,
      phoneNumber: null,
      isMaskedPhone: false,
      postalCode: null,
      category: null,
      categories: null,
    });
  });
  it("the spec's gateway variant (§3: emailAddress, categories as ids, descriptionOfWork, workCompleted) is read, its categories as the lead's", async () => {
    const variant = REVIEW_PREFILL_GATEWAY_VARIANT;
    const { provider } = strict(ROUTE, { json: variant });
    expect(await requestLeadReview(provider, { serviceProviderId: 1001, leadId: SANDBOX_LEADS.closedWon })).toEqual({
      firstName: 'Priya',
      lastName: 'Patel',
      emailAddress: 'priya.patel@example.com',
      phoneNumber: '7205550178',
      isMaskedPhone: false,
      postalCode: '80210',
      category: null,
      categories: [10102],
    });
  });
  it('unknown fields everywhere are ignored', async () => {
    const { provider } = strict(
      ROUTE,
      reshape((answer) => withExtraFields(answer)),
    );
    const prefill = await requestLeadReview(provider, { serviceProviderId: 1001, leadId: SANDBOX_LEADS.closedWon });
    expect(prefill.category?.id).toBeGreaterThan(0);
    expect(prefill).not.toHaveProperty('gatewayOnly');
  });
});

describe('provider info (row O1)', () => {
  const ROUTE = 'GET /gateway/office-home/v4/service_provider';
  const cases: [string, (answer: Record<string, unknown>) => unknown][] = [
    ['the envelope with unknown fields', (a) => withExtraFields(a)],
    ['a bare list', (a) => a.serviceProviders],
    ['a bare provider', (a) => (a.serviceProviders as unknown[])[0]],
    ['{ serviceProvider }', (a) => ({ serviceProvider: (a.serviceProviders as unknown[])[0] })],
  ];
  for (const [name, fn] of cases) {
    it(`reads the name from ${name}`, async () => {
      const { provider } = strict(ROUTE, reshape(fn));
      const { serviceProviders } = await getServiceProviderInfo(provider, 1001);
      expect(serviceProviders[0]?.name).toBe('Acme Plumbing & Heating');
    });
  }
  it('a null name and address are read as null', async () => {
    const { provider } = strict(ROUTE, { json: { serviceProviders: [{ name: null, primaryAddress: null }] } });
    expect((await getServiceProviderInfo(provider, 1001)).serviceProviders).toEqual([{ name: null, primaryAddress: null }]);
  });
});

describe('lead phone numbers (row M2)', () => {
  const ROUTE = 'GET /gateway/message-center/v2/lead/phone_number';
  it('a bare list of entries, nulls for the numbers and the active flag', async () => {
    const { provider } = strict(ROUTE, { json: [{ leadId: 300001, phoneNumber: null, maskedNumber: '3035550000', maskedNumberActive: null, extra: 1 }] });
    expect((await getLeadPhoneNumbers(provider, { serviceProviderId: 1001, leadIds: [300001] })).contactInfo).toEqual([
      { leadId: 300001, phoneNumber: null, maskedNumber: '3035550000', maskedNumberActive: false },
    ]);
  });
});

describe('draft review get-or-create (row R2)', () => {
  it("reads the draft's id; §3's defaults, ratings and categories may be null", async () => {
    const { provider } = strict('POST /gateway/review/api/v1/draft-review/get-or-create', {
      reshape: (answer) => {
        const { draftReview } = answer as { draftReview: { draftReviewId: string } };
        return {
          draftReview: { draftReviewId: draftReview.draftReviewId, reviewSource: null, serviceProviderId: null, text: null },
          draftRatings: null,
          categories: null,
        };
      },
    });
    const draft = await getOrCreateDraftReview(provider, { serviceProviderId: 1001, leadId: SANDBOX_LEADS.closedWon });
    expect(draft.draftReview).toMatchObject({ draftReviewId: expect.any(String), text: '', descriptionOfWork: '', workCompleted: null });
    expect(draft).toMatchObject({ draftRatings: [], categories: [] });
  });
});

describe("the board's lead list: a strict gateway's nulls for the optional fields", () => {
  it('reads each lead with the defaults (NA, no questions, flags off)', async () => {
    const nulls = (answer: Record<string, unknown>) => ({
      ...answer,
      leads: (answer.leads as Record<string, unknown>[]).map((lead) => ({
        ...withExtraFields(lead),
        urgency: null,
        questionsAndAnswers: null,
        isOptedInButNotConnected: null,
        isSmsEnabled: null,
        feedback: null,
        dealInfo: null,
        customerInfo: { ...(lead.customerInfo as Record<string, unknown>), isMaskedPhone: null, isMaskedPhoneActive: null, isSmsEnabled: null, phoneUrl: null },
      })),
    });
    const { provider } = strict('POST /gateway/lead/office/v6/leads/serviceProvider/:id', reshape(nulls));
    const { leads } = await getLeads(provider, 1001, {});
    expect(leads.length).toBeGreaterThan(0);
    expect(leads[0]).toMatchObject({ urgency: 'NA', questionsAndAnswers: [], isSmsEnabled: false, customerInfo: { isMaskedPhone: false } });
  });
});

describe('interaction activities (M4, M5): null for the fields of ours', () => {
  it('reads a null counterpart, author or text as absent', async () => {
    const { provider } = strict('GET /gateway/message-center/v2/interactions/activities', {
      json: {
        activities: [
          { activityId: 'a1', activityType: 'GenericMessage.v1', createDate: '2025-06-11T15:30:00Z', counterpartId: null, actorId: null, text: null },
        ],
      },
    });
    const { activities } = await getInteractionActivities(provider, { interactorId: 5001, interactorType: 'Member', activityTypes: ['GenericMessage.v1'] });
    expect(activities).toEqual([{ activityId: 'a1', activityType: 'GenericMessage.v1', createDate: '2025-06-11T15:30:00Z' }]);
  });
});

describe("the provider's categories (review request, funnel)", () => {
  it('a null overallReviewCount reads as 0', async () => {
    const ROUTE = 'GET /gateway/service-provider-profile/v1/service_provider/:id/categories';
    const nulls = reshape((answer) => ({ categories: (answer.categories as Record<string, unknown>[]).map((c) => ({ ...c, overallReviewCount: null })) }));
    const { provider } = strict(ROUTE, nulls);
    const { categories } = await getProviderCategories(provider, 1001);
    expect(categories.length).toBeGreaterThan(0);
    expect(categories.every((c) => c.overallReviewCount === 0)).toBe(true);
  });
});
