import * as v from 'valibot';
import type { GatewayClient } from '../core/client';
import { checkRequest, newIdempotencyKey, type CallOptions, type CreateCallOptions } from '../core/request-spec';
import { toGatewayRequest } from '../../domain/review-form';
import { CategoryId, UnreadAnswer } from '../core/shared-schemas';
import * as s from './schemas';

/** Review service calls (paths under `/gateway/review/api`). */
const BASE = '/gateway/review/api';

/** POST /v1/draft-review/get-or-create — the body is ours (the spec does not show it). */
export async function getOrCreateDraftReview(client: GatewayClient, body: s.DraftReviewRequest, opts: CallOptions = {}) {
  return client.request({
    operation: 'review.getOrCreateDraftReview',
    method: 'POST',
    path: `${BASE}/v1/draft-review/get-or-create`,
    body: checkRequest('review.getOrCreateDraftReview', s.DraftReviewRequestSchema, body),
    provider: body.serviceProviderId,
    response: s.DraftReviewResponseSchema,
    oneTime: 'optional',
    signal: opts.signal,
  });
}

/** PUT /v1/draft-review/{id} {draftReview, draftRatings, categories} */
export async function updateDraftReview(client: GatewayClient, draftReviewId: string, body: s.DraftReviewUpdate, opts: CallOptions = {}) {
  const reviewId = checkRequest('review.updateDraftReview', v.pipe(v.string(), v.minLength(1)), draftReviewId);
  return client.request({
    operation: 'review.updateDraftReview',
    method: 'PUT',
    path: `${BASE}/v1/draft-review/${encodeURIComponent(reviewId)}`,
    body: checkRequest('review.updateDraftReview', s.DraftReviewUpdateSchema, body),
    // The answer is not read (row R2): any 2xx is success.
    response: UnreadAnswer,
    oneTime: 'optional',
    signal: opts.signal,
  });
}

type ReviewRequested = v.InferOutput<typeof s.ReviewRequestByEmailResponseSchema>;

/**
 * POST /v1/review/request-by-email — takes the board form shape, sends the gateway variant
 * caller headers; idempotent per user action (replayed after a passed challenge). Success is 200 with draftReviewId.
 */
export async function requestReviewByEmail(client: GatewayClient, form: s.ReviewRequestBoardForm, opts: CreateCallOptions<ReviewRequested> = {}) {
  const checkedForm = checkRequest('review.requestReviewByEmail', s.ReviewRequestBoardFormSchema, form);
  const body = checkRequest('review.requestReviewByEmail', s.ReviewRequestByEmailSchema, toGatewayRequest(checkedForm));
  return client.request({
    operation: 'review.requestReviewByEmail',
    method: 'POST',
    path: `${BASE}/v1/review/request-by-email`,
    body,
    provider: body.serviceProviderId,
    response: s.ReviewRequestByEmailResponseSchema,
    // The spec: "success is status 200 with draftReviewId" (a 201 or 204 is not).
    successStatus: 200,
    idempotencyKey: opts.idempotencyKey ?? newIdempotencyKey(),
    signal: opts.signal,
    onReplayed: opts.onReplayed,
  });
}

/** GET /v1/category?categoryIds — categories with their parents. */
export async function getReviewCategories(client: GatewayClient, categoryIds: number[], opts: CallOptions = {}) {
  return client.request({
    operation: 'review.getReviewCategories',
    method: 'GET',
    path: `${BASE}/v1/category`,
    query: { categoryIds: checkRequest('review.getReviewCategories', v.pipe(v.array(CategoryId), v.minLength(1)), categoryIds) },
    response: s.ReviewCategoriesResponseSchema,
    signal: opts.signal,
  });
}
