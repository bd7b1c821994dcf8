/**
 * Target offers (spec §3 "Target offer", §4 "Target offer and category"): offers are asked for
 * the chosen category; each answer is recorded as Success or Error by offer name, and clearing
 * the category removes the pending request.
 *
 * Decisions where the spec is silent: a later outcome for the same offer name replaces the
 * earlier one; outcomes outlive a cleared category (they describe offers already shown);
 * choosing another category replaces the request.
 */

export type TargetOfferOutcome = 'Success' | 'Error';

export interface TargetOffers {
  readonly outcomes: Readonly<Record<string, TargetOfferOutcome>>;
  /** The request for the current category's offers; null when there is no category. */
  readonly request: { readonly categoryId: number } | null;
}

export const NO_TARGET_OFFERS: TargetOffers = Object.freeze({ outcomes: Object.freeze({}), request: null });

export function requestTargetOffers(state: TargetOffers, categoryId: number): TargetOffers {
  return state.request?.categoryId === categoryId ? state : { ...state, request: { categoryId } };
}

export function recordTargetOffer(state: TargetOffers, offerName: string, outcome: TargetOfferOutcome): TargetOffers {
  const name = offerName.trim();
  if (!name) return state;
  return { ...state, outcomes: { ...state.outcomes, [name]: outcome } };
}

/** §4: clearing the category removes the request. */
export function clearTargetOfferCategory(state: TargetOffers): TargetOffers {
  return state.request === null ? state : { ...state, request: null };
}
