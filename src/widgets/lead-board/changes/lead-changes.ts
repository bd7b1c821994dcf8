import { atom, type Getter, type Setter } from 'jotai/vanilla';
import type { Lead } from '../../../gateway/office/schemas';
import { boardViewAtom, openLeadIdAtom } from '../view/view-atoms';
import { runLeadChange, type LeadChangeRun } from './change-engine';
import { shownLeadsAtom } from './lead-patches';

/*
 * The board's two changes of its first load, read/unread and archive/restore, as the pro asks
 * for them (a card's menu, its read dot, opening it, the bulk toolbar): their front ends. The
 * change itself — shown at once, sent in its lead's turn, held by a challenge, kept offline,
 * settled or taken back, the host told — is the engine's (change-engine.ts); the open card's
 * changes (status, notes…) are in card-atoms.ts, the bulk actions in ../bulk/bulk-atoms.ts.
 */

/** The bulk toolbar's part in a change: its limiter (at most a few calls at a time); its summary says how all of the leads went. */
interface BulkPart {
  limit: NonNullable<LeadChangeRun['limit']>;
}

// ---- Read / unread: the board's one read action -------------------------------------------

export interface MarkLeadsRead {
  /** The leads to mark; those already so are skipped (marking is skipped if the state already matches). */
  leads: readonly Lead[];
  read: boolean;
  /**
   * The pro asked (a card's menu or read dot, the bulk toolbar): the host is told (`lk-lead-read`,
   * once per lead changed). Not for a card opened, which marks its lead read.
   */
  tell?: boolean;
  /** From the bulk toolbar (as `ArchiveLeads.bulk`). */
  bulk?: BulkPart;
}

/** A change the gateway took, or kept offline to send later: not a failure for its front end. */
const tookOrKept = (outcome: string) => outcome === 'saved' || outcome === 'queued';

/**
 * Marks leads read or unread — the one way the board does it, for a card (its menu, its read
 * dot, opening it) and the bulk toolbar alike: each lead shows it at once, its call goes in the
 * lead's turn with an idempotency key (held by a 511 challenge until its replay answers), and
 * offline it is kept in the outbox as any change. Resolves to whether the gateway took each
 * lead's change (true for a lead skipped), in the order of `leads`.
 */
export const markLeadsReadAtom = atom(null, async (get, set, { leads, read, tell = false, bulk }: MarkLeadsRead): Promise<boolean[]> => {
  const shown = shownLeads(get);
  return Promise.all(
    leads.map(async (lead) =>
      (shown.get(lead.leadId) ?? lead).read === read
        ? true
        : tookOrKept(
            await runLeadChange(get, set, { leadId: lead.leadId, change: { kind: 'read', read }, tell, quiet: bulk !== undefined, limit: bulk?.limit }),
          ),
    ),
  );
});

/**
 * The leads on screen as the board shows them now (the page with the changes made on it): a lead
 * is skipped by its state there, not by the copy its caller holds — a lead opened twice at once
 * (the first card opening by itself and a `reply` link for it) is marked read once.
 */
function shownLeads(get: Getter): ReadonlyMap<number, Lead> {
  return new Map((get(shownLeadsAtom) ?? []).map((lead) => [lead.leadId, lead]));
}

// ---- Archive / restore: the board's one archive action --------------------------------------

export interface ArchiveLeads {
  /** The leads to archive or restore, in the order the pro sees them. */
  leads: readonly Lead[];
  /** true: archive ('Archive Lead', the toolbar's Archive); false: restore ('Move to Active Leads', the toolbar's Restore). */
  archived: boolean;
  /**
   * From the bulk toolbar: each call goes through the action's limiter (at most a few at a time),
   * a failure is not reported lead by lead (the toolbar's summary says how all of them went), and
   * the open card is not moved back after one.
   */
  bulk?: BulkPart;
}

/**
 * The open lead is among those leaving: the next one that stays opens in its place (archiving
 * expands the next lead), or the one before it at the end of the page — the view's `archive`; the
 * board marks it read as any lead it opens. Returns the lead opened instead (null: none left), or
 * undefined when the open lead stays.
 */
function openNextStaying(get: Getter, set: Setter, leaving: ReadonlySet<number>): number | null | undefined {
  const open = get(openLeadIdAtom);
  const shown = get(shownLeadsAtom);
  if (!shown) return undefined;
  set(boardViewAtom, { type: 'archive', leaving, shown: shown.map((lead) => lead.leadId) });
  const instead = get(openLeadIdAtom);
  return instead === open ? undefined : instead;
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
export const archiveLeadsAtom = atom(null, async (get, set, { leads, archived, bulk }: ArchiveLeads): Promise<boolean[]> => {
  if (!leads.length) return [];
  const leaving = new Set(leads.map((lead) => lead.leadId));
  const openBefore = get(openLeadIdAtom);
  const openedInstead = openNextStaying(get, set, leaving);
  const outcomes = await Promise.all(
    leads.map(async ({ leadId }) =>
      tookOrKept(await runLeadChange(get, set, { leadId, change: { kind: 'archive', archived }, quiet: bulk !== undefined, limit: bulk?.limit })),
    ),
  );
  if (bulk || openedInstead === undefined || typeof openBefore !== 'number') return outcomes;
  if (!outcomes[leads.findIndex((lead) => lead.leadId === openBefore)])
    set(boardViewAtom, { type: 'archive-failed', reopen: openBefore, instead: openedInstead });
  return outcomes;
});
