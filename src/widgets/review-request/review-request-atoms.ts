import { atom } from 'jotai/vanilla';
import { prefillReviewForm, type ReviewFormValues } from '../../domain/review-form';
import { GatewayError, isGatewayError } from '../../gateway/errors';
import { requestLeadReview } from '../../gateway/lead/calls';
import { getProviderCategories } from '../../gateway/office/calls';
import { getReviewCategories } from '../../gateway/review/calls';
import { clientAtom, requireClient } from '../../runtime/client-atom';
import { loadableOf } from '../../runtime/loadable';

export interface ReviewRequestInputs {
  spId: number | null;
  leadId: number | null;
}

export interface ReviewCategoryOption {
  readonly id: number;
  readonly name: string;
}

/** What the modal needs before it can show anything: the pre-fill and the category choices. */
export interface ReviewRequestData {
  readonly spId: number;
  readonly leadId: number;
  /** The form's starting values (masked phone already emptied, categories pre-selected). */
  readonly initial: ReviewFormValues;
  /** Sent with the request (§3 board form reviewRequest.postalCode). */
  readonly postalCode: string;
  /** The provider's categories, in the provider's order: the multi-select's options. */
  readonly categories: readonly ReviewCategoryOption[];
}

/** The taxonomy's root group: never a category a review is for. */
const ROOT_CATEGORY_ID = 1;

export const reviewRequestInputsAtom = atom<ReviewRequestInputs>({ spId: null, leadId: null });
/** Bumped by 'Try again' after a failed load. */
export const reviewRequestReloadAtom = atom(0);

const validId = (value: number | null): value is number => value !== null && Number.isSafeInteger(value) && value > 0;

/**
 * Loads the modal's data (§4 "Review request (board)"): the lead's review pre-fill and the
 * provider's categories in parallel; the parent categories of the lead's category as soon as
 * the pre-fill names it. Decision (the spec is silent on their use): the lead's category and
 * its parents that the provider offers start selected; when none is offered the selection
 * starts empty-and-untouched (the "required" message applies). A failed parent lookup only
 * loses that pre-selection of parents, never the form.
 */
export const reviewRequestAtom = atom(async (get, { signal }): Promise<ReviewRequestData> => {
  get(reviewRequestReloadAtom);
  const { spId, leadId } = get(reviewRequestInputsAtom);
  const client = requireClient(get(clientAtom));
  // Review requests are a provider's action (§6): without a provider nothing is sent.
  if (client.auth.kind !== 'provider' || !validId(spId)) {
    throw new GatewayError({ kind: 'http', status: 401, operation: 'reviewRequest.load' });
  }
  if (!validId(leadId)) throw new GatewayError({ kind: 'invalid-request', operation: 'reviewRequest.load' });

  const prefillCall = requestLeadReview(client, { serviceProviderId: spId, leadId }, { signal });
  const providerCall = getProviderCategories(client, spId, { signal });
  const parentsCall = prefillCall.then(
    (prefill) =>
      getReviewCategories(client, [prefill.category.id], { signal }).catch((error: unknown) => {
        if (isGatewayError(error) && error.kind === 'aborted') throw error;
        return { categories: [] };
      }),
  );
  const [prefill, provider, parents] = await Promise.all([prefillCall, providerCall, parentsCall]);

  const categories = provider.categories.map((c) => ({ id: c.categoryId, name: c.categoryName }));
  const related = new Set<number>([prefill.category.id]);
  for (const c of parents.categories) {
    related.add(c.categoryId);
    if (c.parentCategory) related.add(c.parentCategory.categoryId);
  }
  related.delete(ROOT_CATEGORY_ID);
  const preselected = categories.filter((c) => related.has(c.id)).map((c) => c.id);

  const initial: ReviewFormValues = {
    ...prefillReviewForm({
      customerInfo: {
        firstName: prefill.firstName,
        lastName: prefill.lastName,
        emailAddress: prefill.emailAddress,
        phoneNumber: prefill.phoneNumber,
        isMaskedPhone: prefill.isMaskedPhone,
      },
    }),
    categoryIds: preselected.length > 0 ? preselected : null,
  };
  return { spId, leadId, initial, postalCode: prefill.postalCode, categories };
});

export const reviewRequestLoadableAtom = loadableOf(reviewRequestAtom);
