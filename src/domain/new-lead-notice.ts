import type { leadNotificationMessages } from '../i18n/en-US/lead-notifications';
import type { MessageParams } from '../i18n/core/translate';
import { freshLeadAge } from './lead-age';
import { noticeBody, noticeField, noticeTitle } from './notification-text';

/**
 * A new lead told outside the page (docs/widgets/lead-board.md#new-lead-notifications): a
 * system notification from the board while its page is hidden, or from a push message in the
 * host's service worker (leadkit/notifications-sw). React-free, the same rules for both.
 *
 * What a notification shows of a lead is its category, its city and its age — never the
 * customer's name, phone or e-mail: a lock screen shows it to anyone near the phone. Leads
 * arriving one after another are one notification (one tag per provider, replaced with the new
 * count), not one each: five leads make one notification.
 *
 * Its text is normalised (notification-text.ts: one clean, capped line per field, the title and
 * body capped) whatever the lead came from: the gateway's page, a push message, or the data of a
 * notification shown before.
 */

/** What a notification may show of a lead (and what a push message's payload carries). */
export interface LeadNotice {
  readonly leadId: number;
  readonly category: string;
  readonly city: string | null;
  /** The lead's creation time (ISO 8601), for its age. */
  readonly createDate: string;
}

/** A lead as the gateway's page has it, reduced to its notice (the board's arrivals read their leads through it). */
export function leadNotice(lead: {
  leadId: number;
  category: { name: string };
  customerInfo: { city?: string | null | undefined };
  createDate: string;
}): LeadNotice {
  return { leadId: lead.leadId, category: noticeField(lead.category.name), city: noticeField(lead.customerInfo.city) || null, createDate: lead.createDate };
}

/** The longest creation date a notice keeps (an ISO 8601 time is 20 to 29 characters). */
const DATE_MAX = 40;

/**
 * A notice read from outside (a push message's `lead`, a notification's `data`), field by field:
 * a positive integer `leadId`, a `category` that is a string with something to show, a `city`
 * that is a string or absent (`null`), a `createDate` that `Date.parse` reads — normalised; null
 * when any field is not so (the rest of the object is never read: no customer's name gets through).
 */
export function readLeadNotice(value: unknown): LeadNotice | null {
  if (typeof value !== 'object' || value === null) return null;
  const { leadId, category, city, createDate } = value as Record<string, unknown>;
  if (typeof leadId !== 'number' || !Number.isSafeInteger(leadId) || leadId <= 0) return null;
  if (typeof category !== 'string' || (city !== undefined && city !== null && typeof city !== 'string')) return null;
  if (typeof createDate !== 'string' || createDate.length > DATE_MAX || !Number.isFinite(Date.parse(createDate))) return null;
  const shown = noticeField(category);
  return shown ? { leadId, category: shown, city: noticeField(city) || null, createDate } : null;
}

/** The tag of a provider's new-lead notification: a newer one replaces it. */
export const noticeTag = (spId: number): string => `leadkit-new-leads:${spId}`;

/** What a leadkit notification carries (its `data`): read back when it is clicked, and to group the next one with it. */
export interface NoticeData {
  readonly leadkit: 'new-leads';
  readonly spId: number;
  /** Newest first. */
  readonly notices: readonly LeadNotice[];
  /** Where a click goes: the board's route with the newest lead open and its quick answer ready. */
  readonly url: string;
}

/** Whether a notification's data is leadkit's (a host's service worker shows its own too). */
export function isNoticeData(data: unknown): data is NoticeData {
  if (typeof data !== 'object' || data === null) return false;
  const candidate = data as Partial<NoticeData>;
  return candidate.leadkit === 'new-leads' && typeof candidate.spId === 'number' && Array.isArray(candidate.notices) && typeof candidate.url === 'string';
}

/** What a click on a notification tells a board page already open (the host's service worker posts it): open this lead, its quick answer ready. */
export interface OpenLeadMessage {
  readonly leadkit: 'open-lead';
  readonly leadId: number;
  readonly reply: true;
}

/** Whether a message a page received is leadkit's `open-lead`. */
export function isOpenLeadMessage(data: unknown): data is OpenLeadMessage {
  if (typeof data !== 'object' || data === null) return false;
  const candidate = data as Partial<OpenLeadMessage>;
  return candidate.leadkit === 'open-lead' && typeof candidate.leadId === 'number' && Number.isSafeInteger(candidate.leadId);
}

/** How many leads a notification names one by one; the rest are counted. */
const NOTICE_LINES = 3;

/**
 * How many leads a notification keeps (its `data`, the page's group): the newest. More unseen
 * leads than this count as this many ('50 new leads'): a pro long away opens the board anyway,
 * and the list read and written back on each push stays small.
 */
const NOTICE_GROUP_MAX = 50;

/**
 * The leads of the notification shown so far and the new ones, newest first, each once, at most
 * `NOTICE_GROUP_MAX`: the next notification replaces the last one with all of them.
 */
export function groupNotices(shown: readonly LeadNotice[], fresh: readonly LeadNotice[]): LeadNotice[] {
  const byId = new Map<number, LeadNotice>();
  for (const notice of [...fresh, ...shown]) if (!byId.has(notice.leadId)) byId.set(notice.leadId, notice);
  return [...byId.values()].sort((a, b) => Date.parse(b.createDate) - Date.parse(a.createDate) || b.leadId - a.leadId).slice(0, NOTICE_GROUP_MAX);
}

type NoticeKey = keyof typeof leadNotificationMessages;
/** The locale's text of a key (the runtime's `t`, or the service worker's catalogue). */
export type NoticeText = (key: NoticeKey, params?: MessageParams) => string;

/** A lead's age as a notification says it ('12 min ago'); '' once it is a day old. */
function ageText(notice: LeadNotice, now: Date, text: NoticeText): string {
  const age = freshLeadAge(notice.createDate, now);
  if (!age) return '';
  return age.unit === 'now' ? text('notify.age.now') : text(age.unit === 'minutes' ? 'notify.age.minutes' : 'notify.age.hours', { count: age.count });
}

/** One lead's line: 'Plumbing, Denver · 3 min ago' (its fields normalised: a notice may come from anywhere). */
function noticeLine(notice: LeadNotice, now: Date, text: NoticeText): string {
  const category = noticeField(notice.category);
  const city = noticeField(notice.city);
  const what = city ? text('notify.line', { category, city }) : category;
  const age = ageText(notice, now, text);
  return age ? `${what} · ${age}` : what;
}

/** The title and body of the notification for `notices` (newest first, at least one): one line each field, capped. */
export function noticeContent(notices: readonly LeadNotice[], now: Date, text: NoticeText): { title: string; body: string } {
  const [newest] = notices;
  if (!newest) throw new Error('noticeContent: no lead');
  if (notices.length === 1)
    return { title: noticeTitle(text('notify.title.one', { category: noticeField(newest.category) })), body: noticeBody([noticeLine(newest, now, text)]) };
  const lines = notices.slice(0, NOTICE_LINES).map((notice) => noticeLine(notice, now, text));
  const more = notices.length - NOTICE_LINES;
  if (more === 1) lines.push(text('notify.moreOne'));
  else if (more > 1) lines.push(text('notify.more', { count: more }));
  return { title: noticeTitle(text('notify.title.many', { count: notices.length })), body: noticeBody(lines) };
}
