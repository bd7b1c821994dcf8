/**
 * The keys drafts are kept under (drafts.ts): ids only (`leadkit:draft:v1:sp:<spId>:thread:<userId>` /
 * `…:lead:<leadId>`, and the funnel's request `…:raq-funnel:<element id>`), never a customer's
 * name, phone or e-mail, never a token. Apart from the store, so an editor names its key in its
 * first render while the store's code loads after it.
 */

/** Every leadkit draft key starts with this (the version lets a later shape ignore older drafts). */
export const DRAFT_KEY_PREFIX = 'leadkit:draft:v1:';

const validId = (id: number) => Number.isSafeInteger(id) && id >= 0;

/** The draft key of a provider's message thread with a member, or null for ids that are not ids. */
export function threadDraftKey(spId: number, userId: number): string | null {
  return validId(spId) && validId(userId) ? `${DRAFT_KEY_PREFIX}sp:${spId}:thread:${userId}` : null;
}

/** The draft key of a provider's notes on a lead ('Your Notes'), or null for ids that are not ids. */
export function leadNotesDraftKey(spId: number, leadId: number): string | null {
  return validId(spId) && validId(leadId) ? `${DRAFT_KEY_PREFIX}sp:${spId}:lead:${leadId}` : null;
}

const FUNNEL_REQUEST_KEY_PREFIX = `${DRAFT_KEY_PREFIX}raq-funnel:`;

/**
 * The key of the request a `<raq-funnel>` could not send (docs/drafts.md#the-funnels-request),
 * per funnel on the page: `scope` is its element's id ('default' without one), as for its
 * sessionStorage record.
 */
export function funnelRequestDraftKey(scope: string): string {
  return `${FUNNEL_REQUEST_KEY_PREFIX}${encodeURIComponent(scope)}`;
}

/**
 * A funnel's kept request holds the customer's contact details: it is dropped after 7 days, not
 * the 30 of a pro's text (a request a week old is stale, and the details are not kept longer than
 * a customer would resend them).
 * @internal Exported for tests.
 */
export const FUNNEL_REQUEST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** How long the draft under `key` is kept: `maxAgeMs` (the store's), or less for a funnel's request. */
export function draftMaxAge(key: string, maxAgeMs: number): number {
  return key.startsWith(FUNNEL_REQUEST_KEY_PREFIX) ? Math.min(maxAgeMs, FUNNEL_REQUEST_MAX_AGE_MS) : maxAgeMs;
}
