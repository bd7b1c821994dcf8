import type { Lead } from '../../../gateway/office/schemas';

/**
 * React-free helpers of the board, shared by the card (first load) and the open card's body (a
 * lazy part): here, so the body never imports the card (the parts load one way).
 */

/** The customer's name as the card shows it, or `fallback` ('Member') when the lead has none. */
export function customerName(lead: Lead, fallback: string): string {
  const name = [lead.customerInfo.firstName, lead.customerInfo.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || fallback;
}

/** "City, ST 80202" from whatever parts the lead has. */
export function leadPlace(lead: Lead): string {
  const { city, state, postalCode } = lead.customerInfo;
  const cityState = [city?.trim(), state?.trim()].filter(Boolean).join(', ');
  return [cityState, postalCode?.trim()].filter(Boolean).join(' ');
}
