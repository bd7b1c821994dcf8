import type { MessageKey } from '../i18n/en-US';

export const FEEDBACK_RATINGS = [1, 2, 3, 4, 5] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];

export function isFeedbackRating(value: unknown): value is FeedbackRating {
  return typeof value === 'number' && (FEEDBACK_RATINGS as readonly number[]).includes(value);
}

/** Great 5, Good 4, Okay 3, Fair 2, Poor 1. */
export function starLabelKey(rating: FeedbackRating): MessageKey {
  return `feedback.star.${rating}`;
}

/** Reasons in the order the reason step lists them. */
export const FEEDBACK_REASONS = ['LowValueJob', 'OutOfServiceArea', 'DontDoThisWork', 'CustomerUnresponsive', 'PotentialSpam', 'Other'] as const;
export type FeedbackReason = (typeof FEEDBACK_REASONS)[number];

export function reasonLabelKey(reason: FeedbackReason): MessageKey {
  return `feedback.reason.${reason}`;
}

/** What the feedback call sends; notes only accompany 'Other'. */
export interface FeedbackSubmission {
  readonly rating: FeedbackRating;
  readonly reason: FeedbackReason;
  readonly notes?: string;
}

export type FeedbackState =
  | { readonly step: 'rating'; readonly rating: FeedbackRating | null }
  | {
      readonly step: 'reason';
      readonly rating: FeedbackRating;
      readonly reason: FeedbackReason | null;
      readonly notes: string;
    }
  | { readonly step: 'thankYou'; readonly rating: FeedbackRating; readonly reason: FeedbackReason };

/** The popover opens on the stars, showing the lead's stored rating if it has one. */
export function initialFeedbackState(prior?: { readonly rating?: number | null } | null): FeedbackState {
  const rating = prior?.rating;
  return { step: 'rating', rating: isFeedbackRating(rating) ? rating : null };
}

/**
 * A 5-star rating needs no explanation and is sent at once with reason 'Other'; anything
 * lower asks why.
 */
export function feedbackAfterRating(rating: FeedbackRating): { readonly submit: FeedbackSubmission } | { readonly state: FeedbackState } {
  if (rating === 5) return { submit: { rating: 5, reason: 'Other' } };
  return { state: { step: 'reason', rating, reason: null, notes: '' } };
}

/** Analytics and the gateway tell feedback (under 5) from a star rating (5). */
export function feedbackKind(rating: FeedbackRating): 'feedback' | 'starRating' {
  return rating === 5 ? 'starRating' : 'feedback';
}

export function chooseReason(state: FeedbackState, reason: FeedbackReason): FeedbackState {
  return state.step === 'reason' ? { ...state, reason } : state;
}

export function editNotes(state: FeedbackState, notes: string): FeedbackState {
  return state.step === 'reason' ? { ...state, notes } : state;
}

/**
 * The reason step's submission, or null while it is incomplete: a reason must be chosen, and
 * 'Other' needs some text (whitespace alone says nothing).
 */
export function reasonSubmission(state: FeedbackState): FeedbackSubmission | null {
  if (state.step !== 'reason' || state.reason === null) return null;
  if (state.reason !== 'Other') return { rating: state.rating, reason: state.reason };
  const notes = state.notes.trim();
  return notes ? { rating: state.rating, reason: 'Other', notes } : null;
}

/** After the gateway accepts the feedback, the reason-specific thank-you shows. */
export function feedbackSubmitted(submission: FeedbackSubmission): FeedbackState {
  return { step: 'thankYou', rating: submission.rating, reason: submission.reason };
}

export type ThankYouLink = 'editServiceArea' | 'servicesOffered';

/** The thank-you offers a fix where the reason points at the provider's own settings. */
export function thankYouLink(reason: FeedbackReason): ThankYouLink | null {
  if (reason === 'OutOfServiceArea') return 'editServiceArea';
  if (reason === 'DontDoThisWork') return 'servicesOffered';
  return null;
}

/**
 * Clicking outside closes the popover; the next open starts on the stars. Without prior
 * feedback an unsent pick is forgotten; with prior feedback the rating shown is
 * kept, as the spec describes.
 */
export function onOutsideClose(state: FeedbackState, hadPriorFeedback: boolean): FeedbackState {
  return { step: 'rating', rating: hadPriorFeedback ? state.rating : null };
}
