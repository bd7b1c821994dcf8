/**
 * Contact types recorded by the contact-creation call (spec §3). Values are the gateway's
 * numeric codes; 5 is not used by the spec.
 */
export const CONTACT_TYPES = {
  RequestAQuote: 1,
  PhoneNumberRevealed: 2,
  DealClaimed: 3,
  PhoneNumberClicked: 4,
  PhoneNumberTapped: 6,
  ServiceRequestRequestAQuote: 7,
  ServiceRequestPhoneNumberRevealed: 8,
  ServiceRequestPhoneNumberClicked: 9,
  // The spec names MessageSent as a contact type without its value; 10 is our choice (the
  // next free code). Change it here only, once the gateway's value is known.
  MessageSent: 10,
} as const;

export type ContactTypeName = keyof typeof CONTACT_TYPES;
export type ContactType = (typeof CONTACT_TYPES)[ContactTypeName];

/** The only contact placement type the spec gives a value for (the rest are not shown). */
export const CONTACT_PLACEMENT_UNKNOWN = 44;
