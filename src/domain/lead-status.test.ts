import { describe, expect, it } from 'vitest';
import { enUS } from '../i18n/en-US';
import { LEAD_STATUSES, leadStatusLabelKey, shouldPromptReviewOnStatus, showsStatusLabel } from './lead-status';

describe('LEAD_STATUSES', () => {
  it('lists the six spec statuses in select order', () => {
    expect(LEAD_STATUSES).toEqual(['Initial', 'ContactAndQualify', 'Selling', 'InProgressWon', 'ClosedWon', 'ClosedDidntWin']);
  });
});

describe('leadStatusLabelKey', () => {
  it('maps each status to the spec label', () => {
    const labels = LEAD_STATUSES.map((status) => enUS[leadStatusLabelKey(status)]);
    expect(labels).toEqual(['New', 'Not Contacted', 'Contacted', 'Scheduled', 'Closed won', 'Closed lost']);
  });
});

describe('showsStatusLabel', () => {
  it('hides the label only for Initial', () => {
    expect(showsStatusLabel('Initial')).toBe(false);
    for (const status of LEAD_STATUSES.filter((s) => s !== 'Initial')) {
      expect(showsStatusLabel(status)).toBe(true);
    }
  });
});

describe('shouldPromptReviewOnStatus', () => {
  it('prompts when the experiment is on and the lead becomes ClosedWon', () => {
    expect(shouldPromptReviewOnStatus('ClosedWon', true)).toBe(true);
  });

  it('does not prompt when the experiment is off', () => {
    expect(shouldPromptReviewOnStatus('ClosedWon', false)).toBe(false);
  });

  it('does not prompt for any other status, including ClosedDidntWin', () => {
    for (const status of LEAD_STATUSES.filter((s) => s !== 'ClosedWon')) {
      expect(shouldPromptReviewOnStatus(status, true)).toBe(false);
    }
  });
});
