/**
 * The keys drafts are kept under (drafts.ts): ids only (`leadkit:draft:v1:sp:<spId>:thread:<userId>` /
 * `…:lead:<leadId>`), never a customer's name, phone or e-mail, never a token. Apart from the
 * store, so an editor names its key in its first render while the store's code loads after it.
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
