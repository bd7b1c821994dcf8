/** Paths of message-center calls that more than their call needs to know (calls.ts builds the requests). */

/** Message center calls' base path. */
export const MESSAGE_CENTER_BASE = '/gateway/message-center';
/** GET: the customers' phone numbers and e-mail for leads (contact info entries). */
export const LEAD_PHONE_NUMBERS_PATH = `${MESSAGE_CENTER_BASE}/v2/lead/phone_number`;
/** GET: a member's interaction activities ('Message History'). */
export const INTERACTION_ACTIVITIES_PATH = `${MESSAGE_CENTER_BASE}/v2/interactions/activities`;

/** Whether a request's path (the gateway's own prefix and a query allowed) ends in `path`. */
export const isPath = (requestPath: string, path: string): boolean => (requestPath.split('?')[0] ?? '').endsWith(path);
