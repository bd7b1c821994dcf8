import { atom, type Getter, type Setter } from 'jotai/vanilla';
import { archiveLead, markLeadRead } from '../../../gateway/office/calls';
import type { Lead } from '../../../gateway/office/schemas';
import type { WidgetRuntime } from '../../../runtime/runtime';
import { untilReplayed } from '../../../gateway/until-replayed';
import { expandedLeadIdAtom, lastFetchSeq, leadsDataAtom, leadsReloadAtom, requireProvider, type LeadsPage } from '../board-atoms';
import type { OutboxChange } from '../../../domain/outbox';
import { effectsOf, failedOffline, throwIfOffline, type OutboxHooks } from './outbox-atoms';
import { clearOutboxOnSignOut, loadOutbox, queueChange, replayOutbox, resolveConflict } from './outbox-calls';

/*
 * The board's optimistic lead changes: what the pro changed on a lead shows at once over the
 * fetched page, each change's call goes in its lead's turn, and a failed one is taken back alone.
 * Here too the two changes the board's first load makes itself, read/unread and archive/restore
 * (the one archive action, for the card and the bulk toolbar); the open card's own (status,
 * notes…) are in card-atoms.ts, the bulk actions in ../bulk/bulk-atoms.ts.
 *
 * One module on purpose, shared as a whole with board-atoms.ts by the board's top and its lazy
 * parts (bulk, card body, extras, filters): the CDN build then keeps both in the board's chunk.
 * As separate modules shared by different sets of parts (a read.ts and an archive.ts beside
 * this), rolldown left board-atoms.ts and this in two chunks of their own — it merges a shared
 * chunk into the board's only when no circular chunk import results — two more files on the
 * board's first load.
 */

/**
 * One change the user made to a lead (read flag, status, notes, archive…), shown over the
 * fetched page while its call is pending, and once the gateway took it over the pages fetched
 * before that (pages fetched after include it).
 *
 * A lead's changes are a list in the order their calls go to the gateway, and `callInTurn` sends
 * a lead's calls one after the other, so the gateway handles them in that order too and the last
 * change of a field on the list is the last one the gateway applied. A failed change leaves the
 * list and takes only its own effects with it. (Found by the board's fault run,
 * test/reliability/board.model.test.ts: one patch per lead, rolled back to a snapshot, lost a
 * feedback stored while a read call was pending; the status choice's rollback undid a read
 * toggle made meanwhile; and a status call and a read call sent together could reach the
 * gateway in one order and answer in the other, leaving the card 'read' on an unread lead.)
 */
export interface LeadChange {
  readonly id: number;
  readonly effects: Partial<Lead>;
  /** It takes the lead off the current list (archive, restore). */
  readonly removes: boolean;
  /** null while pending; once the gateway took it, the fetch number then (see lastFetchSeq in ../board-atoms.ts). */
  readonly settledAtSeq: number | null;
}

export const patchesAtom = atom<ReadonlyMap<number, readonly LeadChange[]>>(new Map());
/** Per store: the next change id. */
const changeIdsAtom = atom(() => ({ last: 0 }));
/** Per store: each lead's last call to the gateway, the one its next call waits for. */
const leadCallsAtom = atom(() => new Map<number, Promise<unknown>>());
const pendingMutationsAtom = atom(0);
/**
 * The page is fetched again once the lead calls pending now have all settled: after an archive or
 * restore (counts and members change), and after any failed change — a call that got no answer
 * may have reached the gateway all the same, and the page then shows what the gateway holds, not
 * the rolled-back guess. Whichever call settles last does it. (Found by the board's fault run,
 * test/reliability/board.model.test.ts: a read settling after an archive left the page a lead
 * short until the next query; a job note whose answer was lost showed the old note after its
 * dialog was closed, though the gateway had taken it.)
 */
