import type { LeadStatus } from './lead-status';

/**
 * Answer first (docs/widgets/lead-board.md#answer-first): how long ago a lead arrived, in the
 * words a pro scans, and whether it still waits for the pro's first answer. React-free; times
 * from the widget's `now` clock.
 *
 * Thresholds (ours; the spec has none): under a minute 'Just now', then whole minutes up to an
 * hour ('12 min ago'), then whole hours ('3 h ago'); from `FRESH_LEAD_MS` on the card shows its
 * created date as before. A lead waits for a first answer while it is fresh, New (`Initial`),
 * not archived and not answered on this device (answered-leads.ts: a message sent, the contact
 * shown): marketplaces close a lead after 24 hours or a few pros' answers, so the first day is
 * when speed counts.
 */
export const FRESH_LEAD_MS = 24 * 60 * 60_000;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** A fresh lead's age as the card says it; null when it is not fresh (or its date is unreadable). */
export type LeadAge = { readonly unit: 'now' } | { readonly unit: 'minutes' | 'hours'; readonly count: number };

/** How long ago a lead created at `createDate` arrived, while it is fresh. A date a little ahead of the clock (clock skew) is 'Just now'. */
export function freshLeadAge(createDate: string | null | undefined, now: Date): LeadAge | null {
  const age = freshAgeMs(createDate, now);
  if (age === null) return null;
  if (age < MINUTE_MS) return { unit: 'now' };
  if (age < HOUR_MS) return { unit: 'minutes', count: Math.floor(age / MINUTE_MS) };
  return { unit: 'hours', count: Math.floor(age / HOUR_MS) };
}

/** A lead's age in ms while it is fresh, else null (its date unreadable, or a day old). */
function freshAgeMs(createDate: string | null | undefined, now: Date): number | null {
  const created = createDate ? Date.parse(createDate) : Number.NaN;
  if (!Number.isFinite(created)) return null;
  const age = Math.max(0, now.getTime() - created);
  return age < FRESH_LEAD_MS ? age : null;
}

/** What of a lead tells whether it waits for the pro's first answer. */
export interface AnswerableLead {
  readonly leadId: number;
  readonly status: LeadStatus;
  readonly isArchived: boolean;
  readonly createDate: string;
}

/** Whether the lead still waits for the pro's first answer (see the module comment). */
export function awaitsFirstAnswer(lead: AnswerableLead, now: Date, answered: ReadonlySet<number>): boolean {
  return lead.status === 'Initial' && !lead.isArchived && !answered.has(lead.leadId) && freshLeadAge(lead.createDate, now) !== null;
}

/** When a fresh lead's age text next changes (ms from `now`), or null once it is no longer fresh: the board re-renders then. */
export function nextAgeChangeIn(createDate: string | null | undefined, now: Date): number | null {
  const age = freshAgeMs(createDate, now);
  if (age === null) return null;
  const step = age < HOUR_MS ? MINUTE_MS : HOUR_MS;
  return step - (age % step);
}
