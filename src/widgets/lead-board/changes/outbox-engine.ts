import { atom, type Getter, type Setter } from 'jotai/vanilla';
import { createOutbox, type Outbox, type OutboxEntry } from '../../../domain/outbox';
import { isGatewayError } from '../../../gateway/core/errors';
import { getLeads } from '../../../gateway/office/calls';
import { requireProvider } from '../board-host';
import { leadsReloadAtom } from '../board-page';
import { boardInputsAtom, boardQueryAtom } from '../view/view-atoms';
import { toLeadListRequest } from '../board-request';
import { kindOf, sendChange, type LeadChangeValue } from './change-kinds';
import { dropLeadChange, placeLeadChange, settleLeadChange } from './lead-patches';
import { entryChangesAtom, failedOffline, outboxCanSend, outboxEntriesAtom } from './outbox-atoms';

/*
 * The board's offline outbox, its engine (docs/widgets/lead-board.md#offline-outbox; what cards
 * show: outbox-atoms.ts; loaded on first use by the changes' engine, change-engine.ts; the
 * storage: domain/outbox.ts). A change made while the device is offline is not rolled back: its
 * call goes into the outbox, its card says it is not sent yet, and it survives a reload or a
 * closed tab. When the connection is back (and when a board opens with entries kept), the board
 * asks the gateway for its page — the spec's list call — and sends each entry once, in the order
 * made, with its idempotency key, as any change is sent (change-kinds.ts' sendChange); a lead
 * whose field changed there meanwhile (the kind's `replay`) is shown as a conflict and waits for
 * the pro's choice.
 */

/** An entry of the board's outbox: a lead change. */
type Entry = OutboxEntry<LeadChangeValue>;

let device: Outbox<LeadChangeValue> | null = null;
/** This page's outbox: IndexedDB (loaded on first use), or memory where there is none (tests, some web views). */
export function deviceOutbox(): Outbox<LeadChangeValue> {
  return (device ??= createOutbox<LeadChangeValue>({
    backend: () => import('../../../domain/outbox-backend-idb').then((module) => module.idbOutboxBackend()),
  }));
}

/**
 * Adds a change to the outbox after the provider's others, with the key its live call was sent
 * with (a call whose answer was lost may have reached the gateway: sent again, it is applied
 * once); `shownAs`: the change on its lead that shows it. Rejects when there is no provider.
 */
export async function queueChange(
  get: Getter,
  set: Setter,
  { leadId, change, shownAs, idempotencyKey }: { leadId: number; change: LeadChangeValue; shownAs: number; idempotencyKey: string },
): Promise<void> {
  const { spId } = get(boardInputsAtom);
  if (spId === null) throw new Error('no provider');
  const entry = await deviceOutbox().add({ spId, leadId, change, idempotencyKey });
  get(entryChangesAtom).set(entry.id, { leadId, changeId: shownAs });
  set(outboxEntriesAtom, (entries) => [...entries, entry]);
}

/** Per store: a replay is running (one at a time). */
const replayRunningAtom = atom(() => ({ running: false, again: false }));

/** Loads the provider's entries kept on this device (a reload, a closed tab) and shows them on their leads. */
export async function loadOutbox(get: Getter, set: Setter): Promise<void> {
  const { spId } = get(boardInputsAtom);
  if (spId === null) return;
  const entries = await deviceOutbox().list(spId);
  if (get(boardInputsAtom).spId !== spId) return;
  const known = get(entryChangesAtom);
  for (const entry of entries)
    if (!known.has(entry.id)) {
      const kind = kindOf(entry.change);
      known.set(entry.id, { leadId: entry.leadId, changeId: placeLeadChange(get, set, entry.leadId, kind.effects(entry.change), { removes: kind.removes }) });
    }
  // Nothing kept: nothing changes on the board (a card still hydrating must not render again for nothing).
  if (!entries.length) return;
  // A change queued while the storage was being read is kept (it may not be among `entries`).
  set(outboxEntriesAtom, (current) => {
    const read = new Set(entries.map((entry) => entry.id));
    return [...entries, ...current.filter((entry) => !read.has(entry.id))].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  });
}

