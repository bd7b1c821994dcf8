import { LEAD_MAX_BUYERS, LEAD_PURCHASE_WINDOW_MS } from '../../../src/domain/purchase-window';
import type { Assignment, LeadOffer, StoredLead } from './types';

/** A lead can be bought until 24 hours after it was sent, or until 3 providers bought it (the rule: src/domain/purchase-window.ts). */
export const LEAD_MAX_PURCHASERS = LEAD_MAX_BUYERS;

export type Availability = 'available' | 'expired' | 'sold-out';

export function offerAvailability(lead: StoredLead, offer: LeadOffer, now: Date): Availability {
  if (now.getTime() - Date.parse(offer.sentAt) >= LEAD_PURCHASE_WINDOW_MS) return 'expired';
  if (lead.assignments.length >= LEAD_MAX_PURCHASERS) return 'sold-out';
  return 'available';
}

/** A provider's fresh copy of a lead (after a purchase or an assignment). */
export function newAssignment(spId: number, at: Date): Assignment {
  return {
    spId,
    assignedAt: at.toISOString(),
    status: 'Initial',
    read: false,
    archived: false,
    displayed: true,
    notes: null,
    feedback: null,
    redemptionId: null,
    dealInfo: null,
    thimbleUrl: null,
    maskedPhone: null,
    isSmsEnabled: false,
    isOptedInButNotConnected: false,
  };
}
