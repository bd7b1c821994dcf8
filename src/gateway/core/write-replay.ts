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
 * - `idempotent`: replayed as it was sent, without a key: repeating it is harmless (test/support/write-replay-why.ts says why, per write);
 * - `not-replayed`: never replayed; its caller gets the challenge error at once (the host's check
 *   still runs) and the user repeats the action once it is passed.
 * Reads are replayed as sent. A write missing here (a host's own call through the client) is
 * `keyed` when it carries a key of its own, else `not-replayed`.
 *
 * @internal Exported for tests.
 */
export type WriteReplay = 'keyed' | 'idempotent' | 'not-replayed';

/**
 * Every write, by operation, and its decision (why each: test/support/write-replay-why.ts, for
 * docs/gateway.md's table — the reasons are not shipped). Test: src/gateway/core/write-replay.test.ts
 * reads every call's spec in src/gateway, both ways: no write missing, no name that is not a write.
 * Where a call could carry a key, it does: the spec names no call that refuses the header.
 *
 * @internal Exported for tests (and docs/gateway.md's table, checked by test/gateway-docs.test.ts).
 */
export const WRITE_REPLAY = {
  'lead.requestLeadReview': 'idempotent',
  'lead.sendOpportunityLeadNotification': 'keyed',
  'lead.addDisplayPreferences': 'keyed',
  'lead.createLeadV1': 'keyed',
  'lead.createLeadV3': 'keyed',
  'lead.assignLeadV1': 'keyed',
  'lead.assignLeadV2': 'keyed',
  'lead.sendHandyLead': 'keyed',
  'lead.sendProSelection': 'keyed',
  'lead.markHired': 'keyed',
  'lead.updateUserPhone': 'keyed',
  'lead.issueOneTimeToken': 'keyed',
  'lead.renewOneTimeToken': 'idempotent',
  'lead.expireOneTimeToken': 'idempotent',
  'lead.createContact': 'keyed',
  'review.getOrCreateDraftReview': 'idempotent',
  'review.updateDraftReview': 'idempotent',
  'review.requestReviewByEmail': 'keyed',
  'messageCenter.sendMessage': 'keyed',
  'messageCenter.markThreadRead': 'idempotent',
  'office.markLeadRead': 'keyed',
  'office.updateLeadNote': 'keyed',
  'office.updateLeadStatus': 'keyed',
  'office.archiveLead': 'keyed',
  'office.registerPhoneNumber': 'keyed',
  'office.submitLeadFeedback': 'keyed',
} as const satisfies Readonly<Record<string, WriteReplay>>;

/** A write's decision; undefined for an operation the table does not name (a read, or a host's own call). */
function writeReplayOf(operation: string): WriteReplay | undefined {
  return (WRITE_REPLAY as Readonly<Record<string, WriteReplay>>)[operation];
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
