import type * as v from 'valibot';
import { isRead, newIdempotencyKey, type RequestSpec } from './request-spec';

/**
 * What each write (every gateway call that is not a read: `isRead`) becomes when a 511 challenge
 * meets it (docs/gateway.md#511-challenge): the one table of it, read by the client as it sends a
 * write and as it queues it for replay. A gateway that applied a write and still answered 511
 * cannot tell its replay from a second request unless the write carries a key, or repeating it
 * changes nothing:
 * - `keyed`: it always carries an `Idempotency-Key` (the client makes one when its caller gave
 *   none) and is replayed with that key: a gateway that honours it (row T3 of
 *   docs/gateway-assumptions.md) applies it once;
 * - `idempotent`: replayed as it was sent, without a key: repeating it is harmless (`why`);
 * - `not-replayed`: never replayed; its caller gets the challenge error at once (the host's check
 *   still runs) and the user repeats the action once it is passed.
 * Reads are replayed as sent. A write missing here (a host's own call through the client) is
 * `keyed` when it carries a key of its own, else `not-replayed`.
 *
 * @internal Exported for tests.
 */
export type WriteReplay = 'keyed' | 'idempotent' | 'not-replayed';

interface WriteReplayRow {
  readonly replay: WriteReplay;
  /** Why this decision: what the call does, or why repeating it changes nothing. */
  readonly why: string;
}

/**
 * Every write, by operation (test: src/gateway/core/write-replay.test.ts reads every call's spec
 * in src/gateway, both ways: no write missing, no name that is not a write). Where a call could
 * carry a key, it does: the spec names no call that refuses the header.
 *
 * @internal Exported for tests (and docs/gateway.md's table, checked by test/gateway-docs.test.ts).
 */
export const WRITE_REPLAY = {
  'lead.requestLeadReview': { replay: 'idempotent', why: "answers the review form's pre-fill; changes nothing" },
  'lead.sendOpportunityLeadNotification': { replay: 'keyed', why: 'notifies the pros of the leads: twice would notify them twice' },
  'lead.addDisplayPreferences': { replay: 'keyed', why: "adds to the provider's stored preferences" },
  'lead.createLeadV1': { replay: 'keyed', why: 'creates a lead' },
  'lead.createLeadV3': { replay: 'keyed', why: 'creates a lead' },
  'lead.assignLeadV1': { replay: 'keyed', why: 'assigns pros to the lead, who are told of it' },
  'lead.assignLeadV2': { replay: 'keyed', why: "assigns pros to the lead, who are told of it (the funnel's key of the selection)" },
  'lead.sendHandyLead': { replay: 'keyed', why: 'sends the lead to Handy' },
  'lead.sendProSelection': { replay: 'keyed', why: "notifies the chosen pros (the funnel's key of the selection)" },
  'lead.markHired': { replay: 'keyed', why: 'marks a pro hired, who may be told of it' },
  'lead.updateUserPhone': { replay: 'keyed', why: "changes the member's phone number" },
  'lead.issueOneTimeToken': { replay: 'keyed', why: 'creates a guest member and its token' },
  'lead.renewOneTimeToken': { replay: 'idempotent', why: "sets the token's expiry afresh: once more only sets it again" },
  'lead.expireOneTimeToken': { replay: 'idempotent', why: 'ends the token: an ended token stays ended' },
  'lead.createContact': { replay: 'keyed', why: 'records a contact after a message' },
  'review.getOrCreateDraftReview': { replay: 'idempotent', why: 'gets the draft, creating it only when there is none' },
  'review.updateDraftReview': { replay: 'idempotent', why: 'PUT of the whole draft: sets it to what was sent' },
  'review.requestReviewByEmail': { replay: 'keyed', why: 'e-mails the customer a review request' },
  'messageCenter.sendMessage': { replay: 'keyed', why: 'sends a message' },
  'messageCenter.markThreadRead': { replay: 'idempotent', why: "PUT of the thread's read state: sets it" },
  'office.markLeadRead': { replay: 'keyed', why: "sets the lead's read state (the board keeps one key per change, offline too)" },
  'office.updateLeadNote': { replay: 'keyed', why: "sets the lead's notes (one key per change)" },
  'office.updateLeadStatus': { replay: 'keyed', why: "changes the lead's status (one key per change)" },
  'office.archiveLead': { replay: 'keyed', why: 'archives or restores the lead (one key per change)' },
  'office.registerPhoneNumber': { replay: 'keyed', why: "connects a number: a second request would answer 409 'already connected'" },
  'office.submitLeadFeedback': { replay: 'keyed', why: "records the pro's feedback on the lead" },
} as const satisfies Readonly<Record<string, WriteReplayRow>>;

/** A write's decision; undefined for an operation the table does not name (a read, or a host's own call). */
function writeReplayOf(operation: string): WriteReplay | undefined {
  return (WRITE_REPLAY as Readonly<Record<string, WriteReplayRow>>)[operation]?.replay;
}

/** A write the table keys, sent without a key by its caller: given one here, kept for every attempt and its replay. */
export function withWriteKey<S extends v.GenericSchema>(spec: RequestSpec<S>): RequestSpec<S> {
  if (spec.idempotencyKey !== undefined || isRead(spec) || writeReplayOf(spec.operation) !== 'keyed') return spec;
  return { ...spec, idempotencyKey: newIdempotencyKey() };
}

/**
 * Whether a call met by a challenge is sent again once it is passed: a read, and a write the table
 * replays — with its key, or as sent when repeating it changes nothing. A write the table does not
 * name is replayed only with a key; none marked `replayable: false` is.
 */
export function replaysAfterChallenge(spec: Pick<RequestSpec<v.GenericSchema>, 'operation' | 'method' | 'read' | 'idempotencyKey' | 'replayable'>): boolean {
  if (spec.replayable === false) return false;
  if (isRead(spec)) return true;
  const replay = writeReplayOf(spec.operation) ?? (spec.idempotencyKey !== undefined ? 'keyed' : 'not-replayed');
  return replay === 'idempotent' || (replay === 'keyed' && spec.idempotencyKey !== undefined);
}
