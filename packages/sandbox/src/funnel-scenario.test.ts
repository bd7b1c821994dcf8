import { describe, expect, it } from 'vitest';
import { EMPTY_FUNNEL_FORM, withCategory, type FunnelFormValues } from '../../../src/domain/funnel/form';
import { createLeadV3Payload } from '../../../src/domain/funnel/lead';
import { applyProviderCategory, chooseProviderCategory } from '../../../src/domain/funnel/provider-category';
import {
  assignPayload,
  proSelectionPayload,
  setAdditionalProvider,
  splitSuggestions,
  suggestionRequest,
  withSuggestionsLoaded,
} from '../../../src/domain/funnel/suggestions';
import { selectTaxonomyResult } from '../../../src/domain/funnel/taxonomy';
import { createGatewayClient } from '../../../src/gateway/core/client';
import { GatewayError } from '../../../src/gateway/core/errors';
import {
  getTopCategories,
  autocompleteCategories,
  getCityAndStateByPostalCode,
  getServiceProviderDetails,
  getPostalCodeEligibility,
  getSuggestions,
  createLeadV3,
  fetchLead,
  getLeadServiceProviders,
  assignLeadV2,
  sendProSelection,
  getProviderComparison,
  updateUserPhone,
  markHired,
  getFollowUpDeals,
} from '../../../src/gateway/lead/funnel/calls';
import type { CreateLeadV3 } from '../../../src/gateway/lead/funnel/schemas';
import { createOneTimeSession, OneTimeTokenHolder } from '../../../src/gateway/lead/funnel/one-time-token';
import { getLeads } from '../../../src/gateway/office/calls';
import { createSandboxGateway } from './index';
import { NOW } from './test-helpers';

/**
 * Sandbox readiness for `<raq-funnel>`: the whole funnel, call by call, through the
 * real gateway functions and the one-time session against the in-process sandbox — as the
 * widget will make them. A customer comes from Acme's HA listing (2001), asks for drain
 * cleaning in Denver, gets a token on the way, creates the lead through a 511 challenge,
 * chooses more pros, and ends on the summary; Acme then finds the lead on its board.
 */
