import { atom, type Getter, type Setter } from 'jotai/vanilla';
import type { Lead } from '../../../gateway/office/schemas';
import { lastFetchSeq, leadsDataAtom, leadsReloadAtom, type LeadsPage } from '../board-page';

/*
 * What the board shows of the pro's lead changes over the fetched page (the changes' engine:
 * change-engine.ts, their kinds: change-kinds.ts): each lead's list of changes in the order
 * their calls go to the gateway, each lead's calls sent one after the other, the pending calls
 * counted so the page is fetched again once they have all settled.
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
  /** null while pending; once the gateway took it, the fetch number then (see lastFetchSeq in ../board-page.ts). */
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

/** Edits a lead's list when the change `id` is on it; false when it is not (taken back meanwhile). */
function editChange(get: Getter, set: Setter, leadId: number, id: number, edit: (changes: readonly LeadChange[]) => readonly LeadChange[]): boolean {
  const current = get(patchesAtom).get(leadId) ?? [];
  if (!current.some((change) => change.id === id)) return false;
  setChanges(get, set, leadId, edit(current));
  return true;
}

/** Changes a pending change's effects where it stands (a newer status choice before it is sent). */
export function updateLeadChange(get: Getter, set: Setter, leadId: number, id: number, effects: Partial<Lead>): boolean {
  return editChange(get, set, leadId, id, (changes) => changes.map((change) => (change.id === id ? { ...change, effects } : change)));
}

/** The gateway took the change: pages fetched from now on include it. */
export function settleLeadChange(get: Getter, set: Setter, leadId: number, id: number): void {
  editChange(get, set, leadId, id, (changes) => changes.map((change) => (change.id === id ? { ...change, settledAtSeq: lastFetchSeq() } : change)));
}

/** Takes a change back (it failed, or a status choice ended where it started); later changes stay. */
export function dropLeadChange(get: Getter, set: Setter, leadId: number, id: number): void {
  editChange(get, set, leadId, id, (changes) => changes.filter((change) => change.id !== id));
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

/** The leads on screen as the board shows them now (the page that arrived, with the changes made on it); null while a page loads. */
export const shownLeadsAtom = atom((get) => {
  const page = get(leadsDataAtom);
  return page ? visibleLeads(page, get(patchesAtom)).leads : null;
});
