import { describe, expect, it } from 'vitest';
import { enUS } from '../i18n/en-US';
import {
  FEEDBACK_RATINGS,
  FEEDBACK_REASONS,
  type FeedbackState,
  chooseReason,
  editNotes,
  feedbackAfterRating,
  feedbackKind,
  feedbackSubmitted,
  initialFeedbackState,
  isFeedbackRating,
  onOutsideClose,
  reasonLabelKey,
  reasonSubmission,
  starLabelKey,
  thankYouLink,
} from './feedback';

function reasonStep(rating: 1 | 2 | 3 | 4): FeedbackState {
  const next = feedbackAfterRating(rating);
  if (!('state' in next)) throw new Error('expected the reason step');
  return next.state;
}

describe('ratings', () => {
  it('are 1 to 5 and nothing else', () => {
    expect(FEEDBACK_RATINGS).toEqual([1, 2, 3, 4, 5]);
    expect(isFeedbackRating(0)).toBe(false);
    expect(isFeedbackRating(6)).toBe(false);
    expect(isFeedbackRating(2.5)).toBe(false);
    expect(isFeedbackRating('5')).toBe(false);
  });

  it('are labelled Great 5, Good 4, Okay 3, Fair 2, Poor 1', () => {
    expect(FEEDBACK_RATINGS.map((r) => enUS[starLabelKey(r)])).toEqual(['Poor', 'Fair', 'Okay', 'Good', 'Great']);
  });
});

describe('reasons', () => {
  it('list the six spec reasons with their labels', () => {
    expect(FEEDBACK_REASONS.map((r) => enUS[reasonLabelKey(r)])).toEqual([
      'Low-value job',
      'Out of service area',
      "I don't do this work",
      'Customer unresponsive',
      'Potential spam',
      'Other',
    ]);
  });
});

describe('feedbackAfterRating', () => {
  it('submits 5 stars at once with reason Other and no notes', () => {
    expect(feedbackAfterRating(5)).toEqual({ submit: { rating: 5, reason: 'Other' } });
  });

  it('opens the reason step for 1 to 4 stars', () => {
    for (const rating of [1, 2, 3, 4] as const) {
      expect(feedbackAfterRating(rating)).toEqual({ state: { step: 'reason', rating, reason: null, notes: '' } });
    }
  });
});

describe('feedbackKind', () => {
  it('counts under 5 as feedback and 5 as a star rating', () => {
    expect(feedbackKind(4)).toBe('feedback');
    expect(feedbackKind(1)).toBe('feedback');
    expect(feedbackKind(5)).toBe('starRating');
  });
});

describe('reasonSubmission', () => {
  it('is not ready until a reason is chosen', () => {
    expect(reasonSubmission(reasonStep(2))).toBeNull();
  });

  it('sends a plain reason without notes, even if notes were typed before switching', () => {
    const typed = editNotes(chooseReason(reasonStep(2), 'Other'), 'too far');
    expect(reasonSubmission(chooseReason(typed, 'OutOfServiceArea'))).toEqual({
      rating: 2,
      reason: 'OutOfServiceArea',
    });
  });

  it('requires text for Other, and whitespace is not text', () => {
    const other = chooseReason(reasonStep(3), 'Other');
    expect(reasonSubmission(other)).toBeNull();
    expect(reasonSubmission(editNotes(other, '   \n '))).toBeNull();
  });

  it('sends Other with trimmed notes', () => {
    const other = editNotes(chooseReason(reasonStep(3), 'Other'), '  Duplicate of another lead ');
    expect(reasonSubmission(other)).toEqual({ rating: 3, reason: 'Other', notes: 'Duplicate of another lead' });
  });

  it('is null outside the reason step', () => {
    expect(reasonSubmission(initialFeedbackState())).toBeNull();
  });
});

describe('reason-step edits', () => {
  it('do nothing outside the reason step', () => {
    const rating = initialFeedbackState({ rating: 3 });
    expect(chooseReason(rating, 'Other')).toBe(rating);
    expect(editNotes(rating, 'x')).toBe(rating);
  });
});

describe('initialFeedbackState', () => {
  it('shows the stored rating, or none', () => {
    expect(initialFeedbackState({ rating: 4 })).toEqual({ step: 'rating', rating: 4 });
    expect(initialFeedbackState(null)).toEqual({ step: 'rating', rating: null });
    expect(initialFeedbackState({ rating: 0 })).toEqual({ step: 'rating', rating: null });
  });
});

describe('thank-you', () => {
  it('follows a successful submission with its rating and reason', () => {
    expect(feedbackSubmitted({ rating: 2, reason: 'DontDoThisWork' })).toEqual({
      step: 'thankYou',
      rating: 2,
      reason: 'DontDoThisWork',
    });
  });

  it('links to the service area for Out of service area and to services for I don’t do this work', () => {
    expect(thankYouLink('OutOfServiceArea')).toBe('editServiceArea');
    expect(thankYouLink('DontDoThisWork')).toBe('servicesOffered');
  });

  it('offers no link for the other reasons', () => {
    for (const reason of ['LowValueJob', 'CustomerUnresponsive', 'PotentialSpam', 'Other'] as const) {
      expect(thankYouLink(reason)).toBeNull();
    }
  });
});

describe('onOutsideClose', () => {
  it('forgets an unsent rating when there was no prior feedback', () => {
    expect(onOutsideClose(reasonStep(2), false)).toEqual({ step: 'rating', rating: null });
  });

  it('keeps the rating when there was prior feedback', () => {
    expect(onOutsideClose(reasonStep(2), true)).toEqual({ step: 'rating', rating: 2 });
  });

  it('returns from the thank-you to the stars with the submitted rating', () => {
    expect(onOutsideClose(feedbackSubmitted({ rating: 1, reason: 'PotentialSpam' }), true)).toEqual({
      step: 'rating',
      rating: 1,
    });
  });
});
