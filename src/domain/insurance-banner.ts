import type { LeadId } from './insurance-offer';

/**
 * Both the thank-you and the purchase transition stay up this long (docs/architecture.md#insurance-constants).
 * @internal Exported for tests.
 */
export const INSURANCE_DELAY_MS = 2000;

/** The display preference that hides the banner on every lead. */
export const HIDE_THIMBLE_FOR_ALL_LEADS = 'HideThimbleForAllLeads';

/** @internal Exported for tests. */
export type InsuranceBannerPhase = 'original' | 'dismissQuestion' | 'thankYou' | 'transition' | 'closed';

/** One banner per lead card, so the state knows its lead. */
export interface InsuranceBannerState {
  readonly phase: InsuranceBannerPhase;
  readonly leadId: LeadId;
}

export type InsuranceBannerEvent =
  | { readonly type: 'dismiss' }
  | { readonly type: 'chooseNotForThisJob' }
  | { readonly type: 'chooseNotAtAll' }
  | { readonly type: 'timerElapsed' }
  | { readonly type: 'clickPurchase' };

/** Side effects the caller performs; the reducer itself never touches storage, timers or windows. */
export type InsuranceBannerEffect =
  /** Remember locally (per browser) that this lead's banner is hidden. */
  | { readonly effect: 'hideForLead'; readonly leadId: LeadId }
  /** Store HIDE_THIMBLE_FOR_ALL_LEADS for the provider via add-display-preferences. */
  | { readonly effect: 'hideForAllLeads' }
  /** Send 'timerElapsed' after `ms`; cancel it if the banner unmounts. */
  | { readonly effect: 'startTimer'; readonly ms: number }
  /** Open the insurer's page (the lead's thimbleUrl). */
  | { readonly effect: 'openInsurer'; readonly leadId: LeadId };

export interface InsuranceBannerStep {
  readonly state: InsuranceBannerState;
  readonly effects: readonly InsuranceBannerEffect[];
}

export function initialInsuranceBanner(leadId: LeadId): InsuranceBannerState {
  return { phase: 'original', leadId };
}

const timer: InsuranceBannerEffect = { effect: 'startTimer', ms: INSURANCE_DELAY_MS };

/**
 * original → (dismiss) → dismissQuestion → (either answer) → thankYou → (2 s) → closed;
 * original → (purchase link) → transition → (2 s) → open insurer, back to original so the
 * banner is still there when the provider returns. Events that do not apply to the current
 * phase (a stale timer, a double click) change nothing.
 */
export function insuranceBannerReducer(state: InsuranceBannerState, event: InsuranceBannerEvent): InsuranceBannerStep {
  const to = (phase: InsuranceBannerPhase, effects: readonly InsuranceBannerEffect[] = []): InsuranceBannerStep => ({
    state: { ...state, phase },
    effects,
  });
  switch (state.phase) {
    case 'original':
      if (event.type === 'dismiss') return to('dismissQuestion');
      if (event.type === 'clickPurchase') return to('transition', [timer]);
      break;
    case 'dismissQuestion':
      if (event.type === 'chooseNotForThisJob') {
        return to('thankYou', [{ effect: 'hideForLead', leadId: state.leadId }, timer]);
      }
      if (event.type === 'chooseNotAtAll') return to('thankYou', [{ effect: 'hideForAllLeads' }, timer]);
      // Closing the question without answering hides the banner for now but stores nothing.
      if (event.type === 'dismiss') return to('closed');
      break;
    case 'thankYou':
      if (event.type === 'timerElapsed' || event.type === 'dismiss') return to('closed');
      break;
    case 'transition':
      if (event.type === 'timerElapsed') return to('original', [{ effect: 'openInsurer', leadId: state.leadId }]);
      break;
    case 'closed':
      break;
  }
  return { state, effects: [] };
}
