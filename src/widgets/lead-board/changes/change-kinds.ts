import type { Getter, Setter } from 'jotai/vanilla';
import type { LeadkitEventMap } from '../../../contract/events';
import type { LeadStatus } from '../../../domain/lead-status';
import type { GatewayClient } from '../../../gateway/core/client';
import { archiveLead, markLeadRead, updateLeadNote, updateLeadStatus, type WriteCallOptions } from '../../../gateway/office/calls';
import type { Lead } from '../../../gateway/office/schemas';
import { mutationErrorAtom, refusedNotesAtom, reviewPromptDueAtom, setStatusFailed } from './change-outcomes';
import { callInTurn } from './lead-patches';

/*
 * The kinds of change a pro makes to a lead — one row each (docs/architecture.md#lead-changes).
 * A row says everything about its kind that is not the engine's (change-engine.ts, live; the
 * outbox's replay, outbox-engine.ts): what it shows on the lead, its gateway call, how it is
 * compared with the gateway's lead when a change kept offline is sent later, the event that
 * tells the host, what is fetched again after it, and what the board shows once it was saved
 * or refused. Adding a kind is a row here and its UI; the engine, the outbox, the 511 replay and
 * the turn per lead come with it.
 */

/** What happens to a change kept offline when it is sent later, against the gateway's lead then. */
type ReplayDecision = 'send' | 'done' | 'conflict';

/** The host events a change tells (contract/events.ts), as a name and its detail. */
type ChangeEvent = { [K in 'lk-lead-read' | 'lk-lead-archive' | 'lk-lead-status-change']: readonly [K, LeadkitEventMap[K]] }[
  | 'lk-lead-read'
  | 'lk-lead-archive'
  | 'lk-lead-status-change'];

/** How a refused change was made: kept offline and sent later (`queued`), and whether its front end sums failures up itself (`quiet`: the bulk toolbar). */
interface Refusal {
  readonly queued: boolean;
  readonly quiet: boolean;
}

export interface ChangeKind<C extends { readonly kind: string }> {
  /** Named in a failure (the gateway error's operation). */
  readonly operation: string;
  /** What the change shows on its lead. */
  effects(change: C): Partial<Lead>;
  /** It takes the lead off the current list (archive, restore). */
  readonly removes: boolean;
  /**
   * Shown before the gateway took it. Not so for notes: the editor keeps the typed text until
   * they are saved (offline, kept in the outbox, they show as saved at once).
   */
  readonly optimistic: boolean;
  /** The gateway call (spec §7), with the change's idempotency key. */
  send(client: GatewayClient, spId: number, leadId: number, change: C, options: WriteCallOptions): Promise<unknown>;
  /** A change kept offline, sent later: against the lead on the gateway's page then. */
  replay(change: C, server: Lead): ReplayDecision;
  /** The gateway's value of the field a conflicting change is about, as text (a status, the notes). */
  serverValue(change: C, server: Lead): string | null;
  /** The event that tells the host, when the pro makes the change (none: notes). */
  event(leadId: number, change: C): ChangeEvent | null;
  /** Fetched again once the lead calls pending have all settled: the page (its members change), the counts, or nothing. */
  readonly refetch: 'page' | 'counts' | null;
  /** Its refusal is said in the board's banner (cleared as the next such change starts). */
  readonly banner: boolean;
  /** The gateway took it. */
  saved(set: Setter, leadId: number, change: C): void;
  /** The gateway refused it (its effects are already taken back). */
  refused(set: Setter, leadId: number, change: C, how: Refusal): void;
}

/** A row, typed by the change it takes. */
const kind = <C extends { readonly kind: string }>(row: ChangeKind<C>) => row;

/** A change kept offline that the gateway refused once sent: said in the banner. */
const sayQueuedRefused = (set: Setter, leadId: number) => set(mutationErrorAtom, { leadId, action: 'queued' });
const nothing = () => undefined;

