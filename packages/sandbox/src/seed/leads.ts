import { startOfDay } from 'date-fns';
import { LEAD_SOURCES } from '../../../../src/domain/lead-source';
import { LEAD_STATUSES } from '../../../../src/domain/lead-status';
import type { Random } from '../random';
import type { Assignment, Member, PostalAddress, QuestionAnswer, StoredFeedback, StoredLead, StoredMessage, Thread } from '../types';
import type { TaxonomyRow } from '../../../../src/domain/category-taxonomy';
import { fictionalPhone, NAMELESS_MEMBER_IDS, SANDBOX_MEMBER_ID, SANDBOX_MEMBER_ID_2 } from './members';
import { DAY, DEALS, HOUR, namedLeadSpecs, SANDBOX_LEADS, type LeadSpec } from './named-leads';
import { MAIN_PROVIDER_ID } from './providers';

/**
 * The seeded leads: the named ones (named-leads.ts: fixed traits), the rest of the main
 * provider's board and other providers' boards (drawn by the seed), built into stored leads,
 * and the message threads that give some of them unread messages.
 */

/** How many leads the seed gives the main provider (named ones included). */
export const MAIN_PROVIDER_LEAD_COUNT = 64;

const QUESTION_POOL: readonly (readonly [string, readonly string[], boolean])[] = [
  ['What type of property is this?', ['Single-family home', 'Townhouse', 'Condo', 'Commercial building'], false],
  ['Do you own this property?', ['Yes', 'No, I rent'], false],
  ['When do you need this done?', ['As soon as possible', 'Within 1 week', 'Within 1 month', 'I am flexible'], false],
  ['How old is the current system?', ['Less than 5 years', '5-10 years', 'More than 10 years', 'Not sure'], false],
  ['Which areas need work?', ['Kitchen', 'Bathroom', 'Basement', 'Garage', 'Laundry room'], true],
  ['Is this an emergency?', ['Yes', 'No'], false],
  ['What is the approximate size of the area?', ['Under 500 sq ft', '500-1,000 sq ft', '1,000-2,500 sq ft', 'Over 2,500 sq ft'], false],
  ['Would you like an in-person estimate?', ['Yes', 'No, a phone quote is fine'], false],
  ['How would you like to be contacted?', ['Phone call', 'Text message', 'Email'], true],
];
const OPENERS = ['Need help with', 'Looking for a quote on', 'Would like someone to take care of', 'Requesting an estimate for'];
const CLOSERS = [
  'at our house. Weekday mornings work best.',
  'ideally this week.',
  'in the basement. Please call before coming over.',
  'for a rental unit; the tenant will let you in.',
  'and we are flexible on timing.',
];
const URGENCIES = ['As soon as possible', 'Within 1 week', 'Within 1 month', 'Flexible', 'NA'];
const FEEDBACK: readonly StoredFeedback[] = [
  { rating: 5, reason: 'Other', notes: '' },
  { rating: 2, reason: 'LowValueJob', notes: '' },
  { rating: 1, reason: 'PotentialSpam', notes: '' },
  { rating: 4, reason: 'OutOfServiceArea', notes: '' },
  { rating: 3, reason: 'Other', notes: 'Asked for a discount twice.' },
];
const NOTES = [
  'Customer prefers mornings. Gate code 4411.',
  'Called twice, left voicemail.',
  'Quoted $450; waiting on approval.',
  'Bring the long auger. Dog in the back yard.',
  'Follow up after the holidays.',
];
const THIMBLE_URL = 'https://insurance.example.com/liability?ref=leadkit-sandbox';

export interface LeadSeedContext {
  random: Random;
  now: Date;
  taxonomy: readonly TaxonomyRow[];
  members: readonly Member[];
  postalAddresses: readonly PostalAddress[];
  /** Provider id → categories offered (leads are picked among these). */
  providerCategories: ReadonlyMap<number, readonly number[]>;
}

