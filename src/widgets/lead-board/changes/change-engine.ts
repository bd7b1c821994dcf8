import { atom, type Getter, type Setter } from 'jotai/vanilla';
import { newIdempotencyKey } from '../../../gateway/core/request-spec';
import { boardHostAtom, requireProvider } from '../board-host';
import { kindOf, sendChange, type LeadChangeValue, type SendOptions } from './change-kinds';
import { mutationErrorAtom } from './change-outcomes';
import { dropLeadChange, placeLeadChange, settleLeadChange, trackLeadCall } from './lead-patches';
import { failedOffline, outboxCanSend, throwIfOffline } from './outbox-atoms';

/*
 * The engine of the pro's lead changes (docs/architecture.md#lead-changes): one path for every
 * kind (change-kinds.ts). A change tells the host, shows on its lead at once, goes to the gateway
 * in its lead's turn with an idempotency key, is held by a 511 challenge until its replay
 * answers, is kept in the offline outbox when the device has no connection (replayed later with
 * the same key: outbox-engine.ts), and settles — or is taken back alone and said where its kind
 * says. The front ends (a card's menu, the bulk toolbar, the status select's pause, the notes
 * editor) keep only their own UX.
 */

/** How a change ended: the gateway took it, it was kept offline, it was refused, or a newer one of its front end took over. */
export type ChangeOutcome = 'saved' | 'queued' | 'failed' | 'superseded';

export interface LeadChangeRun {
  readonly leadId: number;
  readonly change: LeadChangeValue;
  /** The host is told (the kind's event): the pro asked for it. False for a change the board makes itself (an opened card is read). */
  readonly tell?: boolean;
  /** Its refusal is not said lead by lead (the bulk toolbar says how all of its leads went). */
  readonly quiet?: boolean;
  readonly limit?: SendOptions['limit'];
  /** The change already on the lead's list that shows it (a status choice placed while it waited): moved last, not placed again. */
  readonly shownAs?: number | null;
  readonly signal?: AbortSignal;
  readonly keepalive?: boolean;
  /** False once a newer change of its front end took over: its answer is not applied, its failure not said. */
  readonly current?: () => boolean;
}

/** Tells the host of a change the pro made (the element's `emit`, set by the board: boardHostAtom). */
function tellHost(get: Getter, run: LeadChangeRun): void {
  const event = kindOf(run.change).event(run.leadId, run.change);
  const { emit } = get(boardHostAtom);
  // Each row's event is a name with its own detail (change-kinds.ts' ChangeEvent); the union is not a call TypeScript can check.
  if (event && emit) (emit as (name: string, detail: unknown) => boolean)(event[0], event[1]);
}

/** Runs one change of a lead through to its end. Never rejects. */
export async function runLeadChange(get: Getter, set: Setter, run: LeadChangeRun): Promise<ChangeOutcome> {
  const { leadId, change, quiet = false } = run;
  const kind = kindOf(change);
  if (run.tell !== false) tellHost(get, run);
  if (kind.banner && !quiet) set(mutationErrorAtom, null);
  const effects = kind.effects(change);
  let shown = kind.optimistic ? placeLeadChange(get, set, leadId, effects, { id: run.shownAs ?? null, removes: kind.removes }) : null;
  // One key for every attempt of this change: sent live, kept offline and replayed, replayed after a challenge.
  const idempotencyKey = newIdempotencyKey();
  const superseded = () => run.signal?.aborted === true || (run.current !== undefined && !run.current());
  let outcome: ChangeOutcome = 'failed';
  // Counted among the board's pending calls: what the answer changes is done before a refetch those may start.
  await trackLeadCall(
    get,
    set,
    async () => {
      try {
        const { client, spId } = requireProvider(get, kind.operation);
        throwIfOffline(kind.operation);
        await sendChange(get, client, spId, leadId, change, { idempotencyKey, signal: run.signal, keepalive: run.keepalive, limit: run.limit });
      } catch (error) {
        if (superseded()) {
          outcome = 'superseded';
          throw error;
        }
        if (failedOffline(error)) {
          // Offline: the change stays on its lead, kept in the outbox until the connection is back.
          const kept = shown ?? placeLeadChange(get, set, leadId, effects, { removes: kind.removes });
          if (await queueChange(get, set, leadId, change, kept, idempotencyKey)) {
            outcome = 'queued';
            return;
          }
          shown = kept;
        }
        // Taken back (only this change) and said where its kind says.
        if (shown !== null) dropLeadChange(get, set, leadId, shown);
        kind.refused(set, leadId, change, { queued: false, quiet });
        throw error;
      }
      // A late answer for a change its front end already replaced never shows over the newer one.
      if (superseded()) {
        outcome = 'superseded';
        return;
      }
      if (shown !== null) settleLeadChange(get, set, leadId, shown);
      else placeLeadChange(get, set, leadId, effects, { removes: kind.removes, settled: true });
      kind.saved(set, leadId, change);
      outcome = 'saved';
    },
    kind.refetch === 'page',
    kind.refetch === 'counts',
  ).catch(() => undefined);
  return outcome;
}

// ---- The offline outbox, loaded on first use -----------------------------------------------------

/** The outbox's engine (outbox-engine.ts): not in the board's first chunk, loaded on first use (the board preloads it when idle). */
const outbox = () => import('./outbox-engine');

/**
 * Keeps a change in the outbox; `shownAs`: the change on its lead that shows it. False when it
 * could not be kept — offline before the engine's code was here, or the device's storage refused
 * it: the change then fails as any failed call, never left in between.
 */
async function queueChange(get: Getter, set: Setter, leadId: number, change: LeadChangeValue, shownAs: number, idempotencyKey: string): Promise<boolean> {
  try {
    await (await outbox()).queueChange(get, set, { leadId, change, shownAs, idempotencyKey });
    return true;
  } catch {
    return false;
  }
}

/** Shows the provider's entries kept on this device on their leads (a board opening after a reload). */
export const loadOutboxAtom = atom(null, async (get, set) => (await outbox()).loadOutbox(get, set));
/** Sends the entries now (the connection is back, or the board opened online with entries kept); nothing to send: not loaded for nothing. */
export const replayOutboxAtom = atom(null, async (get, set) => {
  if (outboxCanSend(get)) await (await outbox()).replayOutbox(get, set);
});
/** A conflict's choice: the pro's change sent all the same, or the gateway's kept. */
export const resolveOutboxConflictAtom = atom(null, async (get, set, { entryId, keep }: { entryId: string; keep: 'mine' | 'theirs' }) =>
  (await outbox()).resolveConflict(get, set, entryId, keep),
);
/** Sign-out: the outbox of this device is emptied. */
export const clearOutboxAtom = atom(null, async (get, set) => (await outbox()).clearOutboxOnSignOut(get, set));

/** The engine's code and the device's storage, made ready (the board's actions preload, board-loaders.ts). */
export async function preloadOutbox(): Promise<void> {
  await (await outbox()).deviceOutbox().ready();
}
