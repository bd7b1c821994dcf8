import { describe, expect, it } from 'vitest';
import {
  HIDE_THIMBLE_FOR_ALL_LEADS,
  INSURANCE_DELAY_MS,
  type InsuranceBannerEvent,
  type InsuranceBannerPhase,
  type InsuranceBannerStep,
  initialInsuranceBanner,
  insuranceBannerReducer,
} from './insurance-banner';
import { bannerVisible } from './insurance-offer';

/** Runs events from the initial state, collecting every effect asked for. */
function run(...events: InsuranceBannerEvent['type'][]): InsuranceBannerStep {
  let state = initialInsuranceBanner('lead-7');
  const effects: InsuranceBannerStep['effects'][number][] = [];
  for (const type of events) {
    const step = insuranceBannerReducer(state, { type });
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}

const phase = (...events: InsuranceBannerEvent['type'][]): InsuranceBannerPhase => run(...events).state.phase;

describe('constants', () => {
  it('waits 2 seconds and stores the HideThimbleForAllLeads preference', () => {
    expect(INSURANCE_DELAY_MS).toBe(2000);
    expect(HIDE_THIMBLE_FOR_ALL_LEADS).toBe('HideThimbleForAllLeads');
  });
});

describe('insuranceBannerReducer', () => {
  it('starts on the original banner', () => {
    expect(initialInsuranceBanner(3)).toEqual({ phase: 'original', leadId: 3 });
  });

  it('asks why when dismissed, with no side effect yet', () => {
    expect(run('dismiss')).toEqual({ state: { phase: 'dismissQuestion', leadId: 'lead-7' }, effects: [] });
  });

  it('"Not for this job" hides it for this lead only, thanks, and starts the 2 s timer', () => {
    expect(run('dismiss', 'chooseNotForThisJob')).toEqual({
      state: { phase: 'thankYou', leadId: 'lead-7' },
      effects: [
        { effect: 'hideForLead', leadId: 'lead-7' },
        { effect: 'startTimer', ms: 2000 },
      ],
    });
  });

  it('"Not at all" hides it for every lead, thanks, and starts the 2 s timer', () => {
    expect(run('dismiss', 'chooseNotAtAll').effects).toEqual([{ effect: 'hideForAllLeads' }, { effect: 'startTimer', ms: 2000 }]);
    expect(phase('dismiss', 'chooseNotAtAll')).toBe('thankYou');
  });

  it('closes after the thank-you timer', () => {
    expect(run('dismiss', 'chooseNotForThisJob', 'timerElapsed').state.phase).toBe('closed');
  });

  it('closes the thank-you early on dismiss', () => {
    expect(phase('dismiss', 'chooseNotAtAll', 'dismiss')).toBe('closed');
  });

  it('closes without storing anything when the question itself is dismissed', () => {
    const step = run('dismiss', 'dismiss');
    expect(step.state.phase).toBe('closed');
    expect(step.effects).toEqual([]);
  });

  it('shows the transition for 2 s on purchase, then opens the insurer and returns to the banner', () => {
    expect(run('clickPurchase')).toEqual({
      state: { phase: 'transition', leadId: 'lead-7' },
      effects: [{ effect: 'startTimer', ms: 2000 }],
    });
    expect(run('clickPurchase', 'timerElapsed')).toEqual({
      state: { phase: 'original', leadId: 'lead-7' },
      effects: [
        { effect: 'startTimer', ms: 2000 },
        { effect: 'openInsurer', leadId: 'lead-7' },
      ],
    });
  });

  it('opens the insurer once for a double click', () => {
    const effects = run('clickPurchase', 'clickPurchase', 'timerElapsed').effects;
    expect(effects.filter((e) => e.effect === 'openInsurer')).toHaveLength(1);
    expect(effects.filter((e) => e.effect === 'startTimer')).toHaveLength(1);
  });

  it('ignores events that do not apply to the phase', () => {
    const ignored: [InsuranceBannerEvent['type'][], InsuranceBannerEvent['type']][] = [
      [[], 'timerElapsed'],
      [[], 'chooseNotAtAll'],
      [['dismiss'], 'clickPurchase'],
      [['dismiss'], 'timerElapsed'],
      [['dismiss', 'chooseNotForThisJob'], 'chooseNotAtAll'],
      [['clickPurchase'], 'dismiss'],
      [['dismiss', 'dismiss'], 'timerElapsed'],
      [['dismiss', 'dismiss'], 'clickPurchase'],
    ];
    for (const [before, event] of ignored) {
      const start = run(...before).state;
      expect(insuranceBannerReducer(start, { type: event })).toEqual({ state: start, effects: [] });
    }
  });
});

describe('bannerVisible', () => {
  it('shows the banner unless hidden for this lead or for all leads', () => {
    expect(bannerVisible(5, [], false)).toBe(true);
    expect(bannerVisible(5, [4, 6], false)).toBe(true);
    expect(bannerVisible(5, [5], false)).toBe(false);
    expect(bannerVisible(5, [], true)).toBe(false);
  });

  it('matches ids read back from storage as strings', () => {
    expect(bannerVisible(5, new Set(['5']), false)).toBe(false);
    expect(bannerVisible('5', [5], false)).toBe(false);
  });
});
