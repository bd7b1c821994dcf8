import { describe, expect, it } from 'vitest';
import { getLeads } from '../../../src/gateway/office/calls';
import { NOW, setup } from './test-helpers';

const SP = 1001;

describe('a lead arriving on demand (sandbox.createLead, POST /sandbox/leads)', () => {
  it('creates a new, unread lead for the provider, on top of its board, created now', async () => {
    const { provider, sandbox } = setup();
    const { leadId } = sandbox.createLead({ serviceProviderId: SP, firstName: 'Nova', lastName: 'Arrival' });
    const page = await getLeads(provider, SP, { offset: 0, limit: 5, sort: 'NewestOldest', filters: { archived: false } });
    const top = page.leads[0];
    expect(top?.leadId).toBe(leadId);
    expect(top?.customerInfo).toMatchObject({ firstName: 'Nova', lastName: 'Arrival' });
    expect(top).toMatchObject({ read: false, status: 'Initial', createDate: NOW.toISOString() });
  });

  it('over HTTP: answers the new lead id; an unknown provider is a 400', async () => {
    const { provider, sandbox } = setup();
    const post = (body: unknown) =>
      sandbox.fetch('/sandbox/leads', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const created = await post({ serviceProviderId: SP });
    expect(created.status).toBe(200);
    const { leadId } = (await created.json()) as { leadId: number };
    const page = await getLeads(provider, SP, { offset: 0, limit: 1, sort: 'NewestOldest', filters: { archived: false } });
    expect(page.leads[0]?.leadId).toBe(leadId);
    expect((await post({ serviceProviderId: 999_999 })).status).toBe(400);
    expect((await post({ firstName: 'No provider' })).status).toBe(400);
  });
});
