import { describe, expect, it } from 'vitest';
import { awaitsFirstAnswer, freshLeadAge, nextAgeChangeIn, type AnswerableLead } from './lead-age';

const NOW = new Date('2026-11-26T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('freshLeadAge: how long ago a lead arrived, while it is fresh', () => {
  it('says just now, whole minutes under an hour, whole hours under a day, nothing from 24 h on', () => {
    expect(freshLeadAge(ago(0), NOW)).toEqual({ unit: 'now' });
    expect(freshLeadAge(ago(59_999), NOW)).toEqual({ unit: 'now' });
    expect(freshLeadAge(ago(MIN), NOW)).toEqual({ unit: 'minutes', count: 1 });
    expect(freshLeadAge(ago(12 * MIN + 59_000), NOW)).toEqual({ unit: 'minutes', count: 12 });
    expect(freshLeadAge(ago(HOUR - 1), NOW)).toEqual({ unit: 'minutes', count: 59 });
    expect(freshLeadAge(ago(HOUR), NOW)).toEqual({ unit: 'hours', count: 1 });
    expect(freshLeadAge(ago(3 * HOUR + 59 * MIN), NOW)).toEqual({ unit: 'hours', count: 3 });
    expect(freshLeadAge(ago(24 * HOUR - 1), NOW)).toEqual({ unit: 'hours', count: 23 });
    expect(freshLeadAge(ago(24 * HOUR), NOW)).toBeNull();
  });

  it('takes a date a little ahead of the clock as just now, and an unreadable one as not fresh', () => {
    expect(freshLeadAge(ago(-5 * MIN), NOW)).toEqual({ unit: 'now' });
    expect(freshLeadAge('not a date', NOW)).toBeNull();
    expect(freshLeadAge('', NOW)).toBeNull();
    expect(freshLeadAge(null, NOW)).toBeNull();
  });
});

describe('awaitsFirstAnswer: the respond-first cue', () => {
  const lead: AnswerableLead = { leadId: 7, status: 'Initial', isArchived: false, createDate: ago(12 * MIN) };
  it('holds for a fresh New lead nobody answered, and ends with a status, an archive, an answer on this device or the first day', () => {
    expect(awaitsFirstAnswer(lead, NOW, new Set())).toBe(true);
    expect(awaitsFirstAnswer({ ...lead, status: 'ContactAndQualify' }, NOW, new Set())).toBe(false);
    expect(awaitsFirstAnswer({ ...lead, isArchived: true }, NOW, new Set())).toBe(false);
    expect(awaitsFirstAnswer(lead, NOW, new Set([7]))).toBe(false);
    expect(awaitsFirstAnswer(lead, NOW, new Set([8]))).toBe(true);
    expect(awaitsFirstAnswer({ ...lead, createDate: ago(24 * HOUR) }, NOW, new Set())).toBe(false);
  });
});

describe('nextAgeChangeIn: when the age text changes next', () => {
  it('is the next whole minute under an hour, the next whole hour after, and never once the lead is a day old', () => {
    expect(nextAgeChangeIn(ago(12 * MIN + 20_000), NOW)).toBe(40_000);
    expect(nextAgeChangeIn(ago(0), NOW)).toBe(MIN);
    expect(nextAgeChangeIn(ago(3 * HOUR + 15 * MIN), NOW)).toBe(45 * MIN);
    expect(nextAgeChangeIn(ago(24 * HOUR), NOW)).toBeNull();
    expect(nextAgeChangeIn('nope', NOW)).toBeNull();
  });
});
