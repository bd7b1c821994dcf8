import { describe, expect, it } from 'vitest';
import { EMAIL_LOCAL_MAX_LENGTH, EMAIL_MAX_LENGTH, isValidEmail } from './email';

/**
 * An address of exactly `length` characters (254 or 255 here): a 64-character local part and
 * a domain of valid labels, so only the total length can make it invalid.
 */
function emailOfLength(length: number): string {
  const local = 'a'.repeat(EMAIL_LOCAL_MAX_LENGTH);
  // local + '@' + first + '.' + 61 + '.' + 61 + '.com'
  const first = length - local.length - 1 - 1 - 61 - 1 - 61 - 4;
  if (first < 1 || first > 63) throw new Error(`cannot build an address of ${length}`);
  return `${local}@${'b'.repeat(first)}.${'c'.repeat(61)}.${'d'.repeat(61)}.com`;
}

describe('isValidEmail', () => {
  it('has the spec limit of 254', () => {
    expect(EMAIL_MAX_LENGTH).toBe(254);
  });

  it('accepts an address of exactly 254 characters', () => {
    const email = emailOfLength(254);
    expect(email).toHaveLength(254);
    expect(isValidEmail(email)).toBe(true);
  });

  it('refuses an address of 255 characters', () => {
    const email = emailOfLength(255);
    expect(email).toHaveLength(255);
    expect(isValidEmail(email)).toBe(false);
  });

  it.each([
    'ann@example.com',
    'ann.lee+reviews@mail.example.co.uk',
    "o'brien@example.com",
    'a@b.io',
    'user_name-1@sub-domain.example.org',
    'x@xn--bcher-kva.de',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['ann', 'no @'],
    ['ann@', 'no domain'],
    ['@example.com', 'empty local part'],
    ['ann@@example.com', 'two @'],
    ['ann@bob@example.com', 'two @ apart'],
    ['ann@example', 'domain without a dot'],
    ['ann @example.com', 'space in local part'],
    ['ann@exa mple.com', 'space in domain'],
    [' ann@example.com', 'leading space'],
    ['.ann@example.com', 'leading dot'],
    ['ann.@example.com', 'trailing dot in local part'],
    ['an..n@example.com', 'double dot in local part'],
    ['ann@example..com', 'empty label'],
    ['ann@.example.com', 'leading empty label'],
    ['ann@example.com.', 'trailing dot in domain'],
    ['ann@-example.com', 'label starting with hyphen'],
    ['ann@example-.com', 'label ending with hyphen'],
    ['ann@exa_mple.com', 'underscore in domain'],
    ['ann@example.c', 'one-letter TLD'],
    ['ann@192.168.0.1', 'IP address'],
    ['ann@[192.168.0.1]', 'IP literal'],
    ['"ann"@example.com', 'quoted local part'],
    ['anné@example.com', 'non-ASCII local part'],
    ['ann@exämple.com', 'non-ASCII domain'],
  ])('refuses %j (%s)', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('limits the local part to 64 characters', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
  });

  it('limits a domain label to 63 characters', () => {
    expect(isValidEmail(`ann@${'b'.repeat(63)}.com`)).toBe(true);
    expect(isValidEmail(`ann@${'b'.repeat(64)}.com`)).toBe(false);
  });

  it('treats null and undefined as invalid', () => {
    expect(isValidEmail(null)).toBe(false);
    expect(isValidEmail(undefined)).toBe(false);
  });
});
