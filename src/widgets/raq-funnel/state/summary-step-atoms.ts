import { atom } from 'jotai/vanilla';
import { EMPTY_FUNNEL_FORM, isPostalCode } from '../../../domain/funnel/form';
import { EMPTY_PROJECT_DETAILS } from '../../../domain/funnel/lead';
import { INITIAL_FUNNEL_SESSION } from '../../../domain/funnel/session';
import { normalizePhone } from '../../../domain/core/phone';
import { isAbortError, isGatewayError } from '../../../gateway/core/errors';
import { fetchLead, getFollowUpDeals, getProviderComparison, markHired, updateUserPhone } from '../../../gateway/lead/funnel/calls';
import {
  funnelSessionAtom,
  funnelFormAtom,
  projectDetailsAtom,
  providerAtom,
  providerStatusAtom,
  fetchedLeadAtom,
  suggestionsAtom,
  eligibilityAtom,
  oneTimeSessionAtom,
  controllersAtom,
  type ActionResult,
  ok,
  failed,
} from './shared-atoms';
import { forgetCreatesAtom } from './project-step-atoms';

/** The summary step's state and calls (`<raq-funnel>`, docs/widget-shape.md; what the whole funnel shares is in ../shared-atoms.ts): who got the request, the phone update, hiring, deals, a new request. */

/** Bumped after a change the summary shows (a pro marked hired). */
const summaryRevisionAtom = atom(0);

/** The pros the lead went to (the comparison call), with hired and responded flags. */
export const comparisonAtom = atom(async (get, { signal }) => {
  get(summaryRevisionAtom);
  const { leadId, step } = get(funnelSessionAtom);
  if (leadId === null || step !== 'summary') return null;
  return getProviderComparison(get(oneTimeSessionAtom).client, leadId, { signal });
});

/**
 * The summary's lead as the gateway has it (title, description, timing, category, postal code):
 * null when it cannot be had (e.g. after a reload the session's token is gone).
 */
export const summaryLeadAtom = atom(async (get, { signal }) => {
  const { leadId, step } = get(funnelSessionAtom);
  if (leadId === null || step !== 'summary') return null;
  try {
    return await fetchLead(get(oneTimeSessionAtom).client, leadId, { signal });
  } catch (error) {
    if (isAbortError(error) || !isGatewayError(error)) throw error;
    return null;
  }
});

/** Follow-up deals for the lead's category and postal code; none when there are none or they cannot be had. */
export const followUpDealsAtom = atom(async (get, { signal }) => {
  const { step } = get(funnelSessionAtom);
  const { categoryId, taskCategoryId, postalCode: formPostalCode } = get(funnelFormAtom);
  const lead = step === 'summary' ? await get(summaryLeadAtom) : null;
  // The lead's own category and postal code when it could be fetched (a deep link has no form).
  const category = lead?.category.id ?? taskCategoryId ?? categoryId;
  const postalCode = lead?.postalAddress.postalCode ?? formPostalCode;
  if (step !== 'summary' || category === null || !isPostalCode(postalCode)) return [];
  try {
    return (await getFollowUpDeals(get(oneTimeSessionAtom).client, { categoryId: category, postalCode }, { signal })).deals;
  } catch (error) {
    if (isAbortError(error) || !isGatewayError(error)) throw error;
    return [];
  }
});

/** The phone update sends only phoneNumber (10 digits). */
export const updatePhoneAtom = atom(null, async (get, _set, raw: string): Promise<ActionResult<string>> => {
  const phoneNumber = normalizePhone(raw);
  if (!phoneNumber) return { ok: false, error: null, problems: ['phoneNumber'] };
  try {
    // The answer is not read (any 2xx is success): the number saved is the one sent.
    await updateUserPhone(get(oneTimeSessionAtom).client, phoneNumber);
    return ok(phoneNumber);
  } catch (error) {
    return failed(error);
  }
});

export const markHiredAtom = atom(null, async (get, set, pro: { serviceProviderId: number; serviceProviderType: 'AL' | 'HA' }): Promise<ActionResult> => {
  const { leadId } = get(funnelSessionAtom);
  if (leadId === null) return { ok: false, error: null };
  try {
    await markHired(get(oneTimeSessionAtom).client, leadId, pro);
    set(summaryRevisionAtom, (n) => n + 1);
    return ok(undefined);
  } catch (error) {
    return failed(error);
  }
});

/**
 * A new request: the funnel's own token is ended at the gateway, everything but the session
 * flags (authenticated workflow, referrer) goes back to the start.
 */
export const startNewRequestAtom = atom(null, async (get, set) => {
  for (const controller of get(controllersAtom).values()) controller.abort();
  await get(oneTimeSessionAtom).end();
  const session = get(funnelSessionAtom);
  set(funnelSessionAtom, {
    ...INITIAL_FUNNEL_SESSION,
    rehydrateComplete: session.rehydrateComplete,
    isAuthenticatedWorkflow: session.isAuthenticatedWorkflow,
    entryPointReferrer: session.entryPointReferrer,
  });
  set(funnelFormAtom, EMPTY_FUNNEL_FORM);
  set(projectDetailsAtom, EMPTY_PROJECT_DETAILS);
  set(forgetCreatesAtom);
  set(providerAtom, null);
  set(providerStatusAtom, { state: 'idle' });
  set(suggestionsAtom, null);
  set(fetchedLeadAtom, null);
  set(eligibilityAtom, null);
});
