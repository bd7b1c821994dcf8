import { format } from 'date-fns';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { isMaskedNumberActive, maskedNumberDisplay, maskedNumberExpiry } from './masked-number';

// A zone with DST, set before any date is built; the first test checks it took effect.
vi.stubEnv('TZ', 'America/New_York');
afterAll(() => {
  vi.unstubAllEnvs();
});

const at = (year: number, month: number, date: number, hours = 0, minutes = 0, ms = 0): Date => new Date(year, month - 1, date, hours, minutes, 0, ms);
const show = (date: Date) => format(date, 'yyyy-MM-dd HH:mm');

describe('test zone', () => {
  it('changes offset on 2026-03-08', () => {
    expect(at(2026, 3, 7, 12).getTimezoneOffset()).not.toBe(at(2026, 3, 9, 12).getTimezoneOffset());
  });
});

describe('maskedNumberExpiry', () => {
  const received = at(2026, 6, 1, 10, 15);

  it('is 30 days after receipt when texting is enabled', () => {
    expect(show(maskedNumberExpiry(received, true))).toBe('2026-07-01 10:15');
  });

  it('is 28 days after receipt when texting is not enabled', () => {
    expect(show(maskedNumberExpiry(received, false))).toBe('2026-06-29 10:15');
  });

  it('counts calendar days across the spring DST change (one hour short in elapsed time)', () => {
    const beforeDst = at(2026, 2, 20, 10);
    const expiry = maskedNumberExpiry(beforeDst, true);
    expect(show(expiry)).toBe('2026-03-22 10:00');
    expect(expiry.getTime() - beforeDst.getTime()).toBe(30 * 24 * 3600_000 - 3600_000);
  });

  it('counts calendar days across the autumn DST change', () => {
    expect(show(maskedNumberExpiry(at(2026, 10, 20, 23, 30), false))).toBe('2026-11-17 23:30');
  });

  it('runs through Feb 29 in a leap year', () => {
    expect(show(maskedNumberExpiry(at(2028, 2, 1, 9), false))).toBe('2028-02-29 09:00');
    expect(show(maskedNumberExpiry(at(2027, 2, 1, 9), false))).toBe('2027-03-01 09:00');
  });
});

describe('isMaskedNumberActive', () => {
  const lead = { leadReceivedAt: at(2026, 6, 1, 10, 15), smsEnabled: true };

  it('is active up to the last millisecond before expiry', () => {
    expect(isMaskedNumberActive(lead, at(2026, 7, 1, 10, 14, 59_999))).toBe(true);
  });

  it('is expired at the exact expiry instant', () => {
    expect(isMaskedNumberActive(lead, at(2026, 7, 1, 10, 15))).toBe(false);
  });

  it('expires two days sooner without texting', () => {
    const noSms = { ...lead, smsEnabled: false };
    expect(isMaskedNumberActive(noSms, at(2026, 6, 29, 10, 14))).toBe(true);
    expect(isMaskedNumberActive(noSms, at(2026, 6, 29, 10, 15))).toBe(false);
    expect(isMaskedNumberActive(lead, at(2026, 6, 29, 10, 15))).toBe(true);
  });
});

describe('maskedNumberDisplay', () => {
  const now = at(2026, 6, 10, 12);

  it('links a real (unmasked) number regardless of masking flags', () => {
    expect(maskedNumberDisplay({ phoneNumber: '5555550100', isMaskedPhone: false, isMaskedPhoneActive: false }, now)).toBe('link');
  });

  it('links an active masked number', () => {
    expect(maskedNumberDisplay({ phoneNumber: '5555550100', isMaskedPhone: true, isMaskedPhoneActive: true }, now)).toBe('link');
  });

  it('shows Expired for a masked number the gateway reports inactive', () => {
    expect(maskedNumberDisplay({ phoneNumber: '5555550100', isMaskedPhone: true, isMaskedPhoneActive: false }, now)).toBe('expired');
  });

  it('shows Expired once the number outlives its days, even if the loaded flag still says active', () => {
    const contact = {
      phoneNumber: '5555550100',
      isMaskedPhone: true,
      isMaskedPhoneActive: true,
      leadReceivedAt: at(2026, 5, 1, 8),
      smsEnabled: false,
    };
    expect(maskedNumberDisplay(contact, at(2026, 5, 29, 7, 59))).toBe('link');
    expect(maskedNumberDisplay(contact, at(2026, 5, 29, 8))).toBe('expired');
  });

  it('reports no number when the customer gave none', () => {
    expect(maskedNumberDisplay({ phoneNumber: '', isMaskedPhone: false, isMaskedPhoneActive: false }, now)).toBe('none');
    expect(maskedNumberDisplay({ phoneNumber: null, isMaskedPhone: true, isMaskedPhoneActive: true }, now)).toBe('none');
  });

  it('decides on the flags alone when the number is not passed', () => {
    expect(maskedNumberDisplay({ isMaskedPhone: true, isMaskedPhoneActive: true }, now)).toBe('link');
    expect(maskedNumberDisplay({ isMaskedPhone: true, isMaskedPhoneActive: false }, now)).toBe('expired');
  });
});
