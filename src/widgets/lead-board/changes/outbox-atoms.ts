import { atom, type Getter } from 'jotai/vanilla';
import type { OutboxEntry } from '../../../domain/outbox';
import { GatewayError, isGatewayError } from '../../../gateway/core/errors';
import type { LeadChangeValue } from './change-kinds';

/*
 * The board's offline outbox, its state (docs/widgets/lead-board.md#offline-outbox; the engine:
 * outbox-engine.ts, the storage and the rules: domain/outbox.ts). What a card and the board show
 * of it, and how a change knows it is made offline, are here, in the board's first chunk; the
 * engine — the device's storage, the replay, a conflict's choice — loads once the first page is on
 * screen and the page is idle (lead-board.tsx loads the kept entries then), or on first use: a
 * change made offline, which it then keeps (change-engine.ts).
 */

/** The current provider's entries, oldest first, as the board shows them. */
export const outboxEntriesAtom = atom<readonly OutboxEntry<LeadChangeValue>[]>([]);

/** A lead's queued state on its card: not sent yet, or a conflict (with the gateway's value). */
export const queuedLeadsAtom = atom((get) => {
  const byLead = new Map<number, { entry: OutboxEntry<LeadChangeValue>; conflict: OutboxEntry['conflict'] }>();
  for (const entry of get(outboxEntriesAtom)) {
    const known = byLead.get(entry.leadId);
    if (!known || entry.conflict) byLead.set(entry.leadId, { entry, conflict: entry.conflict ?? known?.conflict });
  }
  return byLead;
});

/** Whether the outbox has something to send now: online, with an entry that is not a conflict waiting for the pro. */
export function outboxCanSend(get: Getter): boolean {
  return !offlineNow() && get(outboxEntriesAtom).some((entry) => !entry.conflict);
}

/** The device says it has no connection (a call then goes to the outbox, not to the gateway). */
function offlineNow(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Before a lead call: offline, it fails at once as a network failure (and goes to the outbox), asking nothing. */
export function throwIfOffline(operation: string): void {
  if (offlineNow()) throw new GatewayError({ kind: 'network', operation });
}

/**
 * A call that failed because the device is offline: kept in the outbox. A failure while the
 * browser believes it is online (a gateway refusing, a server error) is reported as before.
 */
export function failedOffline(error: unknown): boolean {
  return offlineNow() && (!isGatewayError(error) || error.kind === 'network' || error.kind === 'timeout');
}

/** Per store: the change on the board's list each entry shows (entry id → its change id, see lead-changes.ts). */
export const entryChangesAtom = atom(() => new Map<string, { leadId: number; changeId: number }>());
