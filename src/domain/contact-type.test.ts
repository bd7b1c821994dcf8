import { describe, expect, it } from 'vitest';
import { CONTACT_PLACEMENT_UNKNOWN, CONTACT_TYPES } from './contact-type';

describe('CONTACT_TYPES', () => {
  it('carries the spec codes', () => {
    expect(CONTACT_TYPES).toMatchObject({
      RequestAQuote: 1,
      PhoneNumberRevealed: 2,
      DealClaimed: 3,
      PhoneNumberClicked: 4,
      PhoneNumberTapped: 6,
      ServiceRequestRequestAQuote: 7,
      ServiceRequestPhoneNumberRevealed: 8,
      ServiceRequestPhoneNumberClicked: 9,
    });
  });

  it('gives each type its own code', () => {
    const codes = Object.values(CONTACT_TYPES);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('CONTACT_PLACEMENT_UNKNOWN', () => {
  it('is 44', () => {
    expect(CONTACT_PLACEMENT_UNKNOWN).toBe(44);
  });
});
