import * as v from 'valibot';
import { REVIEW_SOURCE_DEFAULT, REVIEW_SOURCE_VERSION_DEFAULT } from '../../domain/review-form';
import { CategoryId, EmailAddress, Id, IsoDateTime, PostalCode, TaxonomyCategorySchema } from '../core/shared-schemas';

/** Schemas of the review service (`/gateway/review/api`). */

/**
 * Draft review. The get-or-create body is "not shown": ours adds the lead it is for. A
 * provider's get-or-create needs the lead (the draft is that lead's customer's review of the
 * provider); a member's may leave it out.
 */
export const DraftReviewRequestSchema = v.object({
  serviceProviderId: Id,
  reviewSource: v.optional(v.string(), REVIEW_SOURCE_DEFAULT),
  reviewSourceVersion: v.optional(v.string(), REVIEW_SOURCE_VERSION_DEFAULT),
  leadId: v.optional(Id),
});
export type DraftReviewRequest = v.InferInput<typeof DraftReviewRequestSchema>;

/**
 * A draft review: the customer's words (title, text, ratings) and, set by the provider who
 * asks for the review, what the work was (descriptionOfWork, workCompleted). Categories are
 * shared. A provider is answered without the customer's words (title and text empty, no
 * ratings): a review is the customer's until it is published.
 */
const DraftReviewSchema = v.object({
  /** The one field the modal needs (row R2): the draft it saves into. */
  draftReviewId: v.string(),
  // §3's defaults, sent back: not read, so null or absent is fine.
  serviceProviderId: v.nullish(Id),
  reviewSource: v.nullish(v.string()),
  reviewSourceVersion: v.nullish(v.string()),
  leadId: v.nullish(Id),
  title: v.nullish(v.string(), ''),
  text: v.nullish(v.string(), ''),
  descriptionOfWork: v.nullish(v.string(), ''),
  /** null: not answered yet. */
  workCompleted: v.nullish(v.boolean(), null),
  /**
   * When the customer was last asked for this review by e-mail; null: never (ours — the spec
   * shows no draft fields beyond the spec's). The request modal says so before a second request.
   */
  requestedAt: v.nullish(IsoDateTime, null),
});
export type DraftReview = v.InferOutput<typeof DraftReviewSchema>;

const DraftRatingSchema = v.object({
  ratingType: v.string(),
  value: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
});

/**
 * PUT /v1/draft-review/{id} (draftReview, draftRatings, categories). Each side writes its
 * own fields: a member title, text and draftRatings; a provider descriptionOfWork and
 * workCompleted, with draftRatings empty (the customer's ratings are kept). Both write
 * categories. Fields left out of draftReview are kept.
 */
export const DraftReviewUpdateSchema = v.object({
  draftReview: v.object({
    title: v.optional(v.string()),
    text: v.optional(v.string()),
    descriptionOfWork: v.optional(v.string()),
    workCompleted: v.optional(v.boolean()),
  }),
  draftRatings: v.array(DraftRatingSchema),
  categories: v.array(CategoryId),
});
export type DraftReviewUpdate = v.InferInput<typeof DraftReviewUpdateSchema>;

export const DraftReviewResponseSchema = v.object({
  draftReview: DraftReviewSchema,
  draftRatings: v.nullish(v.array(DraftRatingSchema), []),
  categories: v.nullish(v.array(CategoryId), []),
});

/** Board form shape: what the review-request form produces. */
export const ReviewRequestBoardFormSchema = v.object({
  firstName: v.pipe(v.string(), v.trim(), v.minLength(1)),
  lastName: v.pipe(v.string(), v.trim(), v.minLength(1)),
  email: EmailAddress,
  phoneNumber: v.pipe(v.string(), v.regex(/^\d{10}$/)),
  reviewRequest: v.object({
    serviceProviderId: Id,
    postalCode: PostalCode,
    descriptionOfWork: v.optional(v.string(), ''),
    workCompleted: v.picklist(['yes', 'no']),
    categoryIds: v.pipe(v.array(CategoryId), v.minLength(1)),
  }),
});
export type ReviewRequestBoardForm = v.InferInput<typeof ReviewRequestBoardFormSchema>;

/** Gateway variant: what POST /v1/review/request-by-email receives. */
export const ReviewRequestByEmailSchema = v.object({
  serviceProviderId: Id,
  postalCode: PostalCode,
  emailAddress: EmailAddress,
  phoneNumber: v.pipe(v.string(), v.regex(/^\d{10}$/)),
  firstName: v.pipe(v.string(), v.trim(), v.minLength(1)),
  lastName: v.pipe(v.string(), v.trim(), v.minLength(1)),
  descriptionOfWork: v.optional(v.string(), ''),
  workCompleted: v.boolean(),
  categories: v.pipe(v.array(CategoryId), v.minLength(1)),
});
export type ReviewRequestByEmail = v.InferOutput<typeof ReviewRequestByEmailSchema>;

export const ReviewRequestByEmailResponseSchema = v.object({ draftReviewId: v.string() });

export const ReviewCategoriesResponseSchema = v.object({ categories: v.array(TaxonomyCategorySchema) });
