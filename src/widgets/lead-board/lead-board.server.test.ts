import { describe, expect, it } from 'vitest';
import type { ServerAnswer } from '../../gateway/server-answers';
import { boardServerAnswer } from './lead-board.server';

const answer = (path: string, text: string, status = 200): ServerAnswer => ({
  method: 'POST',
  path,
  body: '{}',
  status,
  contentType: 'application/json',
  text,
});
const LEADS = '/gateway/lead/office/v6/leads/serviceProvider/1001';
const lead = {
  leadId: 1,
  description: 'Leaking heater',
  customerInfo: {
    userId: 7,
    firstName: 'Jordan',
    city: 'Denver',
    phoneNumber: '3035550100',
    emailAddress: 'j@example.com',
    addressLineOne: '1 Main St',
    addressLineTwo: 'Apt 2',
    phoneUrl: 'tel:3035550100',
  },
};

describe('boardServerAnswer (what a board’s server render puts in the page)', () => {
  it('takes the customers’ contact details out of a page of leads and keeps the rest as it came', () => {
    const inlined = boardServerAnswer(answer(LEADS, JSON.stringify({ leads: [lead], pagination: { totalNumber: 1 } })));
    expect(JSON.parse(inlined?.text ?? 'null')).toEqual({
      leads: [{ leadId: 1, description: 'Leaking heater', customerInfo: { userId: 7, firstName: 'Jordan', city: 'Denver' } }],
      pagination: { totalNumber: 1 },
    });
    expect(inlined).toMatchObject({ method: 'POST', path: LEADS, status: 200 });
  });

  it('finds the page of leads behind a gateway prefix and with a query', () => {
    const inlined = boardServerAnswer(answer(`/internal${LEADS}?trace=1`, JSON.stringify({ leads: [lead] })));
    expect(inlined?.text).not.toContain('3035550100');
  });

  it('passes other answers and error answers through, and leaves out a page it cannot read', () => {
    const provider = { ...answer('/gateway/office-home/v4/service_provider?serviceProviderIds=1001', '{"serviceProviders":[]}'), method: 'GET', body: null };
    expect(boardServerAnswer(provider)).toBe(provider);
    const failed = answer(LEADS, '{"message":"nope"}', 500);
    expect(boardServerAnswer(failed)).toBe(failed);
    expect(boardServerAnswer(answer(LEADS, 'not json'))).toBeNull();
    expect(boardServerAnswer(answer(LEADS, '{"items":[]}'))).toBeNull();
    // A lead's own path (a note, a status) is no page of leads.
    const note = answer('/gateway/lead/office/v6/leads/serviceProvider/1001/extra', '{"leads":[{"customerInfo":{"phoneNumber":"1"}}]}');
    expect(boardServerAnswer(note)).toBe(note);
  });
});
