import { describe, expect, it } from 'vitest';
import { answeredLeadIds, rememberAnswered } from './answered-leads';

describe('the leads answered on this device, without storage (Node: none)', () => {
  it('keeps them in the page’s memory, per provider', () => {
    expect(globalThis.localStorage).toBeUndefined();
    rememberAnswered(2001, 11, new Date('2026-11-26T12:00:00Z'));
    expect([...answeredLeadIds(2001)]).toEqual([11]);
    expect([...answeredLeadIds(2002)]).toEqual([]);
    expect([...answeredLeadIds(null)]).toEqual([]);
  });
});
