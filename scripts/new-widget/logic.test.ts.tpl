import { describe, expect, it } from 'vitest';
import { toggleKey } from './__name__.logic';

describe('toggleKey', () => {
  it('offers to show the details while they are hidden, and to hide them while shown', () => {
    expect(toggleKey(false)).toBe('__camel__.show');
    expect(toggleKey(true)).toBe('__camel__.hide');
  });
});
