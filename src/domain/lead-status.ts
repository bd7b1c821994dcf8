import type { MessageKey } from '../i18n/en-US';

/** Lead statuses in the order the status select lists them. */
export const LEAD_STATUSES = ['Initial', 'ContactAndQualify', 'Selling', 'InProgressWon', 'ClosedWon', 'ClosedDidntWin'] as const;

export type LeadStatus = (typeof LEAD_STATUSES)[number];

export function leadStatusLabelKey(status: LeadStatus): MessageKey {
  return `leadStatus.${status}`;
}

/** The card header labels every status except 'Initial' (a new lead needs no badge). */
export function showsStatusLabel(status: LeadStatus): boolean {
  return status !== 'Initial';
}

/**
 * Closing a lead as won is the moment to ask for a review, but only behind the
 * new-review-request experiment.
 */
export function shouldPromptReviewOnStatus(newStatus: LeadStatus, experimentEnabled: boolean): boolean {
  return experimentEnabled && newStatus === 'ClosedWon';
}
