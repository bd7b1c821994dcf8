// In a DOM environment (happy-dom), as component tests that use the sandbox are.
import { describe, expect, it } from 'vitest';
import { createGatewayClient } from '../../../src/gateway/core/client';
import { createLeadV3 } from '../../../src/gateway/lead/funnel/calls';
import { getLeads } from '../../../src/gateway/office/calls';
import { createSandboxGateway, SANDBOX_MEMBER_TOKEN } from './index';

describe('sandbox gateway in a DOM environment', () => {
  it('serves the client in-process', async () => {
    const sandbox = createSandboxGateway();
    const provider = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'provider', spId: 1001 } });
    const member = createGatewayClient({ baseURL: '', fetch: sandbox.fetch, auth: { kind: 'oneTime', token: SANDBOX_MEMBER_TOKEN } });
    const { leadId } = await createLeadV3(member, {
      source: 'RequestAQuote',
      title: 'Sink',
      categoryId: 10006,
      contactInformation: { email: 'jordan.rivera@example.com', firstName: 'Jordan', lastName: 'Rivera', phoneNumber: '3035550142' },
      assignedServiceProviderIds: [1001],
      address: { lineOne: '1 A St', city: 'Denver', state: 'CO', postalCode: '80202' },
    });
    const page = await getLeads(provider, 1001, {});
    expect(page.leads[0]?.leadId).toBe(leadId);
    expect(page.leads).toHaveLength(5);
  });

  it('a dropped request is a network failure here too', async () => {
    const sandbox = createSandboxGateway();
    sandbox.faults.drop();
    await expect(sandbox.fetch('/gateway/lead/v1/topCategories', { headers: { 'X-Caller-Type': 'Member' } })).rejects.toBeInstanceOf(TypeError);
  });
});
