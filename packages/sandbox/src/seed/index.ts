import { createRandom } from '../random';
import type { Activity, ContactRecord, Deal, DraftReview, Review, SandboxData, ServiceRequest } from '../types';
import { seedChat } from './chat';
import { seedLeads } from './leads';
import { SANDBOX_LEADS } from './named-leads';
import { SANDBOX_MEMBER_ID, SANDBOX_MEMBER_ID_2, SANDBOX_MEMBER_TOKEN, SANDBOX_MEMBER_TOKEN_2, seedMembers } from './members';
import { PLACES } from './places';
import { MAIN_PROVIDER_ID, seedProviders, seedRegisteredNumbers } from './providers';
import { TAXONOMY, TOP_CATEGORY_IDS } from '../../../../src/domain/category-taxonomy';

export const DEFAULT_SEED = 20240601;

/** Seeded draft reviews and service request (fixed ids). */
export const SANDBOX_DRAFT_REVIEW_ID = 'draft-0001';
export const SANDBOX_SERVICE_REQUEST_ID = 600001;

const DAY = 86_400_000;
const REVIEW_TEXTS = [
  'Showed up on time and fixed the problem quickly. Fair price.',
  'Very professional. Explained every step before starting.',
  'Good work but scheduling took a while.',
  'Cleaned up after themselves. Would hire again.',
  'Price was higher than the estimate.',
  'Excellent communication from start to finish.',
  'Did the job right the first time.',
];
const REVIEWER_NAMES = ['Alex M.', 'Sam K.', 'Chris P.', 'Taylor B.', 'Morgan L.', 'Jamie D.', 'Riley S.', 'Casey W.', 'Drew H.'];

/**
 * Builds the whole sandbox data set. Deterministic: the same `seed` and `now` always give the
 * same data. Dates are relative to `now`, so "today" and "last 7 days" always have leads.
 */
