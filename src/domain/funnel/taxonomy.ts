import { ROOT_CATEGORY_ID } from '../category-icons';
import type { CategorySelection } from './form';

/**
 * The taxonomy rule: what choosing an autocomplete result sets.
 *
 * - A top-level result (its parent is the root group, id 1): the category becomes the result
 *   and the task category is cleared — if the provider offers it.
 * - Any other result is a task: its parent becomes the category, the result the task category.
 *
 * Decisions where the spec is silent:
 * - Without a provider (a funnel not started from a pro) every top-level result is "offered".
 * - A top-level result the provider does not offer changes nothing: the outcome says
 *   'not-offered' so the view can say so, and the current choice stays.
 * - A result without a parent is treated as top level; the root group itself is never a choice.
 */

/** An autocomplete result (a taxonomy category), structurally. */
export interface TaxonomyResult {
  readonly categoryId: number;
  readonly name: string;
  readonly parentCategory?: { readonly categoryId: number } | null;
}

export type TaxonomyOutcome = { readonly ok: true; readonly selection: CategorySelection } | { readonly ok: false; readonly reason: 'not-offered' | 'invalid' };

export interface TaxonomyContext {
  /** The provider's category ids when the funnel came from a provider; null/undefined otherwise. */
  readonly providerCategoryIds?: readonly number[] | null;
  /** Names of categories known to the caller (e.g. the provider's); a parent's name may be unknown. */
  readonly nameOf?: (categoryId: number) => string | null | undefined;
}

export function isTopLevel(result: Pick<TaxonomyResult, 'parentCategory'>): boolean {
  const parentId = result.parentCategory?.categoryId ?? null;
  return parentId === null || parentId === ROOT_CATEGORY_ID;
}

export function selectTaxonomyResult(result: TaxonomyResult, context: TaxonomyContext = {}): TaxonomyOutcome {
  if (result.categoryId === ROOT_CATEGORY_ID) return { ok: false, reason: 'invalid' };
  const parentId = result.parentCategory?.categoryId ?? null;
  if (parentId === null || parentId === ROOT_CATEGORY_ID) {
    const offered = context.providerCategoryIds ?? null;
    if (offered !== null && !offered.includes(result.categoryId)) return { ok: false, reason: 'not-offered' };
    return { ok: true, selection: { categoryId: result.categoryId, categoryName: result.name, taskCategoryId: null, taskCategoryName: null } };
  }
  return {
    ok: true,
    selection: {
      categoryId: parentId,
      categoryName: context.nameOf?.(parentId) ?? null,
      taskCategoryId: result.categoryId,
      taskCategoryName: result.name,
    },
  };
}

/**
 * Whether a provider does what a result names: a top-level category it lists, or a task it
 * lists (itself or through its parent). Without a provider everything is offered.
 * @internal Exported for tests.
 */
export function offeredBy(result: TaxonomyResult, providerCategoryIds: readonly number[] | null | undefined): boolean {
  if (!providerCategoryIds) return true;
  if (providerCategoryIds.includes(result.categoryId)) return true;
  return !isTopLevel(result) && providerCategoryIds.includes(result.parentCategory?.categoryId ?? ROOT_CATEGORY_ID);
}

/**
 * Autocomplete results with the provider's own services first (the funnel started
 * from a pro offered services the pro does not do, then said so), each part in the gateway's order.
 */
export function providerFirst<R extends TaxonomyResult>(results: readonly R[], providerCategoryIds: readonly number[] | null | undefined): R[] {
  if (!providerCategoryIds) return [...results];
  return [...results.filter((r) => offeredBy(r, providerCategoryIds)), ...results.filter((r) => !offeredBy(r, providerCategoryIds))];
}
