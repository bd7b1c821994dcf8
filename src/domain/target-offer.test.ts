import { describe, expect, it } from 'vitest';
import { clearTargetOfferCategory, NO_TARGET_OFFERS, recordTargetOffer, requestTargetOffers } from './target-offer';

describe('target offers (§3, §4)', () => {
  it('records Success or Error by offer name; a later outcome replaces an earlier one', () => {
    let state = recordTargetOffer(NO_TARGET_OFFERS, 'raq-hero', 'Success');
    state = recordTargetOffer(state, 'raq-upsell', 'Error');
    expect(state.outcomes).toEqual({ 'raq-hero': 'Success', 'raq-upsell': 'Error' });
    expect(recordTargetOffer(state, 'raq-upsell', 'Success').outcomes['raq-upsell']).toBe('Success');
    expect(recordTargetOffer(state, '  ', 'Error')).toBe(state);
    expect(NO_TARGET_OFFERS.outcomes).toEqual({});
  });

  it('asks for the category’s offers; clearing the category removes the request, not the outcomes', () => {
    const asked = requestTargetOffers(recordTargetOffer(NO_TARGET_OFFERS, 'raq-hero', 'Success'), 100);
    expect(asked.request).toEqual({ categoryId: 100 });
    expect(requestTargetOffers(asked, 100)).toBe(asked);
    expect(requestTargetOffers(asked, 101).request).toEqual({ categoryId: 101 });
    const cleared = clearTargetOfferCategory(asked);
    expect(cleared).toEqual({ outcomes: { 'raq-hero': 'Success' }, request: null });
    expect(clearTargetOfferCategory(cleared)).toBe(cleared);
  });
});
