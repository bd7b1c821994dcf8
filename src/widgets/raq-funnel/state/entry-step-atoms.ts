import { atom, type Getter, type Setter } from 'jotai/vanilla';
import { isPostalCode, withCategory, withoutCategory } from '../../../domain/funnel/form';
import { applyProviderCategory, chooseProviderCategory } from '../../../domain/funnel/provider-category';
import { splitSuggestions, SUGGESTION_LIMIT, type SplitSuggestions } from '../../../domain/funnel/suggestions';
import { selectTaxonomyResult, type TaxonomyOutcome, type TaxonomyResult } from '../../../domain/funnel/taxonomy';
import { isAbortError, isGatewayError } from '../../../gateway/core/errors';
import {
  getCityAndStateByPostalCode,
  getPostalCodeEligibility,
  getServiceProviderDetails,
  getSuggestions,
  getTaxonomyCategory,
  getTopCategories,
} from '../../../gateway/lead/funnel/calls';
import type { ProviderDetails, ProviderSummary } from '../../../gateway/lead/funnel/schemas';
import {
  funnelInputsAtom,
  funnelFormAtom,
  providerAtom,
  providerStatusAtom,
  eligibilityAtom,
  oneTimeSessionAtom,
  restart,
  type ActionResult,
  ok,
  failed,
} from './shared-atoms';

/** The entry step's state and calls (`<raq-funnel>`, docs/widget-shape.md; what the whole funnel shares is in ../shared-atoms.ts): the provider, the category, the postal code, eligibility. */

/**
 * Loads the provider the customer came from (withAlId resolves a listing to its AL
 * business); on success the form's serviceProviderId is the response's, the category follows
 * the provider category choice, and the location drops withAlId.
 */
/**
 * The pro's details are here (loaded, or a server's first screen had them: raq-funnel's
 * raq-funnel.server.ts): the form takes their provider and category, the entry heading names them.
 */
export const providerLoadedAtom = atom(null, (get, set, details: ProviderDetails) => {
  const form = get(funnelFormAtom);
  const chosen = chooseProviderCategory({ formCategoryId: form.categoryId, queryCategoryId: get(funnelInputsAtom).categoryId }, details.categories);
  set(funnelFormAtom, applyProviderCategory({ ...form, serviceProviderId: details.serviceProviderId }, chosen));
  set(providerAtom, details);
  set(providerStatusAtom, { state: 'loaded' });
});

export const loadProviderAtom = atom(null, async (get, set, chosen?: { serviceProviderId: number }): Promise<ActionResult<ProviderDetails | null>> => {
  const inputs = get(funnelInputsAtom);
  const withAlId = chosen ? false : inputs.withAlId !== null;
  const requested = chosen?.serviceProviderId ?? inputs.withAlId ?? inputs.serviceProviderId ?? get(funnelFormAtom).serviceProviderId;
  if (requested === null) return ok(null);
  const signal = restart(get, 'provider');
  set(providerStatusAtom, { state: 'loading' });
  try {
    const details = await getServiceProviderDetails(get(oneTimeSessionAtom).client, { serviceProviderId: requested, withAlId }, { signal });
    set(providerLoadedAtom, details);
    return ok(details);
  } catch (error) {
    if (isGatewayError(error) && !isAbortError(error)) set(providerStatusAtom, { state: 'failed', error });
    return failed(error);
  }
});

/** GET /v1/topCategories: what the category field offers before anything is typed (none when they cannot be had). */
export const topCategoriesAtom = atom(async (get, { signal }) => {
  try {
    return (await getTopCategories(get(oneTimeSessionAtom).client, { signal })).categories;
  } catch (error) {
    if (isAbortError(error) || !isGatewayError(error)) throw error;
    return [];
  }
});

/** The taxonomy rule for a chosen autocomplete result; a parent's unknown name is looked up. */
export const chooseCategoryResultAtom = atom(null, async (get, set, result: TaxonomyResult): Promise<TaxonomyOutcome> => {
  const provider = get(providerAtom);
  const outcome = selectTaxonomyResult(result, {
    providerCategoryIds: provider ? provider.categories.map((c) => c.categoryId) : null,
    nameOf: (id) => provider?.categories.find((c) => c.categoryId === id)?.categoryName,
  });
  if (!outcome.ok) return outcome;
  const { selection } = outcome;
  set(funnelFormAtom, withCategory(get(funnelFormAtom), selection));
  set(eligibilityAtom, null);
  if (selection.categoryName === null) await resolveCategoryName(get, set, selection.categoryId);
  return outcome;
});

