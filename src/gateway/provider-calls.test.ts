import { describe, expect, it } from 'vitest';
import { json, recordingFetch } from '../../test/helpers/recording-fetch';
import { createGatewayClient, type GatewayClient } from './core/client';
import { HEADERS } from './core/headers';
import * as lead from './lead/calls';
import { getProviderLeadV1, getProviderLeadV2 } from './lead/provider-lead-calls';
import * as messageCenter from './message-center/calls';
import { getChatSession } from './message-center/chat-session';
import * as office from './office/calls';
import { submitLeadFeedback } from './office/feedback';
import { getProviderCategories } from './office/categories';
import { getRegisteredPhoneNumbers, registerPhoneNumber } from './office/registered-numbers';
import { getLeadCounts } from './office/lead-counts';
import * as review from './review/calls';

/**
 * Every provider call states the provider it acts for (docs/gateway.md#one-provider-per-widget),
 * and its caller id is that
 * provider — from the same value as its path, query or body — whatever provider the client's
 * auth names (an element switching provider, the office app's route for another provider).
 */
const ACTS_FOR = 9;
const AUTH_NAMES = 7;

const PROVIDER_CALLS: Record<string, (client: GatewayClient) => Promise<unknown>> = {
  'office.getServiceProviderInfo': (client) => office.getServiceProviderInfo(client, ACTS_FOR),
  'office.getLeads': (client) => office.getLeads(client, ACTS_FOR, { filters: {}, sortBy: 'Newest', pageNumber: 1, pageSize: 10 } as never),
  'office.markLeadRead': (client) => office.markLeadRead(client, ACTS_FOR, { leadId: 1, read: true }),
  'office.updateLeadNote': (client) => office.updateLeadNote(client, 1, { serviceProviderId: ACTS_FOR, note: 'n' }),
  'office.updateLeadStatus': (client) => office.updateLeadStatus(client, 1, { serviceProviderId: ACTS_FOR, status: 'Selling' }),
  'office.archiveLead': (client) => office.archiveLead(client, ACTS_FOR, { leadId: 1, archived: true }),
  'office.submitLeadFeedback': (client) => submitLeadFeedback(client, ACTS_FOR, { leadId: 1, rating: 2, reason: 'LowValueJob' }),
  'office.getProviderCategories': (client) => getProviderCategories(client, ACTS_FOR),
  'office.getRegisteredPhoneNumbers': (client) => getRegisteredPhoneNumbers(client, { spId: ACTS_FOR }),
  'office.registerPhoneNumber': (client) => registerPhoneNumber(client, { spId: ACTS_FOR, brand: 'ADS', name: 'Desk', phoneNumber: '3035550100' } as never),
  'office.getLeadCounts': (client) => getLeadCounts(client, ACTS_FOR, { filters: {} } as never),
  'lead.getProviderLeadV2': (client) => getProviderLeadV2(client, { leadId: 1, spId: ACTS_FOR }),
  'lead.getProviderLeadV1': (client) => getProviderLeadV1(client, { leadId: 1, serviceProviderId: ACTS_FOR }),
  'lead.requestLeadReview': (client) => lead.requestLeadReview(client, { serviceProviderId: ACTS_FOR, leadId: 1 }),
  'lead.addDisplayPreferences': (client) => lead.addDisplayPreferences(client, ACTS_FOR, ['HideThimbleForAllLeads']),
  'lead.autocompleteLocation': (client) => lead.autocompleteLocation(client, { serviceProviderId: ACTS_FOR, query: 'Den' }),
  'lead.autocompleteCategoryName': (client) => lead.autocompleteCategoryName(client, { serviceProviderId: ACTS_FOR, query: 'Plu' }),
  'lead.autocompleteMemberName': (client) => lead.autocompleteMemberName(client, { serviceProviderId: ACTS_FOR, query: 'Jor' }),
  'messageCenter.sendMessage': (client) => messageCenter.sendMessage(client, { text: 'Hi', senderEntityId: ACTS_FOR, receiverEntityId: 5001 }),
  'messageCenter.getLeadPhoneNumbers': (client) => messageCenter.getLeadPhoneNumbers(client, { serviceProviderId: ACTS_FOR, leadIds: [1] }),
  'messageCenter.markThreadRead': (client) => messageCenter.markThreadRead(client, { serviceProviderId: ACTS_FOR, userId: 5001, read: true }),
  'messageCenter.getChatSession': (client) => getChatSession(client, { serviceProviderId: ACTS_FOR, userId: 5001 }),
  'review.getOrCreateDraftReview': (client) => review.getOrCreateDraftReview(client, { serviceProviderId: ACTS_FOR, leadId: 1 }),
  'review.requestReviewByEmail': (client) =>
    review.requestReviewByEmail(client, {
      firstName: 'A',
      lastName: 'B',
      email: 'a@example.com',
      phoneNumber: '3035550100',
      reviewRequest: { serviceProviderId: ACTS_FOR, postalCode: '80202', workCompleted: 'yes', categoryIds: [1] },
    }),
};

/** Where a request names its provider: its path, its query or its body. */
function namedProviders(request: { url: string; body: unknown }): string[] {
  const url = new URL(request.url);
  const inPath = [...url.pathname.matchAll(/serviceprovider\/(\d+)|service_provider\/(\d+)/gi)].map((match) => match[1] ?? match[2] ?? '');
  const inQuery = ['serviceProviderId', 'serviceProviderIds', 'spId'].flatMap((name) => url.searchParams.getAll(name));
  const body = (request.body ?? {}) as Record<string, unknown>;
  const inBody = ['serviceProviderId', 'spId', 'senderEntityId'].filter((name) => name in body).map((name) => String(body[name]));
  return [...inPath, ...inQuery, ...inBody];
}

describe('provider calls: the caller id is the provider the call acts for', () => {
  it.each(Object.entries(PROVIDER_CALLS))('%s', async (_name, call) => {
    const { fetch, requests } = recordingFetch(() => json(500, {}));
    const client = createGatewayClient({ baseURL: 'https://gw.test', auth: { kind: 'provider', spId: AUTH_NAMES }, fetch, retry: { retries: 0 } });
    await call(client).catch(() => undefined);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(namedProviders(request!)).toContain(String(ACTS_FOR));
    expect(new Set(namedProviders(request!))).toEqual(new Set([String(ACTS_FOR)]));
    expect(request!.headers[HEADERS.callerId.toLowerCase()]).toBe(String(ACTS_FOR));
  });

  it("a call that names no provider has the auth's caller id; a customer's call none, whatever provider it names", async () => {
    const { fetch, requests } = recordingFetch(() => json(500, {}));
    const provider = createGatewayClient({ baseURL: 'https://gw.test', auth: { kind: 'provider', spId: AUTH_NAMES }, fetch, retry: { retries: 0 } });
    await lead.fetchOpportunityLeads(provider, 42).catch(() => undefined);
    const customer = createGatewayClient({ baseURL: 'https://gw.test', auth: { kind: 'oneTime', token: 't' }, fetch, retry: { retries: 0 } });
    await review.getOrCreateDraftReview(customer, { serviceProviderId: ACTS_FOR }).catch(() => undefined);
    expect(requests.map((request) => request.headers[HEADERS.callerId.toLowerCase()])).toEqual([String(AUTH_NAMES), undefined]);
  });
});
