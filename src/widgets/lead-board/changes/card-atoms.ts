import { atom, type Getter, type Setter } from 'jotai/vanilla';
import type { LeadStatus } from '../../../domain/lead-status';
import type { Lead } from '../../../gateway/office/schemas';
import { browserConnection } from '../../../domain/connection';
import { boardInputsAtom } from '../view/view-atoms';
import { runLeadChange } from './change-engine';
import { CHANGE_KINDS } from './change-kinds';
import { dropLeadChange, placeLeadChange, updateLeadChange } from './lead-patches';

/*
 * The open card's actions (status, notes, feedback, job notes, connected number, insurance):
 * loaded with the card body, on the board's store and its patches (lead-changes.ts).
 */

// ---- Status (debounced) ------------------------------------------------------------------------

/**
 * A status choice is sent this long after the last change, so a keyboard user stepping through
 * the closed select with the arrow keys sends one request, not one per step; leaving the select
 * sends at once.
 * @internal Exported for tests.
 */
export const STATUS_SEND_DELAY_MS = 500;

/**
 * How a status choice ended: 'saved' (the gateway took it), 'unchanged' (it was the saved
 * status: nothing sent), 'failed' (rolled back), 'superseded' (a newer choice replaced it),
 * 'queued' (made offline: kept in the outbox until the connection is back, outbox-engine.ts).
 */
export type StatusOutcome = 'saved' | 'unchanged' | 'failed' | 'superseded' | 'queued';

/** A lead whose status is being chosen: between the first change and the gateway's answer. */
interface StatusDraft {
  /** The status the gateway last confirmed (what a failure rolls back to). */
  confirmed: LeadStatus;
  /**
   * An aborted request may still have reached the gateway, so `confirmed` is not certain: the
   * next choice is sent even when it equals it.
   */
  inDoubt: boolean;
  chosen: LeadStatus;
  /** Bumped by every choice: an answer for an older one is never applied. */
  version: number;
  /** The change on the lead's list (lead-changes.ts) that shows the choice: dropped when it fails or ends where it started. */
  changeId: number | null;
  timer: ReturnType<typeof setTimeout> | null;
  controller: AbortController | null;
  /** Resolves the latest choice's promise. */
  settle: ((outcome: StatusOutcome) => void) | null;
}

/** Per store: the leads with a status choice pending or in flight. */
const statusDraftsAtom = atom(() => new Map<number, StatusDraft>());

/** Takes the draft's change off the lead's list (the card shows what it showed before the choice). */
function dropStatusChange(get: Getter, set: Setter, leadId: number, draft: StatusDraft) {
  if (draft.changeId !== null) dropLeadChange(get, set, leadId, draft.changeId);
  draft.changeId = null;
}

/** Settles the draft's latest choice (once) with `outcome`. */
function settleChoice(draft: StatusDraft, outcome: StatusOutcome) {
  const settle = draft.settle;
  draft.settle = null;
  settle?.(outcome);
}

/** Forgets the draft once nothing is pending and the gateway's status is known. */
function dropIfIdle(get: Getter, leadId: number, draft: StatusDraft) {
  const drafts = get(statusDraftsAtom);
  if (drafts.get(leadId) === draft && draft.timer === null && draft.controller === null && !draft.inDoubt) drafts.delete(leadId);
}

/**
 * Per store: while a choice waits for its delay, the page going away or out of sight sends it at
 * once (a status picked just before the tab was closed was lost), as a `keepalive`
 * request that outlives the page. Watched only while something waits.
 */
const pageHideWatchAtom = atom(() => ({ stop: null as (() => void) | null }));

function watchPageHide(get: Getter, set: Setter): void {
  const watch = get(pageHideWatchAtom);
  watch.stop ??= browserConnection.onHidden(() => {
    for (const [leadId, draft] of get(statusDraftsAtom)) if (draft.timer !== null) void sendStatus(get, set, leadId, true);
  });
}

function unwatchPageHideWhenIdle(get: Getter): void {
  const watch = get(pageHideWatchAtom);
  if ([...get(statusDraftsAtom).values()].some((draft) => draft.timer !== null)) return;
  watch.stop?.();
  watch.stop = null;
}

/** Sends the lead's pending choice now (the delay ran out, the select lost focus, or the page is going away: `keepalive`). */
async function sendStatus(get: Getter, set: Setter, leadId: number, keepalive = false): Promise<void> {
  const draft = get(statusDraftsAtom).get(leadId);
  if (!draft || draft.timer === null) return;
  clearTimeout(draft.timer);
  draft.timer = null;
  unwatchPageHideWhenIdle(get);
  const status = draft.chosen;
  const version = draft.version;
  if (status === draft.confirmed && !draft.inDoubt) {
    // Back where it was: nothing to send, and the card shows the saved status again.
    dropStatusChange(get, set, leadId, draft);
    dropIfIdle(get, leadId, draft);
    settleChoice(draft, 'unchanged');
    return;
  }
  const controller = new AbortController();
  draft.controller = controller;
  // The engine sends it now, after the lead's calls made since the choice (its change moved last).
  // While it is on its way, a newer choice changes the same change on the card (and aborts this call).
  const outcome = await runLeadChange(get, set, {
    leadId,
    change: { kind: 'status', status, base: draft.confirmed },
    shownAs: draft.changeId,
    signal: controller.signal,
    keepalive,
    current: () => draft.version === version,
  });
  // A newer choice took over: its own answer decides.
  if (outcome === 'superseded') return;
  draft.controller = null;
  // Settled, taken back, or kept in the outbox (which settles it later): the next choice is a change of its own.
  draft.changeId = null;
  if (outcome !== 'failed') {
    draft.confirmed = status;
    draft.inDoubt = false;
  }
  dropIfIdle(get, leadId, draft);
  settleChoice(draft, outcome);
}