/** A category chosen without a name (a parent, a preset): its name from the taxonomy call. */
export const resolveCategoryNameAtom = atom(null, async (get, set) => {
  const { categoryId, categoryName } = get(funnelFormAtom);
  if (categoryId !== null && categoryName === null) await resolveCategoryName(get, set, categoryId);
});

async function resolveCategoryName(get: Getter, set: Setter, categoryId: number): Promise<void> {
  const signal = restart(get, 'categoryName');
  try {
    const category = await getTaxonomyCategory(get(oneTimeSessionAtom).client, categoryId, { signal });
    const form = get(funnelFormAtom);
    // Only if the choice is still the same category.
    if (form.categoryId === categoryId && form.categoryName === null) set(funnelFormAtom, { ...form, categoryName: category.name });
  } catch (error) {
    if (!isGatewayError(error)) throw error;
    // The name stays unknown; the view shows the task name or asks again.
  }
}

/** Clearing the category (and task category) un-chooses it: the eligibility answer goes with it. */
export const clearCategoryAtom = atom(null, (get, set) => {
  set(funnelFormAtom, withoutCategory(get(funnelFormAtom)));
  set(eligibilityAtom, null);
});

/** The postal code as typed: kept only when it is five digits; a change drops the eligibility answer. */
export const setPostalCodeAtom = atom(null, (get, set, postalCode: string) => {
  const value = postalCode.trim();
  const form = get(funnelFormAtom);
  const next = isPostalCode(value) ? value : null;
  if (next === form.postalCode) return;
  set(funnelFormAtom, { ...form, postalCode: next, advertisingZone: null });
  set(eligibilityAtom, null);
});

/** City and state of the postal code (shown beside the field); null when unknown. Stale lookups are aborted. */
export const cityStateAtom = atom(async (get, { signal }) => {
  const { postalCode } = get(funnelFormAtom);
  if (!isPostalCode(postalCode)) return null;
  try {
    return await getCityAndStateByPostalCode(get(oneTimeSessionAtom).client, postalCode, { signal });
  } catch (error) {
    if (isGatewayError(error) && error.kind === 'http' && error.status === 404) return null;
    throw error;
  }
});

/**
 * Eligibility: can the provider serve this postal code? When not, the alternatives for the
 * category and postal code are fetched (v4 suggestions, the one-time session's token).
 */
export const checkEligibilityAtom = atom(null, async (get, set): Promise<ActionResult<boolean>> => {
  const form = get(funnelFormAtom);
  if (form.serviceProviderId === null || !isPostalCode(form.postalCode)) return ok(true);
  const signal = restart(get, 'eligibility');
  const { client } = get(oneTimeSessionAtom);
  try {
    const { eligible } = await getPostalCodeEligibility(client, { serviceProviderId: form.serviceProviderId, postalCode: form.postalCode }, { signal });
    let alternatives: SplitSuggestions<ProviderSummary> | null = null;
    if (!eligible && form.categoryId !== null) {
      const response = await getSuggestions(
        client,
        { categoryId: form.categoryId, postalCode: form.postalCode, excludedServiceProviderIds: [form.serviceProviderId], limit: SUGGESTION_LIMIT },
        { signal },
      );
      alternatives = splitSuggestions(response);
    }
    set(eligibilityAtom, { eligible, alternatives });
    return ok(eligible);
  } catch (error) {
    return failed(error);
  }
});

/**
 * The customer picks a provider (an alternative): its details load, and once they are in it is
 * the form's provider (loadProviderAtom sets it from the answer). Not before: when they cannot be
 * had, the form kept the chosen id beside the previous provider's details, Continue went on to
 * the project step with it, and the lead was created with the previous provider's type — an AL
 * pro sent as an HA one, refused (400) on every Send (found by the funnel's fault run,
 * test/reliability/funnel.model.test.ts). Now the previous provider stays, with its alternatives.
 */
export const chooseProviderAtom = atom(null, async (_get, set, serviceProviderId: number) => {
  set(eligibilityAtom, null);
  return set(loadProviderAtom, { serviceProviderId });
});
