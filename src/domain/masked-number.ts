import { addDays, isBefore } from 'date-fns';

/** A temporary (masked) number lives longer when the customer can be texted (docs/architecture.md#phone-numbers). */
const MASKED_NUMBER_DAYS_WITH_SMS = 30;
const MASKED_NUMBER_DAYS_WITHOUT_SMS = 28;

/**
 * When a lead's temporary number stops working. Counted in calendar days (local time), so a
 * lead received at 10:00 expires at 10:00 on the last day even across a DST change.
 * @internal Exported for tests.
 */
export function maskedNumberExpiry(leadReceivedAt: Date, smsEnabled: boolean): Date {
  return addDays(leadReceivedAt, smsEnabled ? MASKED_NUMBER_DAYS_WITH_SMS : MASKED_NUMBER_DAYS_WITHOUT_SMS);
}

interface MaskedNumberLead {
  readonly leadReceivedAt: Date;
  readonly smsEnabled: boolean;
}

/** Valid up to, not including, the expiry instant: "30 days from receipt" ends at that instant. */
export function isMaskedNumberActive(lead: MaskedNumberLead, now: Date): boolean {
  return isBefore(now, maskedNumberExpiry(lead.leadReceivedAt, lead.smsEnabled));
}

export interface ContactPhone {
  /** The number to show or dial; an empty or missing number means none was given. */
  readonly phoneNumber?: string | null;
  readonly isMaskedPhone: boolean;
  /** The gateway's own verdict at load time. */
  readonly isMaskedPhoneActive: boolean;
  /** When known, lets a page left open past the expiry stop offering a dead number. */
  readonly leadReceivedAt?: Date | null;
  readonly smsEnabled?: boolean;
}

/**
 * 'link': dialable (a real number, or an active masked one); 'expired': a masked number past
 * its life, shown as 'Expired'; 'none': the customer gave no number
 * ('This customer did not provide a phone number.').
 */
export type MaskedNumberDisplay = 'link' | 'expired' | 'none';

export function maskedNumberDisplay(contact: ContactPhone, now: Date): MaskedNumberDisplay {
  if (contact.phoneNumber !== undefined && !contact.phoneNumber?.trim()) return 'none';
  if (!contact.isMaskedPhone) return 'link';
  if (!contact.isMaskedPhoneActive) return 'expired';
  // Both must hold: the gateway flag can go stale while the page stays open.
  const { leadReceivedAt, smsEnabled = false } = contact;
  if (leadReceivedAt && !isMaskedNumberActive({ leadReceivedAt, smsEnabled }, now)) return 'expired';
  return 'link';
}
