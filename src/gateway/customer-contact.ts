/**
 * A customer's contact details as leads carry them (`customerInfo`): what a server render leaves
 * out of the answers it puts in a page when its first screen shows none of them (the board's
 * cards, the thread's heading). The widget asks for them again once hydrated, or where shown.
 */
const CUSTOMER_CONTACT_FIELDS = {
  /** A board lead's and a V2 lead's customer. */
  customerInfo: ['phoneNumber', 'emailAddress', 'addressLineOne', 'addressLineTwo', 'phoneUrl'],
  /** A lead page's customer (contact once purchased). */
  user: ['phone', 'email'],
  /** A lead page's address: its street lines (city, state and postal code stay). */
  address: ['firstLine', 'secondLine', 'lineOne', 'lineTwo'],
} as const;

/** A JSON object (not an array, not null). */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A lead (any JSON value) without its customer's contact details; anything else as it is. */
export function withoutCustomerContact<T>(lead: T): T {
  if (!isRecord(lead)) return lead;
  const result: Record<string, unknown> = { ...lead };
  for (const [key, fields] of Object.entries(CUSTOMER_CONTACT_FIELDS)) {
    const part = lead[key];
    if (!isRecord(part)) continue;
    const kept = { ...part };
    for (const field of fields) delete kept[field];
    result[key] = kept;
  }
  return result as T;
}

/** A JSON text's value, or undefined when it is none. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