function forget(get: Getter, set: Setter, entry: Entry) {
  get(entryChangesAtom).delete(entry.id);
  set(outboxEntriesAtom, (entries) => entries.filter((other) => other.id !== entry.id));
}

/**
 * Sends the provider's entries, oldest first, once the device is online: compares each with the
 * lead on the gateway's page (asked for now), sends it (its key), and stops at the first that
 * fails for want of a connection (the rest wait, in order). Ends by fetching the board's page again.
 */
export async function replayOutbox(get: Getter, set: Setter): Promise<void> {
  const state = get(replayRunningAtom);
  if (state.running) {
    state.again = true;
    return;
  }
  if (!outboxCanSend(get)) return;
  state.running = true;
  let sentAny = false;
  try {
    const { client, spId } = requireProvider(get, 'leadBoard.outbox');
    const page = await getLeads(client, spId, toLeadListRequest(get(boardQueryAtom), null, ''));
    for (const entry of await deviceOutbox().list(spId)) {
      const shown = get(entryChangesAtom).get(entry.id);
      if (entry.conflict || !shown) continue;
      const server = page.leads.find((lead) => lead.leadId === entry.leadId);
      const kind = kindOf(entry.change);
      const decision = entry.override || !server ? 'send' : kind.replay(entry.change, server);
      if (decision === 'conflict' && server) {
        const marked: Entry = { ...entry, conflict: { server: kind.serverValue(entry.change, server) } };
        await deviceOutbox().put(marked);
        set(outboxEntriesAtom, (entries) => entries.map((other) => (other.id === entry.id ? marked : other)));
        continue;
      }
      if (decision === 'send') {
        try {
          await sendChange(get, client, spId, entry.leadId, entry.change, { idempotencyKey: entry.idempotencyKey });
          sentAny = true;
        } catch (error) {
          // No connection, or a challenge not passed: this and the rest wait, in order, for the next time.
          if (failedOffline(error) || (isGatewayError(error) && (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'challenge'))) break;
          await deviceOutbox().remove(entry.id);
          forget(get, set, entry);
          dropLeadChange(get, set, entry.leadId, shown.changeId);
          kind.refused(set, entry.leadId, entry.change, { queued: true, quiet: false });
          continue;
        }
        kind.saved(set, entry.leadId, entry.change);
      }
      await deviceOutbox().remove(entry.id);
      forget(get, set, entry);
      settleLeadChange(get, set, entry.leadId, shown.changeId);
    }
  } catch {
    // The page could not be asked for: the entries wait for the next time the connection is back.
  } finally {
    state.running = false;
    if (sentAny) set(leadsReloadAtom, (n) => n + 1);
    if (state.again) {
      state.again = false;
      void replayOutbox(get, set);
    }
  }
}

/** The pro's choice on a conflict: send their change all the same (`mine`), or keep the gateway's. */
export async function resolveConflict(get: Getter, set: Setter, entryId: string, keep: 'mine' | 'theirs'): Promise<void> {
  const entry = get(outboxEntriesAtom).find((other) => other.id === entryId);
  const shown = get(entryChangesAtom).get(entryId);
  if (!entry || !shown) return;
  if (keep === 'theirs') {
    await deviceOutbox().remove(entry.id);
    forget(get, set, entry);
    dropLeadChange(get, set, entry.leadId, shown.changeId);
    set(leadsReloadAtom, (n) => n + 1);
    return;
  }
  const chosen: Entry = { ...entry, conflict: undefined, override: true };
  await deviceOutbox().put(chosen);
  set(outboxEntriesAtom, (entries) => entries.map((other) => (other.id === entry.id ? chosen : other)));
  await replayOutbox(get, set);
}

/** Sign-out (the board's auth is no longer a provider's): every entry on this device goes. */
export async function clearOutboxOnSignOut(get: Getter, set: Setter): Promise<void> {
  await deviceOutbox().clearAll();
  get(entryChangesAtom).clear();
  set(outboxEntriesAtom, []);
}