/** Builds every seeded lead plus the message threads that give some of them unread messages. */
export function seedLeads(ctx: LeadSeedContext): { leads: StoredLead[]; threads: Thread[]; messages: StoredMessage[] } {
  const { random, now } = ctx;
  const ago = (ms: number) => new Date(now.getTime() - ms);
  /** A moment today (local time), never in the future. */
  const today = (fraction: number) => {
    const start = startOfDay(now).getTime();
    return new Date(start + Math.floor((now.getTime() - start) * fraction));
  };
  const categoryName = (id: number) => ctx.taxonomy.find((row) => row.id === id)?.name ?? 'Generic';
  const contactIds = new Map<string, number>();
  let nextContactInformationId = 800_001;

  function questions(count: number): QuestionAnswer[] {
    return random.sample(QUESTION_POOL, count).map(([question, options, multi]) => ({
      question,
      answers: multi ? random.sample(options, random.int(1, 3)) : [random.pick(options)],
    }));
  }

  function build(spec: LeadSpec): StoredLead {
    const member = ctx.members.find((m) => m.id === spec.memberId);
    if (!member) throw new Error(`seed: no member ${spec.memberId}`);
    const address = ctx.postalAddresses.find((a) => a.memberId === member.id);
    if (!address) throw new Error(`seed: no address for member ${member.id}`);
    const phoneKind = spec.phone ?? (random.chance(0.3) ? 'masked' : 'real');
    const phoneNumber = phoneKind === 'none' ? null : member.phoneNumber;
    const contactKey = `${member.id}|${phoneNumber ?? ''}|${member.email ?? ''}`;
    let contactInformationId = contactIds.get(contactKey);
    if (contactInformationId === undefined) {
      contactInformationId = nextContactInformationId++;
      contactIds.set(contactKey, contactInformationId);
    }
    const status = spec.status ?? 'Initial';
    const createDate = spec.createdAt.toISOString();
    const sms = spec.sms ?? random.chance(0.5);
    const holders = spec.holders ?? [MAIN_PROVIDER_ID];
    const name = categoryName(spec.categoryId);
    const assignments: Assignment[] = holders.map((spId, index) => ({
      spId,
      assignedAt: createDate,
      // The first holder gets the spec's traits; co-holders start fresh.
      status: index === 0 ? status : 'Initial',
      read: index === 0 ? (spec.read ?? status !== 'Initial') : false,
      archived: index === 0 ? (spec.archived ?? false) : false,
      displayed: index === 0 ? (spec.displayed ?? true) : true,
      notes: index === 0 ? (spec.notes ?? null) : null,
      feedback: index === 0 ? (spec.feedback ?? null) : null,
      redemptionId: spec.source === 'Redemption' ? `RD-${spec.leadId}` : null,
      dealInfo: spec.source === 'Redemption' ? (spec.deal ?? random.pick(DEALS)) : null,
      thimbleUrl: (spec.thimble ?? random.chance(0.4)) ? THIMBLE_URL : null,
      maskedPhone: phoneKind === 'masked' ? fictionalPhone('720', 2000 + (spec.leadId % 1000) + index * 1000) : null,
      isSmsEnabled: sms,
      isOptedInButNotConnected: spec.optedInNotConnected ?? (spec.source === 'ProDirMsgCallOptIn' && random.chance(0.5)),
    }));
    return {
      leadId: spec.leadId,
      memberId: member.id,
      source: spec.source,
      title: name,
      description:
        spec.description !== undefined
          ? spec.description
          : random.chance(0.15)
            ? null
            : `${random.pick(OPENERS)} ${name.toLowerCase()} ${random.pick(CLOSERS)}`,
      urgency: spec.urgency ?? random.pick(URGENCIES),
      categoryId: spec.categoryId,
      createDate,
      questions: questions(spec.questionCount ?? random.int(0, 7)),
      address: { lineOne: address.lineOne, lineTwo: address.lineTwo, city: address.city, state: address.state, postalCode: address.postalCode },
      showAddress: true,
      contact: {
        contactInformationId,
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email,
        phoneNumber,
      },
      assignments,
      haProviderIds: [],
      offers: spec.offers ?? [],
      serviceRequestId: null,
      hiredProviderIds: [],
      external: null,
    };
  }

  const L = SANDBOX_LEADS;
  const { named, feed } = namedLeadSpecs(ago, today);

  // The rest of the main provider's board: every status and source, dates spread over
  // today, the last 7 and 30 days and older.
  const bulkCount = MAIN_PROVIDER_LEAD_COUNT - named.length;
  const mainCategories = ctx.providerCategories.get(MAIN_PROVIDER_ID) ?? [100];
  const bulkMembers = ctx.members.filter((m) => m.id >= 5017 && m.id <= 5039).map((m) => m.id);
  const ages: Date[] = [];
  for (let i = 0; i < bulkCount; i++) {
    const bucket = i % 25;
    if (bucket < 2) ages.push(today(random.next()));
    else if (bucket < 6) ages.push(ago(random.int(1, 6) * DAY + random.int(0, 23) * HOUR));
    else if (bucket < 13) ages.push(ago(random.int(7, 29) * DAY + random.int(0, 23) * HOUR));
    else ages.push(ago(random.int(31, 400) * DAY + random.int(0, 23) * HOUR));
  }
  ages.sort((a, b) => a.getTime() - b.getTime());
  const bulk: LeadSpec[] = ages.map((createdAt, i) => {
    const status = LEAD_STATUSES[i % LEAD_STATUSES.length]!;
    const source = LEAD_SOURCES[(i + Math.floor(i / LEAD_SOURCES.length)) % LEAD_SOURCES.length]!;
    return {
      leadId: 300015 + i,
      // A few members come back: some members hold two or three leads.
      memberId: i % 7 === 3 ? (NAMELESS_MEMBER_IDS[1] ?? 5041) : random.pick(bulkMembers),
      categoryId: random.pick(mainCategories),
      source,
      createdAt,
      status,
      read: status !== 'Initial' || random.chance(0.4),
      archived: random.chance(0.12),
      displayed: i !== 5,
      notes: random.chance(0.3) ? random.pick(NOTES) : null,
      feedback: random.chance(0.15) ? random.pick(FEEDBACK) : null,
      phone: random.chance(0.06) ? 'none' : random.chance(0.3) ? 'masked' : 'real',
    };
  });

  // Other providers' boards.
  const others: LeadSpec[] = [];
  const otherHolders: number[][] = [
    [1002],
    [1002],
    [1002],
    [1003],
    [1003],
    [1003],
    [1003],
    [1004],
    [1004],
    [1005],
    [1005],
    [1002, 1005],
    [1006],
    [1007],
    [1008],
  ];
  otherHolders.forEach((holders, i) => {
    const categories = ctx.providerCategories.get(holders[0]!) ?? [-1];
    others.push({
      leadId: 300201 + i,
      memberId: random.pick(bulkMembers),
      categoryId: random.pick(categories),
      source: LEAD_SOURCES[i % LEAD_SOURCES.length]!,
      createdAt: ago(random.int(0, 60) * DAY + random.int(1, 20) * HOUR),
      holders,
      status: LEAD_STATUSES[(i * 2) % LEAD_STATUSES.length]!,
    });
  });

  const leads = [...named, ...feed, ...bulk, ...others].map(build);

  // Messages: the token member's conversation with 1001 ends with an unread member message;
  // a sample of other leads gets unread messages too.
  const threads: Thread[] = [];
  const messages: StoredMessage[] = [];
  let messageSeq = 1;
  const say = (spId: number, memberId: number, leadId: number, fromProvider: boolean, text: string, at: Date) => {
    messages.push({
      messageId: `msg-${String(messageSeq++).padStart(5, '0')}`,
      spId,
      memberId,
      leadId,
      authorId: fromProvider ? spId : memberId,
      authorType: fromProvider ? 'ServiceProvider' : 'Member',
      text,
      createDate: at.toISOString(),
      pageName: null,
      contactPlacementType: null,
    });
  };
  const thread = (spId: number, memberId: number, unreadForProvider: boolean) => {
    const existing = threads.find((t) => t.spId === spId && t.memberId === memberId);
    if (existing) existing.unreadForProvider ||= unreadForProvider;
    else threads.push({ spId, memberId, unreadForProvider, unreadForMember: false });
  };

  const newest = leads.find((lead) => lead.leadId === L.newest)!;
  const newestAt = new Date(newest.createDate).getTime();
  const step = Math.max(1, Math.floor((now.getTime() - newestAt) / 4));
  say(MAIN_PROVIDER_ID, SANDBOX_MEMBER_ID, L.newest, false, 'Hi! Is this something you can help with this week?', new Date(newestAt + step));
  say(MAIN_PROVIDER_ID, SANDBOX_MEMBER_ID, L.newest, true, 'Yes, we have openings on Thursday. What time works for you?', new Date(newestAt + 2 * step));
  say(MAIN_PROVIDER_ID, SANDBOX_MEMBER_ID, L.newest, false, 'Thursday afternoon would be great.', new Date(newestAt + 3 * step));
  thread(MAIN_PROVIDER_ID, SANDBOX_MEMBER_ID, true);

  const closedWon = leads.find((lead) => lead.leadId === L.closedWon)!;
  say(
    MAIN_PROVIDER_ID,
    SANDBOX_MEMBER_ID_2,
    L.closedWon,
    true,
    'Thanks for choosing Acme! The install is booked.',
    new Date(new Date(closedWon.createDate).getTime() + DAY),
  );
  say(MAIN_PROVIDER_ID, SANDBOX_MEMBER_ID_2, L.closedWon, false, 'Great, see you then.', new Date(new Date(closedWon.createDate).getTime() + DAY + HOUR));
  thread(MAIN_PROVIDER_ID, SANDBOX_MEMBER_ID_2, false);

  const unreadSample = random.sample(
    leads.filter((lead) => lead.leadId >= 300015 && lead.leadId < 300015 + bulkCount && lead.memberId !== NAMELESS_MEMBER_IDS[1]),
    6,
  );
  for (const lead of unreadSample) {
    const at = new Date(Math.min(now.getTime(), new Date(lead.createDate).getTime() + 2 * HOUR));
    say(MAIN_PROVIDER_ID, lead.memberId, lead.leadId, false, 'Hello, are you available for this job?', at);
    thread(MAIN_PROVIDER_ID, lead.memberId, true);
  }
  return { leads, threads, messages };
}