const refetchDueAtom = atom(false);
/** A settled call changed what the counts count (a status): they are fetched again once all have settled. */
const countsDueAtom = atom(false);
/**
 * Bumped once the pending lead calls have all settled when one of them may have changed the board's
 * counts (a status choice) and the page is not fetched again anyway (the counts follow
 * `leadsReloadAtom` too; see count-atoms.ts).
 */
export const leadCountsReloadAtom = atom(0);

/**
 * Runs a lead call counted among the pending ones (see refetchDueAtom); `refetchAfter`: the page is
 * fetched again once all have settled, also when this one succeeds. `call` settles its change
 * itself, before a refetch here can start (a change settled after it would apply to that page too).
 */
export async function trackLeadCall<T>(get: Getter, set: Setter, call: () => Promise<T>, refetchAfter: boolean, changesCounts = false): Promise<T> {
  set(pendingMutationsAtom, (n) => n + 1);
  let failed = true;
  try {
    const result = await call();
    failed = false;
    return result;
  } finally {
    set(pendingMutationsAtom, (n) => n - 1);
    if (refetchAfter || failed) set(refetchDueAtom, true);
    if (changesCounts) set(countsDueAtom, true);
    if (get(pendingMutationsAtom) === 0) {
      if (get(refetchDueAtom)) {
        set(refetchDueAtom, false);
        set(countsDueAtom, false);
        set(leadsReloadAtom, (n) => n + 1);
      } else if (get(countsDueAtom)) {
        set(countsDueAtom, false);
        set(leadCountsReloadAtom, (n) => n + 1);
      }
    }
  }
}
/** A status failure is no longer reported here but beside the card's select (`statusFailuresAtom`). */
export type MutationAction = 'read' | 'archive' | 'restore' | 'queued';
export const mutationErrorAtom = atom<{ leadId: number; action: MutationAction } | null>(null);

function setChanges(get: Getter, set: Setter, leadId: number, changes: readonly LeadChange[]) {
  const next = new Map(get(patchesAtom));
  if (changes.length) next.set(leadId, changes);
  else next.delete(leadId);
  set(patchesAtom, next);
}

/**
 * Puts a change at the end of a lead's list — a new one, or the change `id` moved there with new
 * effects (a status choice about to be sent). `settled`: its call already succeeded. Returns its id.
 */
export function placeLeadChange(
  get: Getter,
  set: Setter,
  leadId: number,
  effects: Partial<Lead>,
  options: { id?: number | null; removes?: boolean; settled?: boolean } = {},
): number {
  const current = get(patchesAtom).get(leadId) ?? [];
  const id = options.id != null && current.some((change) => change.id === options.id) ? options.id : ++get(changeIdsAtom).last;
  const change: LeadChange = { id, effects, removes: options.removes ?? false, settledAtSeq: options.settled ? lastFetchSeq() : null };
  setChanges(get, set, leadId, [...current.filter((other) => other.id !== id), change]);
  return id;
}

/** Changes a pending change's effects where it stands (a newer status choice before it is sent). */
export function updateLeadChange(get: Getter, set: Setter, leadId: number, id: number, effects: Partial<Lead>): boolean {
  const current = get(patchesAtom).get(leadId) ?? [];
  if (!current.some((change) => change.id === id)) return false;
  setChanges(
    get,
    set,
    leadId,
    current.map((change) => (change.id === id ? { ...change, effects } : change)),
  );
  return true;
}

/** The gateway took the change: pages fetched from now on include it. */
export function settleLeadChange(get: Getter, set: Setter, leadId: number, id: number): void {
  const current = get(patchesAtom).get(leadId) ?? [];
  if (current.some((change) => change.id === id))
    setChanges(
      get,
      set,
      leadId,
      current.map((change) => (change.id === id ? { ...change, settledAtSeq: lastFetchSeq() } : change)),
    );
}

/** Takes a change back (it failed, or a status choice ended where it started); later changes stay. */
export function dropLeadChange(get: Getter, set: Setter, leadId: number, id: number): void {
  const current = get(patchesAtom).get(leadId) ?? [];
  if (current.some((change) => change.id === id))
    setChanges(
      get,
      set,
      leadId,
      current.filter((change) => change.id !== id),
    );
}

