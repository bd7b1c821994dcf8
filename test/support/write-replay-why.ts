import type { WRITE_REPLAY } from '../../src/gateway/core/write-replay';

/**
 * Why each write of `WRITE_REPLAY` has its decision: what the call does, or why repeating it
 * changes nothing. Apart from the table so the reasons stay out of the shipped code; the type
 * makes the compiler reject a write without its reason, or a reason for no write.
 *
 * docs/gateway.md's table shows them (test/gateway-docs.test.ts).
 */
export const WRITE_REPLAY_WHY: { readonly [K in keyof typeof WRITE_REPLAY]: string } = {
  'lead.requestLeadReview': "answers the review form's pre-fill; changes nothing",
  'lead.sendOpportunityLeadNotification': 'notifies the pros of the leads: twice would notify them twice',
  'lead.addDisplayPreferences': "adds to the provider's stored preferences",
  'lead.createLeadV1': 'creates a lead',
  'lead.createLeadV3': 'creates a lead',
  'lead.assignLeadV1': 'assigns pros to the lead, who are told of it',
  'lead.assignLeadV2': "assigns pros to the lead, who are told of it (the funnel's key of the selection)",
  'lead.sendHandyLead': 'sends the lead to Handy',
  'lead.sendProSelection': "notifies the chosen pros (the funnel's key of the selection)",
  'lead.markHired': 'marks a pro hired, who may be told of it',
  'lead.updateUserPhone': "changes the member's phone number",
  'lead.issueOneTimeToken': 'creates a guest member and its token',
  'lead.renewOneTimeToken': "sets the token's expiry afresh: once more only sets it again",
  'lead.expireOneTimeToken': 'ends the token: an ended token stays ended',
  'lead.createContact': 'records a contact after a message',
  'review.getOrCreateDraftReview': 'gets the draft, creating it only when there is none',
  'review.updateDraftReview': 'PUT of the whole draft: sets it to what was sent',
  'review.requestReviewByEmail': 'e-mails the customer a review request',
  'messageCenter.sendMessage': 'sends a message',
  'messageCenter.markThreadRead': "PUT of the thread's read state: sets it",
  'office.markLeadRead': "sets the lead's read state (the board keeps one key per change, offline too)",
  'office.updateLeadNote': "sets the lead's notes (one key per change)",
  'office.updateLeadStatus': "changes the lead's status (one key per change)",
  'office.archiveLead': 'archives or restores the lead (one key per change)',
  'office.registerPhoneNumber': "connects a number: a second request would answer 409 'already connected'",
  'office.submitLeadFeedback': "records the pro's feedback on the lead",
};
