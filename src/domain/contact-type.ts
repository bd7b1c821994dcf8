/**
 * Contact types recorded by the contact-creation call. Values are the gateway's
 * numeric codes; 5 is not used by the spec. The spec also names MessageSent, without its value: the
 * code leadkit assumes for it is the message contact's (`MESSAGE_SENT_CONTACT_TYPE` in
 * gateway/lead/message-contact.ts).
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
} as const;

/** The only contact placement type the spec gives a value for (the rest are not shown). */
export const CONTACT_PLACEMENT_UNKNOWN = 44;
