import { describe, expect, it } from 'vitest';
import { faultRuleBroken } from '../../stories/support/fault-rule';

/* The Fault's rule the visual snapshots check on every story of the built site (test/visual/suite.ts). */
describe('a story and the toolbar’s Fault', () => {
  it('is about data (tag `data`, the Fault offered) or pins the Fault: either passes', () => {
    expect(faultRuleBroken(['dev', 'data'], { locale: 'es-US' })).toBeNull();
    expect(faultRuleBroken(['dev'], { fault: 'none' })).toBeNull();
  });

  it('names what is wrong with a story that is both or neither', () => {
    expect(faultRuleBroken(['data'], { fault: 'none' })).toBe('is tagged data but pins the Fault');
    expect(faultRuleBroken(undefined, {})).toMatch(/^is not tagged data and does not pin the Fault/);
  });
});