/**
 * Sends a lead's calls one at a time, in the order asked (see LeadChange). A call whose `signal`
 * aborts gives up its own turn at once (a superseded status choice: the newer one does not wait for
 * the answer of the one it replaced) — but not the turns of the calls before it: the next call
 * still waits for them. (Found by the board's soak, test/reliability/board.model.test.ts: a
 * superseded choice's turn ended at its abort, so a note saved next went ahead of a job note
 * queued behind a hung read, and the older note reached the gateway last.)
 */
export function callInTurn<T>(get: Getter, leadId: number, call: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const calls = get(leadCallsAtom);
  const before = calls.get(leadId) ?? Promise.resolve();
  const result = before.then(call);
  const aborted = signal && new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  const own: Promise<unknown> = aborted ? Promise.race([result, aborted]) : result;
  const turn: Promise<unknown> = before.then(() => own).catch(() => undefined);
  calls.set(leadId, turn);
  void turn.then(() => {
    if (calls.get(leadId) === turn) calls.delete(leadId);
  });
  return result;
}

function applies(change: LeadChange, page: LeadsPage): boolean {
  return change.settledAtSeq === null || page.seq <= change.settledAtSeq;
}

/** A patched lead keeps its identity while neither the lead nor its changes changed (memoised cards skip re-rendering). */
const patchedLeads = new WeakMap<readonly LeadChange[], WeakMap<Lead, Lead | null>>();
/** The lead with the changes that apply to its page, in order; null when one takes it off the list. */
function patchedLead(lead: Lead, changes: readonly LeadChange[], page: LeadsPage): Lead | null {
  let byLead = patchedLeads.get(changes);
  if (!byLead) patchedLeads.set(changes, (byLead = new WeakMap()));
  // A lead object belongs to one page, so the changes that apply to it are always the same.
  const known = byLead.get(lead);
  if (known !== undefined) return known;
  const applying = changes.filter((change) => applies(change, page));
  const patched = applying.some((change) => change.removes)
    ? null
    : applying.length
      ? (Object.assign({ ...lead }, ...applying.map((change) => change.effects)) as Lead)
      : lead;
  byLead.set(lead, patched);
  return patched;
}

/** The page as the user should see it: fetched leads with pending/settled changes on top. */
export function visibleLeads(page: LeadsPage, patches: ReadonlyMap<number, readonly LeadChange[]>): { leads: Lead[]; removedCount: number } {
  let removedCount = 0;
  const leads: Lead[] = [];
  for (const lead of page.leads) {
    const changes = patches.get(lead.leadId);
    const patched = changes ? patchedLead(lead, changes, page) : lead;
    if (patched) leads.push(patched);
    else removedCount++;
  }
  return { leads, removedCount };
}

/**
 * One optimistic change of a lead and its call: placed at once, sent in the lead's turn, taken
 * back alone when it fails. `quiet`: the failure is not reported here (a bulk action says once
 * how all of its leads went: ../bulk/bulk-atoms.ts). Resolves to whether the gateway took it.
 */
async function mutate(
  get: Getter,
  set: Setter,
  leadId: number,
  change: { effects: Partial<Lead>; removes: boolean },
  action: MutationAction,
  call: () => Promise<unknown>,
  refetchAfter: boolean,
  quiet = false,
  outboxChange: OutboxChange | null = null,
): Promise<boolean> {
  const id = placeLeadChange(get, set, leadId, change.effects, { removes: change.removes });
  if (!quiet) set(mutationErrorAtom, null);
  // Refetched once the last change settled: counts and the page's members are the server's again.
  return trackLeadCall(
    get,
    set,
    async () => {
      try {
        throwIfOffline('leadBoard.change');
        await callInTurn(get, leadId, call);
      } catch (error) {
        // Offline: the change stays, kept in the outbox until the connection is back (outbox-engine.ts).
        if (outboxChange && failedOffline(error) && (await queueChange(get, set, leadId, outboxChange, id))) return;
        // Take this change back (only this one) and say so.
        dropLeadChange(get, set, leadId, id);
        if (!quiet) set(mutationErrorAtom, { leadId, action });
        throw error;
      }
      settleLeadChange(get, set, leadId, id);
    },
    refetchAfter,
  ).then(
    () => true,
    () => false,
  );
}

