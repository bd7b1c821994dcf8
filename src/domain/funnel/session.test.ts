import { describe, expect, it } from 'vitest';
import { EMPTY_FUNNEL_FORM } from './form';
import { INITIAL_FUNNEL_SESSION, persistedFunnel, restoreFunnel, sanitizeReferrer } from './session';

const form = {
  ...EMPTY_FUNNEL_FORM,
  categoryId: 100,
  categoryName: 'Plumbing',
  taskCategoryId: 10003,
  taskCategoryName: 'Drain Cleaning',
  postalCode: '80202',
  advertisingZone: 3,
  serviceRequestId: 600002,
  serviceProviderId: 1001,
  additionalFields: { 'additional-sp-1009': true },
  selectedAdditionalSpList: [1009],
};
const session = {
  rehydrateComplete: true,
  isAuthenticatedWorkflow: true,
  entryPointReferrer: 'https://partner.example.com/guide',
  step: 'suggestions' as const,
  leadId: 400001,
};

describe('what survives a reload', () => {
  it('keeps exactly the session flags, step, category, postal code and the ids of the step', () => {
    expect(persistedFunnel(session, form)).toEqual({
      isAuthenticatedWorkflow: true,
      entryPointReferrer: 'https://partner.example.com/guide',
      step: 'suggestions',
      categoryId: 100,
      categoryName: 'Plumbing',
      taskCategoryId: 10003,
      taskCategoryName: 'Drain Cleaning',
      postalCode: '80202',
      serviceProviderId: 1001,
      leadId: 400001,
    });
  });

  it('restores them over a fresh state and marks the rehydration complete', () => {
    const restored = restoreFunnel(persistedFunnel(session, form), INITIAL_FUNNEL_SESSION, EMPTY_FUNNEL_FORM);
    expect(restored.session).toEqual({ ...session, rehydrateComplete: true });
    expect(restored.form).toEqual({
      ...EMPTY_FUNNEL_FORM,
      categoryId: 100,
      categoryName: 'Plumbing',
      taskCategoryId: 10003,
      taskCategoryName: 'Drain Cleaning',
      postalCode: '80202',
      serviceProviderId: 1001,
    });
  });

  it('nothing stored: the fresh state, rehydration complete; an authenticated start stays authenticated', () => {
    expect(restoreFunnel(null, INITIAL_FUNNEL_SESSION, form)).toEqual({ session: { ...INITIAL_FUNNEL_SESSION, rehydrateComplete: true }, form });
    const stored = persistedFunnel({ ...session, isAuthenticatedWorkflow: false, entryPointReferrer: null }, form);
    const restored = restoreFunnel(stored, { ...INITIAL_FUNNEL_SESSION, isAuthenticatedWorkflow: true, entryPointReferrer: 'cms' }, EMPTY_FUNNEL_FORM);
    expect(restored.session).toMatchObject({ isAuthenticatedWorkflow: true, entryPointReferrer: 'cms' });
  });
});

describe('referrer', () => {
  it('keeps a URL without its query and fragment, and plain labels trimmed and cut', () => {
    expect(sanitizeReferrer('https://partner.example.com/plumbing?email=jordan%40example.com&token=abc#top')).toBe('https://partner.example.com/plumbing');
    expect(sanitizeReferrer('  cms-homepage  ')).toBe('cms-homepage');
    expect(sanitizeReferrer('campaign?user=jordan')).toBe('campaign');
    expect(sanitizeReferrer('x'.repeat(300))).toHaveLength(200);
    expect(sanitizeReferrer('line\nbreak')).toBe('linebreak');
  });

  it('is null when empty or not a usable URL', () => {
    for (const raw of [null, undefined, '', '   ', '?only=query', 'https://']) expect(sanitizeReferrer(raw)).toBeNull();
  });
});
