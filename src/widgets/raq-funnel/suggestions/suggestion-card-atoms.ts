import { atom } from 'jotai/vanilla';
import { isAbortError, isGatewayError } from '../../../gateway/core/errors';
import { getCombinedProviderDetails, getReviewsByServiceProvider } from '../../../gateway/lead/funnel/calls';
import type { ProviderCategory } from '../../../gateway/core/shared-schemas';
import { fetchedLeadAtom, oneTimeSessionAtom, suggestionsAtom } from '../state/shared-atoms';

/** How many of a suggested pro's reviews its card shows. */
const CARD_REVIEW_LIMIT = 2;

interface CardReview {
  readonly reviewId: number;
  readonly rating: number;
  readonly text: string;
  readonly reviewerName: string;
  readonly createDate: string;
}

export interface SuggestionCardDetails {
  /** Categories by `AL-<id>` / `HA-<id>` (POST /v1/serviceProviders/details); absent when unknown. */
  readonly categories: ReadonlyMap<string, readonly ProviderCategory[]>;
  /** Latest reviews by the same key (POST /v1/reviews/getByServiceProviderId); absent when unknown. */
  readonly reviews: ReadonlyMap<string, { readonly reviews: readonly CardReview[]; readonly totalCount: number }>;
}

export const cardKey = (type: 'AL' | 'HA', id: number) => `${type}-${id}`;

const swallow = <T>(error: unknown): T | null => {
  if (isAbortError(error) || !isGatewayError(error)) throw error;
  return null;
};

/**
 * What the suggestion page's cards show beyond the suggestion itself: the combined AL + HA
 * details for the lead's category and postal code, and each pro's latest reviews, in parallel.
 * A part that cannot be had is left out (the card still shows the pro and its rating).
 */
export const suggestionCardDetailsAtom = atom(async (get, { signal }): Promise<SuggestionCardDetails | null> => {
  const suggestions = get(suggestionsAtom);
  const lead = get(fetchedLeadAtom);
  if (!suggestions || !lead) return null;
  const pros = [...suggestions.al, ...suggestions.ha];
  if (pros.length === 0) return { categories: new Map(), reviews: new Map() };
  const { client } = get(oneTimeSessionAtom);
  const [combined, reviews] = await Promise.all([
    getCombinedProviderDetails(
      client,
      {
        categoryId: lead.category.id,
        postalCode: lead.postalAddress.postalCode,
        alServiceProviderIds: suggestions.al.map((p) => p.id),
        haServiceProviderIds: suggestions.ha.map((p) => p.id),
      },
      { signal },
    ).catch(swallow<Awaited<ReturnType<typeof getCombinedProviderDetails>>>),
    Promise.all(
      pros.map((pro) =>
        getReviewsByServiceProvider(
          client,
          { serviceProviderType: pro.serviceProviderType, serviceProviderId: pro.id, limit: CARD_REVIEW_LIMIT, offset: 0 },
          { signal },
        )
          // What was asked for, even when a gateway sends more: a card is no place for a pro's
          // every review (hundreds would keep a phone busy for seconds as the step shows).
          .then(
            (answer) =>
              [cardKey(pro.serviceProviderType, pro.id), { reviews: answer.reviews.slice(0, CARD_REVIEW_LIMIT), totalCount: answer.totalCount }] as const,
          )
          .catch(swallow<never>),
      ),
    ),
  ]);
  return {
    // Without a type (not in the spec), a provider's categories go to its card whichever its type.
    categories: new Map(
      (combined?.serviceProviders ?? []).flatMap((p) =>
        (p.serviceProviderType ? [p.serviceProviderType] : (['AL', 'HA'] as const)).map((type) => [cardKey(type, p.serviceProvideId), p.categories] as const),
      ),
    ),
    reviews: new Map(reviews.filter((entry) => entry !== null)),
  };
});
