import type { LeadSource } from '../../../../src/domain/lead-source';
import type { LeadStatus } from '../../../../src/domain/lead-status';
import type { LeadOffer, StoredFeedback } from '../types';
import { NAMELESS_MEMBER_IDS, SANDBOX_MEMBER_ID, SANDBOX_MEMBER_ID_2 } from './members';
import { MAIN_PROVIDER_ID } from './providers';

/**
 * Leads with fixed ids and fixed traits (whatever the seed): tests and stories can rely on
 * them. Every other seeded lead varies with the seed.
 */
export const SANDBOX_LEADS = {
  /** Today, Initial, unread, unread messages from the token member, 6 questions (Read More). */
  newest: 300001,
  /** LeadFeed lead bought by 1001 3 h ago (lead page: purchased; also on the board). */
  purchased: 300002,
  /** 45 days old, not archived: not on the board's first page (a featuredLeadId candidate). */
  featuredCandidate: 300003,
  /** Masked phone still active (2 days old, SMS enabled). */
  maskedActive: 300004,
  /** Masked phone expired (40 days old: past the 30-day life). */
  maskedExpired: 300005,
  /** The customer gave no phone number. */
  noPhone: 300006,
  /** No customer name ('Member'). */
  noName: 300007,
  /** Archived, ClosedDidntWin. */
  archived: 300008,
  /** Has notes and feedback (3 stars, CustomerUnresponsive). */
  withNotesAndFeedback: 300009,
  /** Two questions only. */
  fewQuestions: 300010,
  /** Redemption lead with deal info. */
  redemption: 300011,
  /** Hidden from the board (displayLead=false shows it). */
  hidden: 300012,
  /** ClosedWon lead of the second token member (review request). */
  closedWon: 300013,
  /** ProDirMsgCallOptIn, opted in but not connected. */
  optedInNotConnected: 300014,
  /** LeadFeed: sent to 1001 30 h ago, never bought by it: no longer available. */
  unavailableExpired: 300101,
  /** LeadFeed: sent 2 h ago but already bought by 3 providers: no longer available. */
  unavailableSoldOut: 300102,
  /** LeadFeed: sent 1 h ago, 1 buyer: opening the lead page as 1001 buys it. */
  availableToUnlock: 300103,
  /** Never sent to 1001 (lead page answers 403 for 1001). */
  notOffered: 300104,
} as const;

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Deals of redemption leads: the named one has the first, the others one picked by the seed. */
export const DEALS = [
  { title: 'Water heater flush', price: 89 },
  { title: 'Drain cleaning special', price: 99 },
  { title: 'Furnace tune-up', price: 79 },
  { title: '$50 off any repair', price: null },
];

/** A seeded lead's traits (seedLeads builds the lead from them; what is left out the seed picks). */
export interface LeadSpec {
  leadId: number;
  memberId: number;
  categoryId: number;
  source: LeadSource;
  createdAt: Date;
  /** AL providers holding the lead; default [1001]. */
  holders?: number[];
  offers?: LeadOffer[];
  status?: LeadStatus;
  read?: boolean;
  archived?: boolean;
  displayed?: boolean;
  notes?: string | null;
  feedback?: StoredFeedback | null;
  questionCount?: number;
  description?: string | null;
  phone?: 'real' | 'masked' | 'none';
  sms?: boolean;
  thimble?: boolean;
  urgency?: string;
  optedInNotConnected?: boolean;
  deal?: { title: string; price: number | null } | null;
}

/**
 * The leads with fixed traits (`SANDBOX_LEADS`), as specs: the main provider's named leads and
 * the LeadFeed leads it only saw offered. No seed draws here: the seed's draws stay in order.
 */
