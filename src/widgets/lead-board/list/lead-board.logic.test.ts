import { describe, expect, it } from 'vitest';
import type { Lead } from '../../../gateway/office/schemas';
import { customerName, leadPlace } from './lead-board.logic';

const lead = (customerInfo: Partial<Lead['customerInfo']>) => ({ customerInfo }) as Lead;

describe('board card helpers', () => {
  it("names the customer by first and last name, or the fallback ('Member')", () => {
    expect(customerName(lead({ firstName: ' Ann ', lastName: 'Lee' }), 'Member')).toBe('Ann Lee');
    expect(customerName(lead({ firstName: '', lastName: '  ' }), 'Member')).toBe('Member');
  });

  it('writes the place from the parts the lead has', () => {
    expect(leadPlace(lead({ city: 'Denver', state: 'CO', postalCode: '80202' }))).toBe('Denver, CO 80202');
    expect(leadPlace(lead({ city: 'Denver' }))).toBe('Denver');
    expect(leadPlace(lead({ postalCode: '80202' }))).toBe('80202');
  });
});