// ---- Read / unread: the board's one read action -------------------------------------------

export interface MarkLeadsRead {
  /** The leads to mark; those already so are skipped (marking is skipped if the state already matches). */
  leads: readonly Lead[];
  read: boolean;
  /**
   * The element's `emit` (useRuntime): the action fires `lk-lead-read` itself, once per lead it
   * changes, as the pro asks (a card's menu or read dot, the bulk toolbar). Without it (a card
   * opened, which marks its lead read) nothing is fired.
   */
  emit?: WidgetRuntime['emit'];
  /** From the bulk toolbar: calls through its limiter, failures said by its summary (as `ArchiveLeads.bulk`). */
  bulk?: { limit: <T>(call: () => Promise<T>) => Promise<T> };
}

/**
 * Marks leads read or unread — the one way the board does it, for a card (its menu, its read
 * dot, opening it) and the bulk toolbar alike: each lead shows it at once, its call goes in the
 * lead's turn with an idempotency key (held by a 511 challenge until its replay answers), and
 * offline it is kept in the outbox as any change. Resolves to whether the gateway took each
 * lead's change (true for a lead skipped), in the order of `leads`.
 */
export const markLeadsReadAtom = atom(null, async (get, set, { leads, read, emit, bulk }: MarkLeadsRead): Promise<boolean[]> => {
  const outcomes = leads.map((lead) => {
    if (lead.read === read) return Promise.resolve(true);
    emit?.('lk-lead-read', { leadId: lead.leadId, read });
    // The provider is asked for in the call: without one (signed out meanwhile) the change fails as any other, said on the board.
    const call = () => {
      const { client, spId } = requireProvider(get, 'leadBoard.read');
      return untilReplayed(client, (onReplayed) => markLeadRead(client, spId, { leadId: lead.leadId, read }, { onReplayed }));
    };
    return mutate(get, set, lead.leadId, { effects: { read }, removes: false }, 'read', bulk ? () => bulk.limit(call) : call, false, bulk !== undefined, {
      kind: 'read',
      read,
    });
  });
  return Promise.all(outcomes);
});

// ---- Archive / restore: the board's one archive action --------------------------------------

export interface ArchiveLeads {
  /** The leads to archive or restore, in the order the pro sees them. */
  leads: readonly Lead[];
  /** true: archive ('Archive Lead', the toolbar's Archive); false: restore ('Move to Active Leads', the toolbar's Restore). */
  archived: boolean;
  /** The element's `emit` (useRuntime): the action fires `lk-lead-archive` itself, once per lead. */
  emit: WidgetRuntime['emit'];
  /**
   * From the bulk toolbar: each call goes through the action's limiter (at most a few at a time),
   * a failure is not reported lead by lead (the toolbar's summary says how all of them went), and
   * the open card is not moved back after one.
   */
  bulk?: { limit: <T>(call: () => Promise<T>) => Promise<T> };
}

/**
 * The open lead is among those leaving: the next one that stays opens in its place
 * (archiving expands the next lead), or the one before it at the end of the page; opening it
 * marks it read. Returns the lead opened instead (null: none left), or undefined when the open
 * lead stays.
 */
function openNextStaying(get: Getter, set: Setter, leaving: ReadonlySet<number>): number | null | undefined {
  const open = get(expandedLeadIdAtom);
  const page = get(leadsDataAtom);
  if (open == null || !leaving.has(open) || !page) return undefined;
  const { leads } = visibleLeads(page, get(patchesAtom));
  const index = leads.findIndex((lead) => lead.leadId === open);
  const staying = (lead: Lead) => !leaving.has(lead.leadId);
  const next = leads.slice(index + 1).find(staying) ?? leads.slice(0, Math.max(0, index)).reverse().find(staying) ?? null;
  set(expandedLeadIdAtom, next?.leadId ?? null);
  if (next && !next.read) void set(markLeadsReadAtom, { leads: [next], read: true });
  return next?.leadId ?? null;
}

