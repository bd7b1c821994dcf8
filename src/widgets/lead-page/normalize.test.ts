import { describe, expect, it } from 'vitest';
import { normalizeLeadPage } from './normalize';

const info = {
  title: 'Water heater replacement',
  description: '  40 gallon, gas  ',
  urgency: 'Within a week',
  category: { id: 10002, name: 'Water Heater Installation' },
  attributes: [{ questionText: 'Fuel type?', answerText: 'Gas' }],
};

describe('normalizeLeadPage', () => {
  it('renders v1 (user + firstLine) and V2 (customerInfo + lineOne) the same', () => {
    const v1 = normalizeLeadPage({
      leadId: 1,
      purchased: true,
      info,
      address: { firstLine: '12 Elm St', secondLine: 'Apt 2', city: 'Denver', state: 'CO', postalCode: '80202' },
      user: { firstName: 'Ann', lastName: 'Lee', phone: '3035550100', email: 'ann@example.com' },
    });
    const v2 = normalizeLeadPage({
      leadId: 1,
      purchased: true,
      info,
      address: { lineOne: '12 Elm St', lineTwo: 'Apt 2', city: 'Denver', state: 'CO', postalCode: '80202' },
      customerInfo: { firstName: 'Ann', lastName: 'Lee', isSmsEnabled: false },
      user: { firstName: null, lastName: null, phone: '3035550100', email: 'ann@example.com' },
    });
    expect(v2).toEqual(v1);
    expect(v1.customer).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      phone: '3035550100',
      email: 'ann@example.com',
      addressLines: ['12 Elm St', 'Apt 2'],
    });
    expect(v1.description).toBe('40 gallon, gas');
    expect(v1.questions).toEqual([{ question: 'Fuel type?', answer: 'Gas' }]);
  });

  it('shows no customer details for a lead that is not purchased, even if the response had some', () => {
    const view = normalizeLeadPage({
      leadId: 2,
      purchased: false,
      info,
      address: { lineOne: null, lineTwo: null, city: 'Denver', state: 'CO', postalCode: '80202' },
      user: { firstName: 'Ann', lastName: 'Lee', phone: '3035550100', email: 'ann@example.com' },
    });
    expect(view.customer).toBeNull();
    expect(view.location).toEqual({ city: 'Denver', state: 'CO', postalCode: '80202' });
  });
});
