import { describe, expect, it } from 'vitest';
import { getOrCreateDraftReview, requestReviewByEmail, updateDraftReview } from '../../../src/gateway/review/calls';
import { SANDBOX_DRAFT_REVIEW_ID, SANDBOX_LEADS as L, SANDBOX_MEMBER_TOKEN_2 } from './index';
import { failure, providerHeaders, sent, setup } from './test-helpers';

/**
 * Draft reviews in the review-request flow (packages/sandbox/README.md "Draft reviews"): the provider
 * gets or creates the draft of a lead's customer, saves what it says about the work into it,
 * and the review request by e-mail fills in the same draft. Each side writes its own fields.
 */

const PRIYA_FORM = {
  firstName: 'Priya',
  lastName: 'Patel',
  email: 'priya.patel@example.com',
  phoneNumber: '7205550178',
  reviewRequest: {
    serviceProviderId: 1001,
    postalCode: '80210',
    descriptionOfWork: 'Installed a 3-ton AC unit',
    workCompleted: 'yes' as const,
    categoryIds: [10102],
  },
};

describe('draft reviews: a provider asking for a review', () => {
  it("gets the lead's customer's draft (the seeded one of lead 300013), without the customer's words", async () => {
    const { sandbox, provider } = setup();
    const seeded = sandbox.store.draftReviews.find((d) => d.draftReviewId === 'draft-0002');
    if (!seeded) throw new Error('seed: draft-0002 missing');
    seeded.title = 'Cool house again';
    seeded.text = 'Priya writing her review';
    seeded.ratings = [{ ratingType: 'Overall', value: 5 }];

    const draft = await getOrCreateDraftReview(provider, { serviceProviderId: 1001, leadId: L.closedWon });
    expect(sent(sandbox)).toEqual({
      method: 'POST',
      path: '/gateway/review/api/v1/draft-review/get-or-create',
      body: { serviceProviderId: 1001, reviewSource: 'site-member', reviewSourceVersion: '2.0', leadId: L.closedWon },
    });
    expect(draft.draftReview).toMatchObject({
      draftReviewId: 'draft-0002',
      leadId: L.closedWon,
      title: '',
      text: '',
      descriptionOfWork: '',
      workCompleted: null,
    });
    expect(draft.draftRatings).toEqual([]);
    // The same lead again: the same draft, nothing new.
    const count = sandbox.store.draftReviews.length;
    expect((await getOrCreateDraftReview(provider, { serviceProviderId: 1001, leadId: L.closedWon })).draftReview.draftReviewId).toBe('draft-0002');
    expect(sandbox.store.draftReviews).toHaveLength(count);
  });

  it("creates a draft for a lead without one, owned by the lead's member", async () => {
    const { sandbox, provider } = setup();
    const draft = await getOrCreateDraftReview(provider, { serviceProviderId: 1001, leadId: L.purchased });
    const stored = sandbox.store.draftReviews.find((d) => d.draftReviewId === draft.draftReview.draftReviewId);
    expect(stored).toMatchObject({
      serviceProviderId: 1001,
      leadId: L.purchased,
      memberId: sandbox.store.lead(L.purchased)?.memberId,
      reviewSource: 'site-member',
      reviewSourceVersion: '2.0',
    });
  });

  it('refuses a lead the provider does not hold (404), another provider (403), and no lead (400)', async () => {
    const { sandbox, provider, providerAs } = setup();
    expect((await failure(getOrCreateDraftReview(providerAs(1002), { serviceProviderId: 1002, leadId: L.closedWon }))).status).toBe(404);
    const other = await sandbox.fetch('/gateway/review/api/v1/draft-review/get-or-create', {
      method: 'POST',
      headers: providerHeaders(1002),
      body: JSON.stringify({ serviceProviderId: 1001, leadId: L.closedWon }),
    });
    expect(other.status).toBe(403);
    const noLead = await failure(getOrCreateDraftReview(provider, { serviceProviderId: 1001 }));
    expect(noLead.status).toBe(400);
    expect(noLead.body).toMatchObject({ fields: ['leadId'] });
  });

  it("saves the work (description, answer, categories) and keeps the customer's words and ratings", async () => {
    const { sandbox, provider } = setup();
    const seeded = sandbox.store.draftReviews.find((d) => d.draftReviewId === SANDBOX_DRAFT_REVIEW_ID);
    const body = { draftReview: { descriptionOfWork: 'Swapped the water heater', workCompleted: false }, draftRatings: [], categories: [10002, 100] };
    await updateDraftReview(provider, SANDBOX_DRAFT_REVIEW_ID, body);
    expect(sent(sandbox)).toEqual({ method: 'PUT', path: `/gateway/review/api/v1/draft-review/${SANDBOX_DRAFT_REVIEW_ID}`, body });
    expect(seeded).toMatchObject({
      title: 'Quick water heater swap',
      ratings: [{ ratingType: 'Overall', value: 5 }],
      descriptionOfWork: 'Swapped the water heater',
      workCompleted: false,
      categories: [10002, 100],
    });
  });

  it("refuses a provider writing the customer's words or ratings, and another provider's draft (403)", async () => {
    const { sandbox, provider, providerAs } = setup();
    const before = structuredClone(sandbox.store.draftReviews);
    for (const body of [
      { draftReview: { text: 'Great job!' }, draftRatings: [], categories: [] },
      { draftReview: {}, draftRatings: [{ ratingType: 'Overall', value: 5 }], categories: [] },
    ]) {
      expect((await failure(updateDraftReview(provider, SANDBOX_DRAFT_REVIEW_ID, body))).status).toBe(403);
    }
    expect((await failure(updateDraftReview(providerAs(1002), SANDBOX_DRAFT_REVIEW_ID, { draftReview: {}, draftRatings: [], categories: [] }))).status).toBe(
      403,
    );
    expect(sandbox.store.draftReviews).toEqual(before);
  });

  it('refuses a member describing the work (403)', async () => {
    const { member } = setup();
    const error = await failure(
      updateDraftReview(member, SANDBOX_DRAFT_REVIEW_ID, { draftReview: { descriptionOfWork: 'x' }, draftRatings: [], categories: [] }),
    );
    expect(error.status).toBe(403);
  });

  it("fills in the draft the provider kept for the lead when it asks the lead's customer by e-mail", async () => {
    const { sandbox, provider, memberWith } = setup();
    const kept = await getOrCreateDraftReview(provider, { serviceProviderId: 1001, leadId: L.closedWon });
    await updateDraftReview(provider, kept.draftReview.draftReviewId, {
      draftReview: { descriptionOfWork: 'draft text', workCompleted: false },
      draftRatings: [],
      categories: [101],
    });
    const count = sandbox.store.draftReviews.length;

    const { draftReviewId } = await requestReviewByEmail(provider, PRIYA_FORM);
    expect(draftReviewId).toBe(kept.draftReview.draftReviewId);
    expect(sandbox.store.draftReviews).toHaveLength(count);
    expect(sandbox.store.reviewRequests).toEqual([expect.objectContaining({ draftReviewId, memberId: 5002 })]);
    // The customer (her own one-time token) finds the work the request described.
    const theirs = await getOrCreateDraftReview(memberWith(SANDBOX_MEMBER_TOKEN_2), { serviceProviderId: 1001, leadId: L.closedWon });
    expect(theirs.draftReview).toMatchObject({ draftReviewId, descriptionOfWork: 'Installed a 3-ton AC unit', workCompleted: true });
    expect(theirs.categories).toEqual([10102]);
  });

  it('starts a new draft for a customer with none (a new member by that e-mail)', async () => {
    const { sandbox, provider } = setup();
    const { draftReviewId } = await requestReviewByEmail(provider, { ...PRIYA_FORM, email: 'new.person@example.com' });
    expect(sandbox.store.draftReviews.find((d) => d.draftReviewId === draftReviewId)).toMatchObject({
      reviewSource: 'review-request',
      reviewSourceVersion: '2.0',
      leadId: null,
      descriptionOfWork: 'Installed a 3-ton AC unit',
      workCompleted: true,
      categories: [10102],
    });
  });
});