describe('the request-a-quote funnel against the sandbox, end to end', () => {
  it('walks entry → project → suggestions → summary with an obtained one-time token', async () => {
    const sandbox = createSandboxGateway({ now: () => NOW });
    const client = createGatewayClient({
      baseURL: 'http://sandbox.test',
      fetch: sandbox.fetch,
      auth: { kind: 'anonymous' },
      retry: { retries: 0 },
      // The person passes the challenge (the sandbox's challenge page does the same).
      onChallenge: (challenge) => sandbox.faults.passChallenge(challenge.challengeId),
    });
    const session = createOneTimeSession(client, new OneTimeTokenHolder());
    const customer = session.client;
    const board = (spId: number) => createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'provider', spId } });

    // ---- Entry: top categories, autocomplete, postal code, provider, eligibility ----------
    const top = await getTopCategories(customer);
    expect(top.categories.map((c) => c.name)).toContain('Plumbing');

    const { results } = await autocompleteCategories(customer, { query: 'drain' });
    const drainCleaning = results.find((r) => r.name === 'Drain Cleaning');
    expect(drainCleaning).toEqual({ categoryId: 10003, name: 'Drain Cleaning', parentCategory: { categoryId: 100 } });
    expect(sandbox.store.requests.at(-1)?.query).toEqual({ query: 'drain', taxonomyName: 'HA Task', limit: '10' });

    expect(await getCityAndStateByPostalCode(customer, '80202')).toEqual({ city: 'Denver', stateAbbreviation: 'CO', postalCode: '80202' });

    // withAlId: Acme's HA listing resolves to its AL business; the form takes the response's id.
    const provider = await getServiceProviderDetails(customer, { serviceProviderId: 2001, withAlId: true });
    expect(provider).toMatchObject({ serviceProviderId: 1001, serviceProviderType: 'AL', name: 'Acme Plumbing & Heating' });
    let form: FunnelFormValues = { ...EMPTY_FUNNEL_FORM, postalCode: '80202', serviceProviderId: provider.serviceProviderId };
    const outcome = selectTaxonomyResult(drainCleaning!, {
      providerCategoryIds: provider.categories.map((c) => c.categoryId),
      nameOf: (id) => provider.categories.find((c) => c.categoryId === id)?.categoryName,
    });
    if (!outcome.ok) throw new Error('Drain Cleaning must be selectable');
    form = withCategory(form, outcome.selection);
    form = applyProviderCategory(form, chooseProviderCategory({ formCategoryId: form.categoryId, queryCategoryId: null }, provider.categories));
    expect(form).toMatchObject({ categoryId: 100, categoryName: 'Plumbing', taskCategoryId: 10003, taskCategoryName: 'Drain Cleaning' });

    expect(await getPostalCodeEligibility(customer, { serviceProviderId: 1001, postalCode: '80202' })).toEqual({ eligible: true });
    // A pro who does not serve Denver: the alternatives for the category and postal code.
    expect(await getPostalCodeEligibility(customer, { serviceProviderId: 1006, postalCode: '80202' })).toEqual({ eligible: false });
    expect(session.status()).toBe('none');
    const alternatives = splitSuggestions(await getSuggestions(customer, { categoryId: 100, postalCode: '80202', excludedServiceProviderIds: [1006] }));
    expect(session.status()).toBe('active');
    expect(alternatives.al.length + alternatives.ha.length).toBe(3);
    expect([...alternatives.al, ...alternatives.ha].every((p) => p.id !== 1006)).toBe(true);
    const token = sandbox.store.requests.at(-1)!.headers.authorization!.replace('OneTime ', '');
    expect(token).toMatch(/^ott_/);

    // ---- Project: create lead v3 through a 511 challenge, replayed exactly once -----------
    const body: CreateLeadV3 = createLeadV3Payload(form, {
      description: 'Kitchen sink drains slowly',
      urgency: null,
      answers: [{ questionText: 'Where is the clog?', answerText: 'Kitchen' }],
      address: { lineOne: '1600 Larimer St', lineTwo: '', city: 'Denver', state: 'CO', postalCode: '' },
      showAddress: false,
      contact: { firstName: 'Casey', lastName: 'Nguyen', email: 'casey.nguyen@example.com', phoneNumber: '303-555-0177' },
    });
    const challenge = sandbox.faults.challenge({ route: 'POST /gateway/lead/v3/lead' });
    const replayed: number[] = [];
    const error = await createLeadV3(customer, body, { idempotencyKey: 'submit-1', onReplayed: (o) => o.ok && replayed.push(o.value.leadId) }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).kind).toBe('challenge');
    await client.whenChallengeSettled();
    expect(challenge.passed).toBe(true);
    expect(replayed).toHaveLength(1);
    const leadId = replayed[0]!;
    // The same key again (a retry, a double click): the stored answer, no second lead.
    expect(await createLeadV3(customer, body, { idempotencyKey: 'submit-1' })).toEqual({ leadId });
    const creates = sandbox.store.requests.filter((r) => r.path === '/gateway/lead/v3/lead');
    expect(creates.map((r) => r.status)).toEqual([511, 200, 200]);
    expect(sandbox.store.leads.filter((l) => l.contact.email === 'casey.nguyen@example.com')).toHaveLength(1);

    // ---- Suggestions: fetch lead, v4 without the assigned pros, assign v2 + HA pro selection
    const fetched = await fetchLead(customer, leadId);
    expect(fetched).toMatchObject({
      leadId,
      urgency: 'NA',
      category: { id: 10003 },
      postalAddress: { postalCode: '80202', advertisingZone: expect.any(Number) },
    });
    // The token's guest member owns the lead.
    expect(sandbox.store.memberIdForToken(token)).toBe(fetched.userId);
    const assigned = (await getLeadServiceProviders(customer, leadId)).serviceProviders.map((p) => p.id);
    expect(assigned).toEqual([1001]);
    const suggestions = splitSuggestions(
      await getSuggestions(customer, suggestionRequest({ categoryId: fetched.category.id, postalCode: fetched.postalAddress.postalCode }, assigned)),
    );
    expect(sandbox.store.requests.at(-1)?.body).toEqual({ categoryId: 10003, postalCode: '80202', excludedServiceProviderIds: [1001], limit: 3 });
    expect(suggestions.al.length + suggestions.ha.length).toBe(3);
    expect(suggestions.al.length).toBeGreaterThan(0);
    expect(suggestions.ha.length).toBeGreaterThan(0);
    form = withSuggestionsLoaded(form, suggestions);
    const al = suggestions.al[0]!;
    const ha = suggestions.ha[0]!;
    form = setAdditionalProvider(form, suggestions, 'AL', al.id, true);
    form = setAdditionalProvider(form, suggestions, 'HA', ha.id, true);
    await assignLeadV2(customer, leadId, assignPayload(form));
    expect(sandbox.store.lead(leadId)?.assignments.map((a) => a.spId)).toEqual([1001, al.id]);
    expect(sandbox.store.lead(leadId)?.haProviderIds).toEqual([ha.id]);
    expect(sandbox.store.requests.at(-1)?.body).toEqual({
      serviceProviderIds: [al.id],
      haServiceProviderIds: [ha.id],
      serviceRequestId: suggestions.serviceRequestId,
    });
    await sendProSelection(customer, proSelectionPayload(form)!);
    expect(sandbox.store.sentNotifications.at(-1)).toMatchObject({ kind: 'pro-selection', leadIds: [leadId], serviceRequestId: suggestions.serviceRequestId });

    // ---- Summary: comparison, phone update, hiring, follow-up deals -------------------------
    const comparison = await getProviderComparison(customer, leadId);
    expect(comparison.serviceProviders.map((p) => p.id)).toEqual([1001, al.id, ha.id]);
    await updateUserPhone(customer, '7205550199');
    expect(sandbox.store.requests.at(-1)?.body).toEqual({ phoneNumber: '7205550199' });
    expect(sandbox.store.member(fetched.userId)?.phoneNumber).toBe('7205550199');
    await markHired(customer, leadId, { serviceProviderType: 'AL', serviceProviderId: 1001 });
    expect((await getProviderComparison(customer, leadId)).serviceProviders.find((p) => p.id === 1001)?.hired).toBe(true);
    const { deals } = await getFollowUpDeals(customer, { categoryId: 10003, postalCode: '80202' });
    expect(deals.map((d) => d.title)).toEqual(['Drain cleaning special']);

    // ---- The pros' boards list the new lead ---------------------------------------------
    for (const spId of [1001, al.id]) {
      const { leads } = await getLeads(board(spId), spId, {});
      expect(leads[0]).toMatchObject({
        leadId,
        status: 'Initial',
        read: false,
        category: { id: 10003 },
        customerInfo: { firstName: 'Casey', lastName: 'Nguyen' },
      });
    }

    // ---- The token: only ever in the Authorization header ---------------------------------
    const customerCalls = sandbox.store.requests.filter((r) => r.headers['x-caller-type'] === 'Member');
    for (const request of customerCalls) expect(JSON.stringify([request.path, request.query, request.body])).not.toContain(token);
    const withToken = new Set(customerCalls.filter((r) => r.headers.authorization).map((r) => `${r.method} ${r.path.replace(/\d{6}/, '{leadId}')}`));
    expect([...withToken].sort()).toEqual(
      [
        'POST /gateway/lead/v4/serviceproviders/suggestion',
        'POST /gateway/lead/v3/lead',
        'GET /gateway/lead/v1/lead/{leadId}',
        'GET /gateway/lead/v1/lead/{leadId}/serviceprovider',
        'POST /gateway/lead/v2/lead/{leadId}/assign',
        'POST /gateway/lead/v1/service-request/send-ol-pro-selection',
        'GET /gateway/lead/v1/lead/{leadId}/serviceprovider/comparison',
        'POST /gateway/lead/v1/user/updatePhone',
        'POST /gateway/lead/v1/lead/{leadId}/service-provider/mark-hired',
        'GET /gateway/lead/v1/deals/followUp',
      ].sort(),
    );
    expect(customerCalls.filter((r) => r.path === '/gateway/lead/v1/one-time-token')).toHaveLength(1);
    // Nothing the customer did was refused (the 511 was the injected challenge).
    expect(customerCalls.filter((r) => (r.status ?? 0) >= 400 && r.status !== 511)).toEqual([]);

    // Ending the session ends the token.
    await session.end();
    expect(sandbox.store.memberIdForToken(token)).toBeUndefined();
  });
});
