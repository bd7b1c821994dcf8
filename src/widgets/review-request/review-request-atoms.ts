import { atom } from 'jotai/vanilla';
import { ROOT_CATEGORY_ID } from '../../domain/category-icons';
import { prefillReviewForm, withDraft, type ReviewFormValues } from '../../domain/review-form';
import { GatewayError, isGatewayError, isRetryableError } from '../../gateway/core/errors';
import { requestLeadReview } from '../../gateway/lead/calls';
import type { LeadReviewRequest } from '../../gateway/lead/schemas';
import { getProviderCategories } from '../../gateway/office/categories';
import { getOrCreateDraftReview, getReviewCategories } from '../../gateway/review/calls';
import { clientAtom, requireClient } from '../../runtime/client-atom';
import { loadableOf } from '../../runtime/loadable';

export interface ReviewRequestInputs {
  spId: number | null;
  leadId: number | null;
}

interface ReviewCategoryOption {
  readonly id: number;
  readonly name: string;
}

/** What the modal needs before it can show anything: the pre-fill and the category choices. */
export interface ReviewRequestData {
  readonly spId: number;
  readonly leadId: number;
  /** The form's starting values (masked phone already emptied, categories pre-selected, the draft applied). */
  readonly initial: ReviewFormValues;
  /** The lead's draft review, where the form keeps the work; null when it could not be had. */
  readonly draftReviewId: string | null;
  /** When this customer was already asked for this review (the draft says); null: never, or unknown. */
  readonly requestedAt: string | null;
  /** Sent with the request (the board form's reviewRequest.postalCode); null when the pre-fill had none. */
  readonly postalCode: string | null;
  /** Whether the pre-fill named the customer or a way to reach them: without it the form opens to be typed. */
  readonly contactKnown: boolean;
  /** The provider's categories, in the provider's order: the multi-select's options. */
  readonly categories: readonly ReviewCategoryOption[];
}

/** The pre-fill when none could be had: nothing known. */
const NO_PREFILL: LeadReviewRequest = {
  firstName: null,
  lastName: null,
  emailAddress: null,
  phoneNumber: null,
  isMaskedPhone: false,
  postalCode: null,
  category: null,
  categories: null,
};

export const reviewRequestInputsAtom = atom<ReviewRequestInputs>({ spId: null, leadId: null });
/** Bumped by 'Try again' after a failed load. */
export const reviewRequestReloadAtom = atom(0);

const validId = (value: number | null): value is number => value !== null && Number.isSafeInteger(value) && value > 0;

/** A call whose failure only loses an extra: an abort still aborts the load. */
function orElse<T, F>(call: Promise<T>, fallback: F): Promise<T | F> {
  return call.catch((error: unknown) => {
    if (isGatewayError(error) && error.kind === 'aborted') throw error;
    return fallback;
  });
}

/** The lead's category in a pre-fill: `category.id`, else the ids of the gateway variant's `categories`. */
function leadCategoryIds(prefill: LeadReviewRequest): number[] {
  return prefill.category ? [prefill.category.id] : [...(prefill.categories ?? [])];
}

/**
 * Loads the modal's data (docs/widgets/review-request.md#behaviour): the lead's review pre-fill, the
 * provider's categories and the lead's draft review in parallel; the parent categories of the
 * lead's category as soon as the pre-fill names it. Decisions (the spec is silent on their
 * use): the lead's category and its parents that the provider offers start selected; when none
 * is offered the selection starts empty-and-untouched (the "required" message applies). The
 * draft (domain/review-form `withDraft`) brings back the description, the answer and the
 * categories saved earlier. A failed parent lookup or draft only loses that, never the form.
 */
const reviewRequestAtom = atom(async (get, { signal }): Promise<ReviewRequestData> => {
  get(reviewRequestReloadAtom);
  const { spId, leadId } = get(reviewRequestInputsAtom);
  const client = requireClient(get(clientAtom));
  // Review requests are a provider's action: without a provider nothing is sent.
  if (client.auth.kind !== 'provider' || !validId(spId)) {
    throw new GatewayError({ kind: 'http', status: 401, operation: 'reviewRequest.load' });
  }
  if (!validId(leadId)) throw new GatewayError({ kind: 'invalid-request', operation: 'reviewRequest.load' });

  // A pre-fill the gateway will not give (an answer of another shape, 404, another 4xx) leaves the
  // form to be typed (row L6). An abort, a sign-in problem (401, 403) and what a retry may cure
  // (network, timeout, 5xx: the banner's 'Try again') still stop the modal.
  const prefillCall = requestLeadReview(client, { serviceProviderId: spId, leadId }, { signal }).catch((error: unknown) => {
    if (!isGatewayError(error) || error.kind === 'aborted' || error.status === 401 || error.status === 403 || isRetryableError(error)) throw error;
    return NO_PREFILL;
  });
  const providerCall = getProviderCategories(client, spId, { signal });
  const parentsCall = prefillCall.then((prefill) => {
    const ids = leadCategoryIds(prefill);
    return ids.length > 0 ? orElse(getReviewCategories(client, ids, { signal }), { categories: [] }) : { categories: [] };
  });
  const draftCall = orElse(getOrCreateDraftReview(client, { serviceProviderId: spId, leadId }, { signal }), null);
  const [prefill, provider, parents, draft] = await Promise.all([prefillCall, providerCall, parentsCall, draftCall]);

  const categories = provider.categories.map((c) => ({ id: c.categoryId, name: c.categoryName }));
  const related = new Set<number>(leadCategoryIds(prefill));
  for (const c of parents.categories) {
    related.add(c.categoryId);
    if (c.parentCategory) related.add(c.parentCategory.categoryId);
  }
  related.delete(ROOT_CATEGORY_ID);
  const preselected = categories.filter((c) => related.has(c.id)).map((c) => c.id);

  const prefilled: ReviewFormValues = {
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
  const initial = withDraft(
    prefilled,
    draft && { descriptionOfWork: draft.draftReview.descriptionOfWork, workCompleted: draft.draftReview.workCompleted, categories: draft.categories },
    new Set(categories.map((c) => c.id)),
  );
  return {
    spId,
    leadId,
    initial,
    draftReviewId: draft?.draftReview.draftReviewId ?? null,
    requestedAt: draft?.draftReview.requestedAt ?? null,
    postalCode: prefill.postalCode?.trim() || null,
    contactKnown: [prefill.firstName, prefill.lastName, prefill.emailAddress, prefill.phoneNumber].some((field) => field?.trim()),
    categories,
  };
});

export const reviewRequestLoadableAtom = loadableOf(reviewRequestAtom);