export const CHANGE_KINDS = {
  read: kind<{ readonly kind: 'read'; readonly read: boolean }>({
    operation: 'leadBoard.read',
    effects: ({ read }) => ({ read }),
    removes: false,
    optimistic: true,
    send: (client, spId, leadId, { read }, options) => markLeadRead(client, spId, { leadId, read }, options),
    replay: ({ read }, server) => (server.read === read ? 'done' : 'send'),
    serverValue: () => null,
    event: (leadId, { read }) => ['lk-lead-read', { leadId, read }],
    refetch: null,
    banner: true,
    saved: nothing,
    refused: (set, leadId, _change, { queued, quiet }) => {
      if (queued) sayQueuedRefused(set, leadId);
      else if (!quiet) set(mutationErrorAtom, { leadId, action: 'read' });
    },
  }),
  archive: kind<{ readonly kind: 'archive'; readonly archived: boolean }>({
    operation: 'leadBoard.archive',
    effects: ({ archived }) => ({ isArchived: archived }),
    removes: true,
    optimistic: true,
    send: (client, spId, leadId, { archived }, options) => archiveLead(client, spId, { leadId, archived }, options),
    replay: ({ archived }, server) => (server.isArchived === archived ? 'done' : 'send'),
    serverValue: () => null,
    event: (leadId, { archived }) => ['lk-lead-archive', { leadId, archived }],
    // Counts and the page's members change.
    refetch: 'page',
    banner: true,
    saved: nothing,
    refused: (set, leadId, { archived }, { queued, quiet }) => {
      if (queued) sayQueuedRefused(set, leadId);
      else if (!quiet) set(mutationErrorAtom, { leadId, action: archived ? 'archive' : 'restore' });
    },
  }),
  status: kind<{ readonly kind: 'status'; readonly status: LeadStatus; readonly base: LeadStatus }>({
    operation: 'office.updateLeadStatus',
    // The status call marks the lead read too (the gateway does both).
    effects: ({ status }) => ({ status, read: true }),
    removes: false,
    optimistic: true,
    send: (client, spId, leadId, { status }, options) => updateLeadStatus(client, leadId, { serviceProviderId: spId, status }, options),
    replay: ({ status, base }, server) => (server.status === status ? 'done' : server.status === base ? 'send' : 'conflict'),
    serverValue: (_change, server) => server.status,
    event: (leadId, { status }) => ['lk-lead-status-change', { leadId, status }],
    // The status counts are fetched again.
    refetch: 'counts',
    banner: false,
    saved: (set, leadId, { status }) => {
      setStatusFailed(set, leadId, false);
      // Closing a lead as won is the moment to ask for a review (the card decides, behind its flag).
      if (status === 'ClosedWon') set(reviewPromptDueAtom, (due) => new Set(due).add(leadId));
    },
    // Said beside the card's select until a change succeeds.
    refused: (set, leadId, _change, { queued }) => (queued ? sayQueuedRefused(set, leadId) : setStatusFailed(set, leadId, true)),
  }),
  notes: kind<{ readonly kind: 'notes'; readonly notes: string; readonly base: string | null }>({
    operation: 'office.updateLeadNote',
    effects: ({ notes }) => ({ notes }),
    removes: false,
    optimistic: false,
    send: (client, spId, leadId, { notes }, options) => updateLeadNote(client, leadId, { serviceProviderId: spId, note: notes }, options),
    // No notes is the empty text.
    replay: ({ notes, base }, server) => {
      const now = server.notes ?? '';
      return now === notes ? 'done' : now === (base ?? '') ? 'send' : 'conflict';
    },
    serverValue: (_change, server) => server.notes ?? null,
    event: () => null,
    refetch: null,
    banner: false,
    saved: nothing,
    // Online the editor still holds the text and says so; kept offline, the editor opens again with it.
    refused: (set, leadId, { notes }, { queued }) => {
      if (!queued) return;
      sayQueuedRefused(set, leadId);
      set(refusedNotesAtom, (refused) => new Map(refused).set(leadId, notes));
    },
  }),
};

type Kinds = typeof CHANGE_KINDS;
/** One change a pro makes to a lead, of any kind (what the outbox keeps, too). */
export type LeadChangeValue = { [K in keyof Kinds]: Kinds[K] extends ChangeKind<infer C> ? C : never }[keyof Kinds];

/** The row of a change's kind. */
export function kindOf<C extends LeadChangeValue>(change: C): ChangeKind<C> {
  return CHANGE_KINDS[change.kind] as unknown as ChangeKind<C>;
}

export interface SendOptions {
  readonly idempotencyKey: string;
  readonly signal?: AbortSignal | undefined;
  /** The request outlives the page (a status choice sent as the page goes away). */
  readonly keepalive?: boolean | undefined;
  /** The bulk toolbar's limiter: at most a few calls at a time. */
  readonly limit?: (<T>(call: () => Promise<T>) => Promise<T>) | undefined;
}

/**
 * Sends a change's call in its lead's turn (after the calls made on the lead before: see
 * lead-patches.ts), with its idempotency key; held by a 511 challenge until its replay (same key)
 * answers. Live changes and the outbox's replay send through here.
 */
export function sendChange(get: Getter, client: GatewayClient, spId: number, leadId: number, change: LeadChangeValue, options: SendOptions): Promise<unknown> {
  const { idempotencyKey, signal, keepalive, limit } = options;
  // The gateway client holds a call met by a 511 until its replay (same key) answers.
  const call = () => kindOf(change).send(client, spId, leadId, change, { idempotencyKey, signal, keepalive });
  return callInTurn(get, leadId, limit ? () => limit(call) : call, signal);
}