export function namedLeadSpecs(ago: (ms: number) => Date, today: (fraction: number) => Date): { named: LeadSpec[]; feed: LeadSpec[] } {
  const L = SANDBOX_LEADS;
  const named: LeadSpec[] = [
    {
      leadId: L.newest,
      memberId: SANDBOX_MEMBER_ID,
      categoryId: 10002,
      source: 'RequestAQuote',
      createdAt: today(0.95),
      status: 'Initial',
      read: false,
      questionCount: 6,
      phone: 'real',
      sms: true,
      notes: null,
      urgency: 'As soon as possible',
      description: 'Our 40-gallon water heater is leaking from the bottom. Would like a replacement quote.',
      thimble: true,
    },
    {
      leadId: L.purchased,
      memberId: 5003,
      categoryId: 10003,
      source: 'HA_OL_RAQ',
      createdAt: ago(3 * HOUR),
      holders: [MAIN_PROVIDER_ID, 1009],
      offers: [
        { spId: MAIN_PROVIDER_ID, sentAt: ago(3 * HOUR).toISOString() },
        { spId: 1009, sentAt: ago(3 * HOUR).toISOString() },
      ],
      status: 'ContactAndQualify',
      read: true,
      questionCount: 3,
      phone: 'real',
      description: 'Kitchen sink drains very slowly; tried a plunger already.',
    },
    {
      leadId: L.featuredCandidate,
      memberId: 5004,
      categoryId: 10101,
      source: 'SR_RAQ',
      createdAt: ago(45 * DAY),
      status: 'Selling',
      read: true,
      questionCount: 4,
      phone: 'real',
    },
    {
      leadId: L.maskedActive,
      memberId: 5005,
      categoryId: 10104,
      source: 'RequestAQuote',
      createdAt: ago(2 * DAY),
      phone: 'masked',
      sms: true,
      questionCount: 5,
    },
    {
      leadId: L.maskedExpired,
      memberId: 5006,
      categoryId: 10004,
      source: 'SR_RAQ',
      createdAt: ago(40 * DAY),
      status: 'ContactAndQualify',
      phone: 'masked',
      sms: true,
      questionCount: 3,
    },
    { leadId: L.noPhone, memberId: 5007, categoryId: 10006, source: 'RequestAQuote', createdAt: ago(5 * DAY), phone: 'none', questionCount: 2 },
    {
      leadId: L.noName,
      memberId: NAMELESS_MEMBER_IDS[0]!,
      categoryId: 10001,
      source: 'ProDirMsgCallOptOut',
      createdAt: ago(3 * DAY),
      phone: 'real',
      questionCount: 1,
    },
    {
      leadId: L.archived,
      memberId: 5008,
      categoryId: 10802,
      source: 'RequestAQuote',
      createdAt: ago(12 * DAY),
      status: 'ClosedDidntWin',
      archived: true,
      questionCount: 4,
    },
    {
      leadId: L.withNotesAndFeedback,
      memberId: 5004,
      categoryId: 10103,
      source: 'HA_OL_RAQ',
      createdAt: ago(9 * DAY),
      status: 'Selling',
      notes: 'Customer prefers mornings. Gate code 4411.',
      feedback: { rating: 3, reason: 'CustomerUnresponsive', notes: '' },
      phone: 'masked',
      sms: false,
      questionCount: 5,
    },
    {
      leadId: L.fewQuestions,
      memberId: 5009,
      categoryId: 10203,
      source: 'SR_RAQ',
      createdAt: ago(20 * DAY),
      status: 'InProgressWon',
      questionCount: 2,
      phone: 'real',
    },
    {
      leadId: L.redemption,
      memberId: 5010,
      categoryId: 10002,
      source: 'Redemption',
      createdAt: ago(6 * DAY),
      status: 'InProgressWon',
      deal: DEALS[0]!,
      questionCount: 0,
      phone: 'real',
    },
    { leadId: L.hidden, memberId: 5011, categoryId: 110, source: 'RequestAQuote', createdAt: ago(15 * DAY), displayed: false, questionCount: 3 },
    {
      leadId: L.closedWon,
      memberId: SANDBOX_MEMBER_ID_2,
      categoryId: 10102,
      source: 'RequestAQuote',
      createdAt: ago(33 * DAY),
      status: 'ClosedWon',
      read: true,
      phone: 'real',
      questionCount: 4,
      notes: 'Installed a 3-ton unit. Customer very happy.',
    },
    {
      leadId: L.optedInNotConnected,
      memberId: 5012,
      categoryId: 100,
      source: 'ProDirMsgCallOptIn',
      createdAt: ago(1 * DAY + 2 * HOUR),
      optedInNotConnected: true,
      phone: 'real',
      questionCount: 2,
    },
  ];

  // LeadFeed leads that 1001 only saw offered (the lead page's "no longer available" cases).
  const feed: LeadSpec[] = [
    {
      leadId: L.unavailableExpired,
      memberId: 5013,
      categoryId: 10005,
      source: 'HA_OL_RAQ',
      createdAt: ago(30 * HOUR),
      holders: [1009],
      offers: [
        { spId: MAIN_PROVIDER_ID, sentAt: ago(30 * HOUR).toISOString() },
        { spId: 1009, sentAt: ago(30 * HOUR).toISOString() },
      ],
      questionCount: 3,
    },
    {
      leadId: L.unavailableSoldOut,
      memberId: 5014,
      categoryId: 10001,
      source: 'HA_OL_RAQ',
      createdAt: ago(2 * HOUR),
      holders: [1009, 1005, 1002],
      offers: [MAIN_PROVIDER_ID, 1009, 1005, 1002].map((spId) => ({ spId, sentAt: ago(2 * HOUR).toISOString() })),
      questionCount: 3,
    },
    {
      leadId: L.availableToUnlock,
      memberId: 5015,
      categoryId: 10007,
      source: 'HA_OL_RAQ',
      createdAt: ago(1 * HOUR),
      holders: [1009],
      offers: [
        { spId: MAIN_PROVIDER_ID, sentAt: ago(1 * HOUR).toISOString() },
        { spId: 1009, sentAt: ago(1 * HOUR).toISOString() },
      ],
      questionCount: 4,
    },
    { leadId: L.notOffered, memberId: 5016, categoryId: 10201, source: 'RequestAQuote', createdAt: ago(4 * DAY), holders: [1002], questionCount: 2 },
  ];
  return { named, feed };
}
