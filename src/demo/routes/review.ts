import { Hono } from 'hono';
import * as v from 'valibot';
import { isValidEmail } from '../../domain/email';
import {
  DraftReviewRequestSchema,
  DraftReviewUpdateSchema,
  ReviewRequestByEmailSchema,
} from '../../gateway/review/schemas';
import { CategoryId, Id } from '../../gateway/shared-schemas';
import { optionalMember, requireProvider } from '../access';
import type { SandboxContext, SandboxEnv } from '../context';
import { badRequest, forbidden, jsonBody, notFound, parseBody, parseQuery, parseWith, unauthorized } from '../http';
import type { SandboxStore } from '../store';
import type { DraftReview, Member, TaxonomyRow } from '../types';
import { taxonomyCategory } from '../views';

/** Review service calls (src/gateway/review/calls.ts), mounted at `/gateway/review/api`. */

function draftResponse(draft: DraftReview) {
  return {
    draftReview: {
      draftReviewId: draft.draftReviewId,
      serviceProviderId: draft.serviceProviderId,
      reviewSource: draft.reviewSource,
      reviewSourceVersion: draft.reviewSourceVersion,
      leadId: draft.leadId,
      title: draft.title,
      text: draft.text,
    },
    draftRatings: draft.ratings.map((r) => ({ ...r })),
    categories: [...draft.categories],
  };
}

function checkCategories(store: SandboxStore, ids: readonly number[], field: string): void {
  if (ids.some((id) => !store.category(id) || id === 1)) throw badRequest(`Invalid request: ${field} must hold known category ids.`, [field]);
}

function newDraft(store: SandboxStore, fields: Omit<DraftReview, 'draftReviewId'>): DraftReview {
  const draft = { draftReviewId: `draft-${String(store.next('draftReview')).padStart(4, '0')}`, ...fields };
  store.draftReviews.push(draft);
  return draft;
}

export function reviewRoutes({ store, now }: SandboxContext) {
  const app = new Hono<SandboxEnv>();

  // POST /v1/draft-review/get-or-create {serviceProviderId, reviewSource, reviewSourceVersion, leadId?}
  app.post('/v1/draft-review/get-or-create', (c) => {
    const member = optionalMember(c, store);
    const body = parseBody(c, DraftReviewRequestSchema);
    if (!store.provider(body.serviceProviderId)) throw notFound('Service provider not found.');
    if (body.leadId !== undefined && !store.lead(body.leadId)) throw notFound('Lead not found.');
    const leadId = body.leadId ?? null;
    const memberId = member?.id ?? null;
    const existing = store.draftReviews.find(
      (d) =>
        d.serviceProviderId === body.serviceProviderId &&
        d.leadId === leadId &&
        d.memberId === memberId &&
        d.reviewSource === body.reviewSource &&
        d.reviewSourceVersion === body.reviewSourceVersion,
    );
    const draft =
      existing ??
      newDraft(store, {
        serviceProviderId: body.serviceProviderId,
        reviewSource: body.reviewSource,
        reviewSourceVersion: body.reviewSourceVersion,
        leadId,
        memberId,
        title: '',
        text: '',
        ratings: [],
        categories: [],
      });
    return c.json(draftResponse(draft));
  });

  // PUT /v1/draft-review/{id} {draftReview, draftRatings, categories}
  app.put('/v1/draft-review/:draftReviewId', (c) => {
    const draft = store.draftReviews.find((d) => d.draftReviewId === c.req.param('draftReviewId'));
    if (!draft) throw notFound('Draft review not found.');
    if (draft.memberId !== null) {
      // A member's draft is theirs alone.
      const member = optionalMember(c, store);
      if (!member) throw unauthorized();
      if (member.id !== draft.memberId) throw forbidden('This draft review belongs to another member.');
    }
    const body = parseBody(c, DraftReviewUpdateSchema);
    checkCategories(store, body.categories, 'categories');
    if (body.draftReview.title !== undefined) draft.title = body.draftReview.title;
    if (body.draftReview.text !== undefined) draft.text = body.draftReview.text;
    draft.ratings = body.draftRatings.map((r) => ({ ...r }));
    draft.categories = [...new Set(body.categories)];
    return c.json(draftResponse(draft));
  });

  // POST /v1/review/request-by-email — the provider asks a customer for a review.
  app.post('/v1/review/request-by-email', (c) => {
    const raw = jsonBody(c);
    requireProvider(c, store, parseWith(v.object({ serviceProviderId: Id }), raw).serviceProviderId);
    const body = parseWith(ReviewRequestByEmailSchema, raw);
    // The domain's rule is stricter than valibot's e-mail check; the widget uses the same one.
    if (!isValidEmail(body.emailAddress)) throw badRequest('Invalid request: emailAddress must be a valid e-mail address.', ['emailAddress']);
    if (!/^\d{5}$/.test(body.postalCode)) throw badRequest('Invalid request: postalCode must be 5 digits.', ['postalCode']);
    checkCategories(store, body.categories, 'categories');
    const email = body.emailAddress.toLowerCase();
    let member: Member | undefined = store.members.find((m) => m.email?.toLowerCase() === email);
    if (!member) {
      member = { id: store.next('member'), firstName: body.firstName, lastName: body.lastName, email: body.emailAddress, phoneNumber: body.phoneNumber, postalCode: body.postalCode };
      store.members.push(member);
    }
    const draft = newDraft(store, {
      serviceProviderId: body.serviceProviderId,
      reviewSource: 'review-request',
      reviewSourceVersion: '2.0',
      leadId: null,
      memberId: member.id,
      title: '',
      text: body.descriptionOfWork,
      ratings: [],
      categories: [...new Set(body.categories)],
    });
    store.reviewRequests.push({
      draftReviewId: draft.draftReviewId,
      serviceProviderId: body.serviceProviderId,
      memberId: member.id,
      postalCode: body.postalCode,
      descriptionOfWork: body.descriptionOfWork,
      workCompleted: body.workCompleted,
      categories: [...draft.categories],
      createDate: now().toISOString(),
    });
    return c.json({ draftReviewId: draft.draftReviewId });
  });

  // GET /v1/category?categoryIds — the categories with their parents (root group 1 left out).
  app.get('/v1/category', (c) => {
    const { categoryIds } = parseQuery(c, { categoryIds: 'int[]' }, v.object({ categoryIds: v.pipe(v.array(CategoryId), v.minLength(1)) }));
    const rows = new Map<number, TaxonomyRow>();
    for (const id of categoryIds) for (const row of store.categoryLineage(id)) rows.set(row.id, row);
    return c.json({ categories: [...rows.values()].map(taxonomyCategory) });
  });

  return app;
}
