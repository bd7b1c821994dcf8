import type { FunnelFormValues } from './form';

/**
 * The provider category choice: when the funnel comes from a provider, the
 * category is the form's, else the query's (a preset), unless that one is not among the
 * provider's categories — then the provider's category with the highest overallReviewCount.
 *
 * Decisions where the spec is silent:
 * - "The current one" is the form's category when it has one, else the query's: a customer's
 *   own choice is never swapped for the preset.
 * - Ties in overallReviewCount go to the category the provider lists first; a missing count is 0.
 * - A provider without categories leaves the current choice as it is (null result).
 * - When the category changes, the task category is cleared (it belonged to the old one).
 */

/** A provider's category (categoryId, categoryName, overallReviewCount), structurally. */
export interface ProviderCategoryOption {
  readonly categoryId: number;
  readonly categoryName: string;
  readonly overallReviewCount?: number | null;
}

export interface CategoryCandidates {
  readonly formCategoryId: number | null;
  readonly queryCategoryId: number | null;
}

export function chooseProviderCategory(candidates: CategoryCandidates, providerCategories: readonly ProviderCategoryOption[]): ProviderCategoryOption | null {
  if (providerCategories.length === 0) return null;
  const current = candidates.formCategoryId ?? candidates.queryCategoryId;
  const offered = current === null ? undefined : providerCategories.find((c) => c.categoryId === current);
  if (offered) return offered;
  return providerCategories.reduce((best, c) => ((c.overallReviewCount ?? 0) > (best.overallReviewCount ?? 0) ? c : best));
}

/** The form with the chosen provider category (unchanged when there is no choice). */
export function applyProviderCategory(form: FunnelFormValues, chosen: ProviderCategoryOption | null): FunnelFormValues {
  if (!chosen) return form;
  if (chosen.categoryId === form.categoryId) return { ...form, categoryName: form.categoryName ?? chosen.categoryName };
  return { ...form, categoryId: chosen.categoryId, categoryName: chosen.categoryName, taskCategoryId: null, taskCategoryName: null };
}