/**
 * Chooses a lead's status: the card shows it at once (and the lead read); the gateway
 * call goes out once, STATUS_SEND_DELAY_MS after the last choice or when the select is left
 * (`sendLeadStatusNowAtom`), and not at all when the final choice is the saved status. A newer
 * choice supersedes a pending or in-flight one (aborted). A failure rolls back to the last
 * saved status and counts a failure in `statusFailuresAtom`. `onSend` runs when the call goes out.
 * Resolves with how this choice ended.
 */
export const chooseLeadStatusAtom = atom(null, (get, set, { lead, status }: { lead: Lead; status: LeadStatus }): Promise<StatusOutcome> => {
  const drafts = get(statusDraftsAtom);
  let draft = drafts.get(lead.leadId);
  if (!draft) {
    draft = {
      confirmed: lead.status,
      inDoubt: false,
      chosen: lead.status,
      version: 0,
      changeId: null,
      timer: null,
      controller: null,
      settle: null,
    };
    drafts.set(lead.leadId, draft);
  }
  settleChoice(draft, 'superseded');
  draft.version++;
  draft.chosen = status;
  if (draft.controller) {
    draft.controller.abort();
    draft.controller = null;
    draft.inDoubt = true;
  }
  if (draft.timer !== null) clearTimeout(draft.timer);
  // The card shows the choice at once (where the choice's change stands, or as a new one).
  // What its kind shows: the status, and the lead read.
  const effects = CHANGE_KINDS.status.effects({ kind: 'status', status, base: draft.confirmed });
  if (draft.changeId === null || !updateLeadChange(get, set, lead.leadId, draft.changeId, effects)) {
    draft.changeId = placeLeadChange(get, set, lead.leadId, effects);
  }
  const leadId = lead.leadId;
  draft.timer = setTimeout(() => void sendStatus(get, set, leadId), STATUS_SEND_DELAY_MS);
  watchPageHide(get, set);
  const current = draft;
  return new Promise<StatusOutcome>((resolve) => {
    current.settle = resolve;
  });
});

/** Sends a lead's pending status choice at once (the select lost focus); nothing when none is pending. */
export const sendLeadStatusNowAtom = atom(null, (get, set, leadId: number) => sendStatus(get, set, leadId));

/** A change the engine could not save (the front end says so its own way). */
class LeadChangeFailed extends Error {}

/**
 * Replaces a lead's notes. Not optimistic (the kind's row): the editor keeps the typed text until
 * the gateway took it, and on failure (rejects) the caller shows the spec's message with the
 * text intact; offline they show as saved, kept in the outbox. A lead's calls go one after the
 * other (the card's editor and the job notes dialog can both save): sent together, an older save
 * could reach the gateway last and replace the newer, or answer last and show over it (found by
 * the board's fault run, test/reliability/board.model.test.ts).
 */
export const saveLeadNotesAtom = atom(null, async (get, set, { lead, notes }: { lead: Lead; notes: string }) => {
  const outcome = await runLeadChange(get, set, { leadId: lead.leadId, change: { kind: 'notes', notes, base: lead.notes ?? null } });
  if (outcome === 'failed') throw new LeadChangeFailed(`notes of lead ${lead.leadId} not saved`);
});

/** Feedback saved by the popover, kept on the lead (success stores rating and reason). */
export const setLeadFeedbackAtom = atom(null, (get, set, { leadId, feedback }: { leadId: number; feedback: { rating: number; reason: string } }) => {
  placeLeadChange(get, set, leadId, { feedback }, { settled: true });
});

/** The job notes modal: opening sets the ids, the notes and isOpen. */
export interface JobNotesState {
  isOpen: boolean;
  leadId: number | null;
  redemptionId: string | number | null;
  serviceProviderId: number | null;
  jobNotes: string;
}

export const jobNotesAtom = atom<JobNotesState>({ isOpen: false, leadId: null, redemptionId: null, serviceProviderId: null, jobNotes: '' });

export const openJobNotesAtom = atom(null, (get, set, lead: Lead) => {
  set(jobNotesAtom, {
    isOpen: true,
    leadId: lead.leadId,
    redemptionId: lead.redemptionId ?? null,
    serviceProviderId: get(boardInputsAtom).spId,
    jobNotes: lead.notes ?? '',
  });
});

/** Discard just closes. */
export const closeJobNotesAtom = atom(null, (get, set) => set(jobNotesAtom, { ...get(jobNotesAtom), isOpen: false }));

/** A lead's number was connected: stop offering 'Connect your numbers' on it (on every page: the change is never settled). */
export const markNumberConnectedAtom = atom(null, (get, set, leadId: number) => {
  placeLeadChange(get, set, leadId, { isOptedInButNotConnected: false });
});

/** 'Not at all' on the insurance banner hides it on every lead of this board. */
export const insuranceHiddenForAllAtom = atom(false);
