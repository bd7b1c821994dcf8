/** Paths of office calls that more than their call needs to know (calls.ts builds the requests). */

/** The lead board's page of leads: `POST {LEADS_PAGE_PATH}{serviceProviderId}`. */
export const LEADS_PAGE_PATH = '/gateway/lead/office/v6/leads/serviceProvider/';

/** Whether a request's path (with the gateway's own prefix, if any, and a query) is a page of the lead board. */
export function isLeadsPagePath(path: string): boolean {
  const pathname = path.split('?')[0] ?? '';
  const at = pathname.lastIndexOf(LEADS_PAGE_PATH);
  return at >= 0 && /^[^/]+$/.test(pathname.slice(at + LEADS_PAGE_PATH.length));
}
