import { Hono } from 'hono';
import * as v from 'valibot';
import { isValidEmail } from '../../../../src/domain/core/email';
import { REVIEW_SOURCE_VERSION_DEFAULT } from '../../../../src/domain/review-form';
import { DraftReviewRequestSchema, DraftReviewUpdateSchema, ReviewRequestByEmailSchema } from '../../../../src/gateway/review/schemas';
import { CategoryId, Id } from '../../../../src/gateway/core/shared-schemas';
import { callerType, optionalMember, requireOwnLead, requireProvider } from '../access';
import type { SandboxContext, SandboxEnv } from '../context';
import { badRequest, forbidden, jsonBody, notFound, parseBody, parseQuery, parseWith, unauthorized } from '../http';
import type { SandboxStore } from '../store';
import type { DraftReview, Member } from '../types';
import type { TaxonomyRow } from '../../../../src/domain/category-taxonomy';
import { taxonomyCategory } from '../views';

/** Review service calls (src/gateway/review/calls.ts), mounted at `/gateway/review/api`. */

type DraftViewer = 'provider' | 'member';

/**
 * The wire shape of a draft. A provider gets it without the customer's words (title, text,
 * ratings): the review is the customer's until it is published.
 */
function draftResponse(draft: DraftReview, viewer: DraftViewer) {
  const forProvider = viewer === 'provider';
  return {
    draftReview: {
      draftReviewId: draft.draftReviewId,
      serviceProviderId: draft.serviceProviderId,
      reviewSource: draft.reviewSource,
      reviewSourceVersion: draft.reviewSourceVersion,
      leadId: draft.leadId,
      title: forProvider ? '' : draft.title,
      text: forProvider ? '' : draft.text,
      descriptionOfWork: draft.descriptionOfWork,
      workCompleted: draft.workCompleted,
      requestedAt: draft.requestedAt ?? null,
    },
    draftRatings: forProvider ? [] : draft.ratings.map((r) => ({ ...r })),
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

/** The member's draft review of the provider changed last (a review request fills it in). */
function latestDraft(store: SandboxStore, serviceProviderId: number, memberId: number): DraftReview | undefined {
  return store.draftReviews
    .filter((d) => d.serviceProviderId === serviceProviderId && d.memberId === memberId)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.draftReviewId.localeCompare(a.draftReviewId))[0];
}

export function reviewRoutes({ store, now }: SandboxContext) {
  const app = new Hono<SandboxEnv>();

  /**
   * POST /v1/draft-review/get-or-create {serviceProviderId, reviewSource, reviewSourceVersion, leadId?}
   * One draft per provider, lead, member, source and version. A provider (caller id = the
   * provider) names a lead it holds: the draft is that lead's customer's, which the provider
   * pre-fills before asking for the review. A member (one-time token) gets their own draft.
   */
  app.post('/v1/draft-review/get-or-create', (c) => {
    const raw = jsonBody(c);
    const viewer: DraftViewer = callerType(c) === 'ServiceProvider' ? 'provider' : 'member';
    let leadId: number | null;
    let memberId: number | null;
    let body: v.InferOutput<typeof DraftReviewRequestSchema>;
    if (viewer === 'provider') {
      requireProvider(c, store, parseWith(v.object({ serviceProviderId: Id }), raw).serviceProviderId);
      body = parseWith(DraftReviewRequestSchema, raw);
      if (body.leadId === undefined) throw badRequest('Invalid request: leadId is required when a provider asks for a draft review.', ['leadId']);
      const lead = store.lead(body.leadId);
      if (!lead || !store.assignment(lead, body.serviceProviderId)) throw notFound('Lead not found for this service provider.');
      leadId = lead.leadId;
      memberId = lead.memberId;
    } else {
      const member = optionalMember(c, store);
      body = parseWith(DraftReviewRequestSchema, raw);
      if (!store.provider(body.serviceProviderId)) throw notFound('Service provider not found.');
      leadId = body.leadId === undefined ? null : requireOwnLead(store, body.leadId, member).leadId;
      memberId = member?.id ?? null;
    }
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
        descriptionOfWork: '',
        workCompleted: null,
        categories: [],
        updatedAt: now().toISOString(),
      });
    return c.json(draftResponse(draft, viewer));
  });

  /**
   * PUT /v1/draft-review/{id} {draftReview, draftRatings, categories}
   * Each side writes its own fields (see DraftReviewUpdateSchema); a field left out of
   * draftReview is kept. 403 for the other side's fields, another provider, or another member.
   */
  app.put('/v1/draft-review/:draftReviewId', (c) => {
    const draft = store.draftReviews.find((d) => d.draftReviewId === c.req.param('draftReviewId'));
    if (!draft) throw notFound('Draft review not found.');
    const viewer: DraftViewer = callerType(c) === 'ServiceProvider' ? 'provider' : 'member';
    if (viewer === 'provider') {
      requireProvider(c, store, draft.serviceProviderId);
    } else if (draft.memberId !== null) {
      // A member's draft is theirs alone.
      const member = optionalMember(c, store);
      if (!member) throw unauthorized();
      if (member.id !== draft.memberId) throw forbidden('This draft review belongs to another member.');
    }
    const body = parseBody(c, DraftReviewUpdateSchema);
    const fields = body.draftReview;
    if (viewer === 'provider' && (fields.title !== undefined || fields.text !== undefined || body.draftRatings.length > 0)) {
      throw forbidden("A provider may not write the customer's review or ratings.");
    }
    if (viewer === 'member' && (fields.descriptionOfWork !== undefined || fields.workCompleted !== undefined)) {
      throw forbidden('Only the provider asking for the review describes the work.');
    }
    checkCategories(store, body.categories, 'categories');
    if (fields.title !== undefined) draft.title = fields.title;
    if (fields.text !== undefined) draft.text = fields.text;
    if (fields.descriptionOfWork !== undefined) draft.descriptionOfWork = fields.descriptionOfWork;
    if (fields.workCompleted !== undefined) draft.workCompleted = fields.workCompleted;
    if (viewer === 'member') draft.ratings = body.draftRatings.map((r) => ({ ...r }));
    draft.categories = [...new Set(body.categories)];
    draft.updatedAt = now().toISOString();
    return c.json(draftResponse(draft, viewer));
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
      member = {
        id: store.next('member'),
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.emailAddress,
        phoneNumber: body.phoneNumber,
        postalCode: body.postalCode,
      };
      store.members.push(member);
    }
    // The request fills in the member's latest draft review of this provider (the one the
    // provider's form kept for the lead, or the member's own); else it starts one.
    const categories = [...new Set(body.categories)];
    let draft = latestDraft(store, body.serviceProviderId, member.id);
    if (draft) {
      draft.descriptionOfWork = body.descriptionOfWork;
      draft.workCompleted = body.workCompleted;
      draft.categories = categories;
      draft.updatedAt = now().toISOString();
    } else {
      draft = newDraft(store, {
        serviceProviderId: body.serviceProviderId,
        reviewSource: 'review-request',
        reviewSourceVersion: REVIEW_SOURCE_VERSION_DEFAULT,
        leadId: null,
        memberId: member.id,
        title: '',
        text: '',
        ratings: [],
        descriptionOfWork: body.descriptionOfWork,
        workCompleted: body.workCompleted,
        categories,
        updatedAt: now().toISOString(),
      });
    }
    draft.requestedAt = now().toISOString();
    store.reviewRequests.push({
      draftReviewId: draft.draftReviewId,
      serviceProviderId: body.serviceProviderId,
      memberId: member.id,
      postalCode: body.postalCode,
      descriptionOfWork: body.descriptionOfWork,
      workCompleted: body.workCompleted,
      categories,
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
