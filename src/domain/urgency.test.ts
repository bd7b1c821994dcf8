import { describe, expect, it } from 'vitest';
import { shownUrgency } from './urgency';

describe('shownUrgency', () => {
  it('shows a given timing and hides the NA default or a blank one', () => {
    expect(shownUrgency('Within a week')).toBe('Within a week');
    expect(shownUrgency('NA')).toBeNull();
    expect(shownUrgency('na')).toBeNull();
    expect(shownUrgency('  ')).toBeNull();
    expect(shownUrgency(null)).toBeNull();
  });
});
