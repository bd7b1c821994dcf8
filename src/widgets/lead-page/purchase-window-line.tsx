import { useEffect, useState } from 'react';
import { LEAD_MAX_BUYERS, purchaseWindowState, type PurchaseWindow, type PurchaseWindowState } from '../../domain/purchase-window';
import { useRuntime } from '../../runtime/runtime';

/** At most this long between two looks at the clock ("updating each minute"; docs/architecture.md#lead-purchase). */
const TICK_MS = 60_000;

/**
 * The purchase window's state from the runtime clock (`now`), looked at again when the shown
 * time would change and at least every minute; null without a window.
 */
export function usePurchaseWindow(window: PurchaseWindow | null): PurchaseWindowState | null {
  const { now } = useRuntime();
  const [, setTick] = useState(0);
  const state = window ? purchaseWindowState(window, now()) : null;
  const wait = state?.open ? Math.min(TICK_MS, state.changesInMs) : null;
  useEffect(() => {
    if (wait === null) return;
    const timer = setTimeout(() => setTick((n) => n + 1), wait);
    return () => clearTimeout(timer);
  });
  return state;
}

/**
 * What is left of a LeadFeed lead's purchase window ('2 of 3 spots left · 5 h left'), or why it
 * is gone ('3 pros bought this lead' / 'Sent more than 24 hours ago'). Not a live region: a line
 * that changes every minute must not speak every minute; the 'no longer available' notice is
 * the announcement when the window closes on an unbought lead.
 */
export function PurchaseWindowLine({ state }: { state: PurchaseWindowState }) {
  const { t } = useRuntime();
  if (!state.open) {
    return (
      <p className="lk-window" data-open="false" part="purchase-window">
        {state.reason === 'soldOut' ? t('leadPage.window.soldOut', { max: LEAD_MAX_BUYERS }) : t('leadPage.window.expired')}
      </p>
    );
  }
  const time =
    state.timeLeft.unit === 'hours'
      ? t('leadPage.window.hoursLeft', { hours: state.timeLeft.value })
      : t('leadPage.window.minutesLeft', { minutes: state.timeLeft.value });
  return (
    <p className="lk-window" data-open="true" part="purchase-window">
      <span>{t('leadPage.window.spotsLeft', { left: state.spotsLeft, max: LEAD_MAX_BUYERS })}</span>
      <span className="lk-window__separator" aria-hidden="true">
        ·
      </span>
      <span>{time}</span>
    </p>
  );
}