export function buildSeed(seed: number, now: Date): SandboxData {
  const random = createRandom(seed);
  const providers = seedProviders();
  const { members, postalAddresses } = seedMembers(random);
  const { leads, threads, messages } = seedLeads({
    random,
    now,
    taxonomy: TAXONOMY,
    members,
    postalAddresses,
    providerCategories: new Map(providers.map((p) => [p.id, p.categoryIds])),
  });
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  // Chat history (a photo, a thread with older pages, the 10,000-message thread's member).
  seedChat({ now, members, threads, messages, leadCreateDate: (leadId) => leads.find((lead) => lead.leadId === leadId)?.createDate });

  // The funnel's service request behind the newest lead (HA provider 2003 got it too).
  const newest = leads.find((lead) => lead.leadId === SANDBOX_LEADS.newest);
  if (newest) {
    newest.serviceRequestId = SANDBOX_SERVICE_REQUEST_ID;
    newest.haProviderIds = [2003];
  }
  const serviceRequests: ServiceRequest[] = [
    {
      serviceRequestId: SANDBOX_SERVICE_REQUEST_ID,
      categoryId: 10002,
      postalCode: '80202',
      memberId: SANDBOX_MEMBER_ID,
      suggestedIds: [MAIN_PROVIDER_ID, 2002, 2003],
      leadId: SANDBOX_LEADS.newest,
      haSelectedIds: [2003],
      createDate: newest?.createDate ?? ago(0),
    },
  ];

  const reviews: Review[] = [];
  let reviewId = 60_001;
  for (const provider of providers) {
    const count = provider.id === MAIN_PROVIDER_ID ? 12 : random.int(2, 8);
    for (let i = 0; i < count; i++) {
      reviews.push({
        reviewId: reviewId++,
        spId: provider.id,
        rating: random.pick([5, 5, 5, 4, 4, 3, 2, 1]),
        text: random.pick(REVIEW_TEXTS),
        reviewerName: random.pick(REVIEWER_NAMES),
        createDate: ago(random.int(1, 700) * DAY),
      });
    }
  }
  reviews.sort((a, b) => b.createDate.localeCompare(a.createDate));

  const draftReviews: DraftReview[] = [
    {
      draftReviewId: SANDBOX_DRAFT_REVIEW_ID,
      serviceProviderId: MAIN_PROVIDER_ID,
      reviewSource: 'site-member',
      reviewSourceVersion: '2.0',
      leadId: SANDBOX_LEADS.newest,
      memberId: SANDBOX_MEMBER_ID,
      title: 'Quick water heater swap',
      text: '',
      ratings: [{ ratingType: 'Overall', value: 5 }],
      descriptionOfWork: '',
      workCompleted: null,
      categories: [10002],
      updatedAt: newest?.createDate ?? ago(0),
    },
    {
      draftReviewId: 'draft-0002',
      serviceProviderId: MAIN_PROVIDER_ID,
      reviewSource: 'site-member',
      reviewSourceVersion: '2.0',
      leadId: SANDBOX_LEADS.closedWon,
      memberId: SANDBOX_MEMBER_ID_2,
      title: '',
      text: '',
      ratings: [],
      descriptionOfWork: '',
      workCompleted: null,
      categories: [],
      updatedAt: ago(20 * DAY),
    },
  ];

  // 'Message History' needs GenericMessage activities: earlier messages of the pair, with who
  // wrote them and their text (the read-only history view lists them); a PhoneCall one checks
  // the type filter.
  const activities: Activity[] = [];
  let activitySeq = 1;
  const activity = (memberId: number, type: string, daysAgo: number, actorId = memberId, text?: string) => {
    const createDate = ago(daysAgo * DAY);
    const extra = text ? { text } : {};
    activities.push(
      {
        activityId: `act-${activitySeq++}`,
        activityType: type,
        createDate,
        interactorId: memberId,
        interactorType: 'Member',
        counterpartId: MAIN_PROVIDER_ID,
        actorId,
        ...extra,
      },
      {
        activityId: `act-${activitySeq++}`,
        activityType: type,
        createDate,
        interactorId: MAIN_PROVIDER_ID,
        interactorType: 'ServiceProvider',
        counterpartId: memberId,
        actorId,
        ...extra,
      },
    );
  };
  const history: [daysAgo: number, fromProvider: boolean, text: string | undefined][] = [
    [400, false, 'Hi, our water heater is leaking from the bottom. Could you take a look this week?'],
    [300, true, 'Happy to help. I can come by Thursday morning between 8 and 10.'],
    [200, false, 'Thursday works. The side gate code is on the project notes.'],
    [120, true, undefined],
    [60, false, 'Thanks again. The new unit runs great.'],
    [30, true, 'Glad to hear it! Reach out any time.'],
  ];
  history.forEach(([daysAgo, fromProvider, text]) =>
    activity(SANDBOX_MEMBER_ID, 'GenericMessage.v1', daysAgo, fromProvider ? MAIN_PROVIDER_ID : SANDBOX_MEMBER_ID, text),
  );
  activity(SANDBOX_MEMBER_ID, 'PhoneCall.v1', 10);
  activity(5003, 'GenericMessage.v1', 90, 5003, 'Is the estimate still valid for next month?');
  activity(5004, 'GenericMessage.v1', 50, 5004, 'Can you send photos of similar work?');

  const contacts: ContactRecord[] = [
    {
      contactId: 90_001,
      contactType: 1,
      contactPlacementType: 44,
      serviceProviderId: MAIN_PROVIDER_ID,
      memberId: SANDBOX_MEMBER_ID,
      entityId: String(SANDBOX_LEADS.newest),
      entityType: 'lead',
      postalCode: '80202',
      categoryId: 10002,
      campaignId: null,
      createDate: newest?.createDate ?? ago(0),
    },
    {
      contactId: 90_002,
      contactType: 10,
      contactPlacementType: 44,
      serviceProviderId: MAIN_PROVIDER_ID,
      memberId: SANDBOX_MEMBER_ID,
      entityId: 'msg-00001',
      entityType: 'message',
      postalCode: '80202',
      categoryId: 10002,
      campaignId: null,
      createDate: ago(0),
    },
  ];

  const deals: Deal[] = [
    { dealId: 9001, title: 'Water heater flush', price: 89, serviceProviderId: MAIN_PROVIDER_ID, categoryId: 10002 },
    { dealId: 9002, title: 'Drain cleaning special', price: 99, serviceProviderId: MAIN_PROVIDER_ID, categoryId: 10003 },
    { dealId: 9003, title: 'Furnace tune-up', price: 79, serviceProviderId: MAIN_PROVIDER_ID, categoryId: 10101 },
    { dealId: 9004, title: 'Outlet installation', price: 120, serviceProviderId: 1002, categoryId: 10201 },
    { dealId: 9005, title: 'AC check-up', price: 69, serviceProviderId: 2002, categoryId: 10102 },
    { dealId: 9006, title: 'One hour of handyman work', price: 65, serviceProviderId: 1005, categoryId: 107 },
    { dealId: 9007, title: 'Sewer camera inspection', price: 149, serviceProviderId: 1009, categoryId: 10005 },
  ];

  return {
    taxonomy: TAXONOMY.map((row) => ({ ...row })),
    topCategoryIds: [...TOP_CATEGORY_IDS],
    places: PLACES.map((place) => ({ ...place })),
    providers,
    members,
    tokens: { [SANDBOX_MEMBER_TOKEN]: SANDBOX_MEMBER_ID, [SANDBOX_MEMBER_TOKEN_2]: SANDBOX_MEMBER_ID_2 },
    postalAddresses,
    leads,
    threads,
    messages,
    activities,
    reviews,
    draftReviews,
    reviewRequests: [],
    registeredNumbers: seedRegisteredNumbers(now),
    contacts,
    deals,
    serviceRequests,
  };
}
