import { describe, expect, it } from 'vitest';
import { digitsOnly, formatPhoneDisplay, formatPhoneInput, isValidPhone, normalizePhone, prefillPhone, telHref } from './phone';

describe('digitsOnly', () => {
  it('keeps ASCII digits only', () => {
    expect(digitsOnly('+1 (555) 123-4567 ext.')).toBe('15551234567');
    expect(digitsOnly('')).toBe('');
    expect(digitsOnly(null)).toBe('');
    expect(digitsOnly(undefined)).toBe('');
  });
});

describe('normalizePhone', () => {
  it('rejects 9 digits', () => {
    expect(normalizePhone('555123456')).toBe('');
  });
  it('keeps 10 digits', () => {
    expect(normalizePhone('5551234567')).toBe('5551234567');
  });
  it('accepts 11 digits with a leading 1 and keeps the last 10', () => {
    expect(normalizePhone('15551234567')).toBe('5551234567');
  });
  it('rejects 11 digits that do not start with 1', () => {
    expect(normalizePhone('25551234567')).toBe('');
  });
  it('rejects 12 digits, even with a leading 1', () => {
    expect(normalizePhone('115551234567')).toBe('');
    expect(normalizePhone('555123456789')).toBe('');
  });
  it('ignores punctuation and spaces', () => {
    expect(normalizePhone('(555) 123-4567')).toBe('5551234567');
    expect(normalizePhone('+1 555.123.4567')).toBe('5551234567');
    expect(normalizePhone(' 1-555-123-4567 ')).toBe('5551234567');
  });
  it('gives empty for missing values', () => {
    expect(normalizePhone(null)).toBe('');
    expect(normalizePhone(undefined)).toBe('');
    expect(normalizePhone('')).toBe('');
  });
});

describe('isValidPhone', () => {
  it('accepts 10 digits or 1 + 10 digits with phone punctuation', () => {
    expect(isValidPhone('(555) 123-4567')).toBe(true);
    expect(isValidPhone('+1 555 123 4567')).toBe(true);
    expect(isValidPhone('555.123.4567')).toBe(true);
  });
  it('refuses wrong digit counts', () => {
    expect(isValidPhone('555123456')).toBe(false);
    expect(isValidPhone('25551234567')).toBe(false);
    expect(isValidPhone('')).toBe(false);
  });
  it('refuses letters instead of dropping them', () => {
    expect(isValidPhone('555-123-4567 x')).toBe(false);
    expect(isValidPhone('555abc1234567')).toBe(false);
  });
});

describe('prefillPhone', () => {
  it('prefills a masked phone as empty', () => {
    expect(prefillPhone('5551234567', true)).toBe('');
  });
  it('prefills an unmasked phone normalised', () => {
    expect(prefillPhone('+1 (555) 123-4567', false)).toBe('5551234567');
    expect(prefillPhone('5551234567', null)).toBe('5551234567');
  });
  it('prefills an invalid phone as empty', () => {
    expect(prefillPhone('12345', false)).toBe('');
  });
});

describe('formatPhoneInput (the connect-number field)', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['55', '(55'],
    ['555', '(555'],
    ['5551', '(555) 1'],
    ['555123', '(555) 123'],
    ['5551234', '(555) 123-4'],
    ['555123456', '(555) 123-456'],
    ['5551234567', '(555) 123-4567'],
  ])('formats %j as %j', (raw, formatted) => {
    expect(formatPhoneInput(raw)).toBe(formatted);
  });

  it('keeps at most 10 digits', () => {
    expect(formatPhoneInput('55512345678')).toBe('(555) 123-4567');
    expect(formatPhoneInput('(555) 123-45678')).toBe('(555) 123-4567');
  });

  it('drops letters and punctuation the user typed', () => {
    expect(formatPhoneInput('5a5b5-1')).toBe('(555) 1');
  });

  it('is stable when fed its own output', () => {
    for (const raw of ['5', '5551', '5551234', '5551234567']) {
      const once = formatPhoneInput(raw);
      expect(formatPhoneInput(once)).toBe(once);
    }
  });

  it('lets Backspace remove a digit (no trailing separator comes back)', () => {
    // '(555) 1' minus its last character is '(555) ' → must not become '(555) ' again.
    expect(formatPhoneInput('(555) ')).toBe('(555');
    expect(formatPhoneInput('(555) 123-')).toBe('(555) 123');
  });

  it('drops a pasted +1 country code', () => {
    expect(formatPhoneInput('+1 555 123 4567')).toBe('(555) 123-4567');
    expect(formatPhoneInput('+15551234567')).toBe('(555) 123-4567');
  });
});

describe('formatPhoneDisplay', () => {
  it('formats a normalisable number', () => {
    expect(formatPhoneDisplay('5551234567')).toBe('(555) 123-4567');
    expect(formatPhoneDisplay('1-555-123-4567')).toBe('(555) 123-4567');
  });
  it('shows anything else as given', () => {
    expect(formatPhoneDisplay(' 12345 ')).toBe('12345');
    expect(formatPhoneDisplay(null)).toBe('');
  });
});

describe('telHref (prefix +1)', () => {
  it('builds a tel link with +1', () => {
    expect(telHref('5551234567')).toBe('tel:+15551234567');
    expect(telHref('(555) 123-4567')).toBe('tel:+15551234567');
    expect(telHref('15551234567')).toBe('tel:+15551234567');
  });
  it('gives null for a number that is not 10 digits', () => {
    expect(telHref('555123456')).toBeNull();
    expect(telHref('')).toBeNull();
  });
});
