import { describe, expect, it } from 'vitest';
import { LEAD_MAX_BUYERS, LEAD_PURCHASE_WINDOW_MS, purchaseWindowState } from './purchase-window';

const SENT = '2026-06-01T12:00:00.000Z';
const sent = Date.parse(SENT);
const MIN = 60_000;
const HOUR = 60 * MIN;
const at = (elapsedMs: number) => new Date(sent + elapsedMs);

describe('purchaseWindowState (3 buyers, 24 hours)', () => {
  it('counts the spots left of 3', () => {
    expect(LEAD_MAX_BUYERS).toBe(3);
    expect(purchaseWindowState({ buyerCount: 0, sentAt: SENT }, at(HOUR))).toMatchObject({ open: true, spotsLeft: 3 });
    expect(purchaseWindowState({ buyerCount: 2, sentAt: SENT }, at(HOUR))).toMatchObject({ open: true, spotsLeft: 1 });
  });

  it('is gone at 3 buyers, even with hours left, and says so', () => {
    expect(purchaseWindowState({ buyerCount: 3, sentAt: SENT }, at(HOUR))).toEqual({ open: false, reason: 'soldOut' });
    expect(purchaseWindowState({ buyerCount: 4, sentAt: SENT }, at(HOUR))).toEqual({ open: false, reason: 'soldOut' });
  });

  it('rounds the time left down: whole hours from 1 h, then whole minutes', () => {
    expect(purchaseWindowState({ buyerCount: 1, sentAt: SENT }, at(0))).toMatchObject({ timeLeft: { unit: 'hours', value: 24 } });
    expect(purchaseWindowState({ buyerCount: 1, sentAt: SENT }, at(18 * HOUR + 1))).toMatchObject({ timeLeft: { unit: 'hours', value: 5 } });
    expect(purchaseWindowState({ buyerCount: 1, sentAt: SENT }, at(23 * HOUR))).toMatchObject({ timeLeft: { unit: 'hours', value: 1 } });
    expect(purchaseWindowState({ buyerCount: 1, sentAt: SENT }, at(23 * HOUR + 1))).toMatchObject({ timeLeft: { unit: 'minutes', value: 59 } });
  });

  it('at 23 h 59 min there is 1 min left; in the last seconds still 1 min; at 24 h it is gone', () => {
    expect(purchaseWindowState({ buyerCount: 1, sentAt: SENT }, at(23 * HOUR + 59 * MIN))).toMatchObject({
      open: true,
      timeLeft: { unit: 'minutes', value: 1 },
    });
    expect(purchaseWindowState({ buyerCount: 1, sentAt: SENT }, at(LEAD_PURCHASE_WINDOW_MS - 1000))).toMatchObject({
      open: true,
      timeLeft: { unit: 'minutes', value: 1 },
    });
    expect(purchaseWindowState({ buyerCount: 1, sentAt: SENT }, at(LEAD_PURCHASE_WINDOW_MS))).toEqual({ open: false, reason: 'expired' });
    expect(purchaseWindowState({ buyerCount: 0, sentAt: SENT }, at(30 * HOUR))).toEqual({ open: false, reason: 'expired' });
  });

  it('when both hold, the buyers are the reason', () => {
    expect(purchaseWindowState({ buyerCount: 3, sentAt: SENT }, at(30 * HOUR))).toEqual({ open: false, reason: 'soldOut' });
  });

  it('says when the shown time changes next (for the timer)', () => {
    // 5 h 30 min left → '5 h' until 5 h left: 30 min from now.
    expect(purchaseWindowState({ buyerCount: 1, sentAt: SENT }, at(18 * HOUR + 30 * MIN))).toMatchObject({ changesInMs: 30 * MIN + 1 });
    // 10 min 20 s left → '10 min' for 20 s more.
    expect(purchaseWindowState({ buyerCount: 1, sentAt: SENT }, at(LEAD_PURCHASE_WINDOW_MS - 10 * MIN - 20_000))).toMatchObject({ changesInMs: 20_001 });
    // In the last minute the next change is the close.
    expect(purchaseWindowState({ buyerCount: 1, sentAt: SENT }, at(LEAD_PURCHASE_WINDOW_MS - 40_000))).toMatchObject({ changesInMs: 40_000 });
  });

  it('is null when the sent time is not a date', () => {
    expect(purchaseWindowState({ buyerCount: 1, sentAt: 'yesterday' }, at(0))).toBeNull();
  });
});
