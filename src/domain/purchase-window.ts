/**
 * How much is left of a LeadFeed lead's purchase window (docs/architecture.md#lead-purchase:
 * a lead can be bought until 24 hours after it was sent or until 3 companies bought it). The
 * gateway's lead page says who bought it so far and when it was sent to this
 * provider (`purchaseWindow { buyerCount, sentAt }`, our design, served by the sandbox); the rule
 * itself lives here, once, for the widget and the sandbox.
 *
 * Decisions (the spec shows none of this):
 * - Time left is rounded DOWN (never promise more than is left): '5 h left' from 5 h 0 min to
 *   5 h 59 min; under an hour in whole minutes, at least 1 ('1 min left' in the last minute).
 * - At exactly 24 hours the window is closed (the sandbox's rule: `>=`).
 * - When both reasons hold, the buyers win: 3 buyers is the fact that closed it for good.
 */

/** 24 hours after the lead was sent (docs/architecture.md#lead-purchase). */
export const LEAD_PURCHASE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** At most 3 companies buy a lead. */
export const LEAD_MAX_BUYERS = 3;

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

export interface PurchaseWindow {
  /** Providers who bought the lead so far (the viewer included when it bought it). */
  readonly buyerCount: number;
  /** When the lead was sent to this provider (ISO 8601). */
  readonly sentAt: string;
}

export type PurchaseWindowState =
  | {
      readonly open: true;
      /** Spots left of LEAD_MAX_BUYERS. */
      readonly spotsLeft: number;
      /** Time left, rounded down: whole hours from 1 h, else whole minutes (at least 1). */
      readonly timeLeft: { readonly unit: 'hours' | 'minutes'; readonly value: number };
      /** Milliseconds until the shown time left changes (for a timer; at least 1 s). */
      readonly changesInMs: number;
    }
  | { readonly open: false; readonly reason: 'soldOut' | 'expired' };

/** The window's state at `now`; null when `sentAt` is not a date. */
export function purchaseWindowState(window: PurchaseWindow, now: Date): PurchaseWindowState | null {
  const sent = Date.parse(window.sentAt);
  if (Number.isNaN(sent)) return null;
  if (window.buyerCount >= LEAD_MAX_BUYERS) return { open: false, reason: 'soldOut' };
  const left = sent + LEAD_PURCHASE_WINDOW_MS - now.getTime();
  if (left <= 0) return { open: false, reason: 'expired' };
  const spotsLeft = LEAD_MAX_BUYERS - Math.max(0, window.buyerCount);
  if (left >= HOUR_MS) {
    return { open: true, spotsLeft, timeLeft: { unit: 'hours', value: Math.floor(left / HOUR_MS) }, changesInMs: Math.max(1000, (left % HOUR_MS) + 1) };
  }
  const minutes = Math.max(1, Math.floor(left / MINUTE_MS));
  // In the last minute the next change is the close itself.
  const changesInMs = left < MINUTE_MS ? left : (left % MINUTE_MS) + 1;
  return { open: true, spotsLeft, timeLeft: { unit: 'minutes', value: minutes }, changesInMs: Math.max(1000, changesInMs) };
}
