import { describe, expect, it } from 'vitest';
import { sameCardProps, type BoardLeadCardProps } from './board-lead-card';

const LEAD = { leadId: 1 } as BoardLeadCardProps['lead'];
const props = (overrides: Partial<BoardLeadCardProps> = {}): BoardLeadCardProps => ({
  lead: LEAD,
  age: { full: '12 min ago', short: '12 min' },
  respondFirst: true,
  opensFirst: false,
  featured: false,
  messageHref: '/thread/1',
  messageKind: 'conversation-thread',
  ...overrides,
});

describe('a lead card re-renders only when what it shows changes', () => {
  it('keeps a fresh lead card when the list made a new age object saying the same', () => {
    expect(sameCardProps(props(), props({ age: { full: '12 min ago', short: '12 min' } }))).toBe(true);
    expect(sameCardProps(props({ age: null }), props({ age: null }))).toBe(true);
  });

  it('renders again when the age says something else, appears or goes', () => {
    expect(sameCardProps(props(), props({ age: { full: '13 min ago', short: '13 min' } }))).toBe(false);
    expect(sameCardProps(props(), props({ age: { full: '12 min ago', short: '12m' } }))).toBe(false);
    expect(sameCardProps(props(), props({ age: null }))).toBe(false);
  });

  it('renders again when any other prop changes', () => {
    const base = props();
    expect(sameCardProps(base, props())).toBe(true);
    expect(sameCardProps(base, props({ lead: { leadId: 1 } as BoardLeadCardProps['lead'] }))).toBe(false);
    expect(sameCardProps(base, props({ opensFirst: true }))).toBe(false);
    expect(sameCardProps(base, props({ featured: true }))).toBe(false);
    expect(sameCardProps(base, props({ messageHref: '/thread/2' }))).toBe(false);
  });
});