/**
 * Archives leads, or restores archived ones — the one way the board does it, for a card's menu
 * ('Archive Lead'), its 'Move to Active Leads' link and the bulk toolbar alike. It tells the host
 * (`lk-lead-archive` for each lead, ids and states only, as the pro asks), takes the leads off the
 * list at once (the open one's place goes to the next lead), and sends each lead's call in its
 * turn (callInTurn); the page is fetched again once the last has settled. A lead whose call
 * failed comes back alone. From a card, the failure shows in the board's banner
 * (`mutationErrorAtom`) and the lead opens again as the pro left it — unless they opened another
 * card meanwhile (trying again is one menu away). Resolves to whether the gateway took each
 * lead's change, in the order of `leads`.
 */
export const archiveLeadsAtom = atom(null, async (get, set, { leads, archived, emit, bulk }: ArchiveLeads): Promise<boolean[]> => {
  for (const { leadId } of leads) emit('lk-lead-archive', { leadId, archived });
  if (!leads.length) return [];
  const { client, spId } = requireProvider(get, 'leadBoard.archive');
  const leaving = new Set(leads.map((lead) => lead.leadId));
  const openBefore = get(expandedLeadIdAtom);
  const openedInstead = openNextStaying(get, set, leaving);
  const outcomes = await Promise.all(
    leads.map(({ leadId }) => {
      const call = () => untilReplayed(client, (onReplayed) => archiveLead(client, spId, { leadId, archived }, { onReplayed }));
      return mutate(
        get,
        set,
        leadId,
        { effects: { isArchived: archived }, removes: true },
        archived ? 'archive' : 'restore',
        bulk ? () => bulk.limit(call) : call,
        true,
        bulk !== undefined,
        { kind: 'archive', archived },
      );
    }),
  );
  if (bulk || openedInstead === undefined) return outcomes;
  const reopen = leads.findIndex((lead) => lead.leadId === openBefore);
  if (!outcomes[reopen] && get(expandedLeadIdAtom) === openedInstead) set(expandedLeadIdAtom, openBefore);
  return outcomes;
});

// ---- The offline outbox ------------------------------------------------------------------------

/** The outbox's hold on this module's changes (outbox-engine.ts). */
function outboxHooks(get: Getter, set: Setter): OutboxHooks {
  return {
    place: (leadId, change) => {
      const { effects, removes } = effectsOf(change);
      return placeLeadChange(get, set, leadId, effects, { removes });
    },
    settle: (leadId, changeId) => settleLeadChange(get, set, leadId, changeId),
    drop: (leadId, changeId) => dropLeadChange(get, set, leadId, changeId),
    inTurn: (leadId, call) => callInTurn(get, leadId, call),
    refused: (entry) => set(mutationErrorAtom, { leadId: entry.leadId, action: 'queued' }),
  };
}

/** Shows the provider's entries kept on this device on their leads (a board opening after a reload). */
export const loadOutboxAtom = atom(null, (get, set) => loadOutbox(get, set, outboxHooks(get, set)));
/** Sends the entries now (the connection is back, or the board opened online with entries kept). */
export const replayOutboxAtom = atom(null, (get, set) => replayOutbox(get, set, outboxHooks(get, set)));
/** A conflict's choice: the pro's change sent all the same, or the gateway's kept. */
export const resolveOutboxConflictAtom = atom(null, (get, set, { entryId, keep }: { entryId: string; keep: 'mine' | 'theirs' }) =>
  resolveConflict(get, set, entryId, keep, outboxHooks(get, set)),
);
/** Sign-out: the outbox of this device is emptied. */
export const clearOutboxAtom = atom(null, (get, set) => clearOutboxOnSignOut(get, set));
