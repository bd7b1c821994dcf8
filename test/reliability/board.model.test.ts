/**
 * Model-based fault runs (docs/reliability.md) — the lead board and its card actions, at the store level
 * (view/, board-page.ts and changes/: the atoms the components use, wired as the components wire
 * them), against the in-process sandbox behind the fault layer (./faults.ts), on a fake clock.
 *
 * Actions (fc.commands): open a card (marks it read), read toggle, status choice (one to three
 * steps through the select, each 0–800 ms apart, optionally leaving the select at once), note save
 * and its Retry, job notes and their Retry, archive / restore, feedback, filter / sort / page
 * changes, 'Try again' on a failed board, and time passing. Everything the components do around
 * the atoms is done here the same way: the first lead opens (and is marked read) when a page
 * arrives, `settlePageAtom` runs on every page, the note editors keep their text and say 'failed'
 * when a save rejects, the feedback popover stores the rating once the gateway took it.
 *
 * After the run settles (every timer run: hangs end at the client's time limit):
 * - nothing is stuck: no page loading, no save or status choice unsettled;
 * - the page shown is the answer to the latest query (filters/sort/page): with no status filter
 *   and no status sort it equals what the sandbox answers now (archive/restore refetch); under a
 *   status filter or sort it is the latest answer for that query (a status change deliberately
 *   does not refetch: the card stays where the user works on it);
 * - each lead shown has the server's status, read flag, notes and feedback — unless its last
 *   write reached the server and its answer never came back (a lost answer or a time-out: the
 *   client cannot know) AND the board says that change failed (statusFailuresAtom, the
 *   mutation error, the editor's failure);
 * - the last note the user saved on a lead is on the server, or its editor shows it as failed
 *   with the text (Retry); the same for feedback;
 * - a failed board offers 'Try again' (isRetryableError), and after it (faults off) the page is
 *   the server's;
 * - no unhandled rejection, no console.error.
 * 100 runs here (≤ 25 actions); `npm run soak` (SOAK=1) runs 1,000 with ≤ 50 actions.
 */
import fc from 'fast-check';
import { createStore } from 'jotai/vanilla';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandboxGateway, MAIN_PROVIDER_ID, type SandboxGateway } from '@leadkit/sandbox';
import { LEAD_STATUSES, type LeadStatus } from '../../src/domain/lead-status';
import { FEEDBACK_REASONS, type FeedbackReason } from '../../src/domain/feedback';
import { SORT_OPTIONS, type SortOption } from '../../src/domain/sort';
import type { LeadFilters } from '../../src/domain/filters';
import { createGatewayClient, type GatewayClient } from '../../src/gateway/core/client';
import { isRetryableError } from '../../src/gateway/core/errors';
import { getLeads } from '../../src/gateway/office/calls';
import { submitLeadFeedback } from '../../src/gateway/office/feedback';
import type { Lead } from '../../src/gateway/office/schemas';
import { clientAtom } from '../../src/runtime/client-atom';
import { goToPageAtom, leadsLoadableAtom, leadsReloadAtom, settlePageAtom, type LeadsPage } from '../../src/widgets/lead-board/board-page';
import { boardRetryAtom, providerInfoLoadableAtom } from '../../src/widgets/lead-board/board-provider';
import { boardInputsAtom, boardQueryAtom, boardViewAtom, openLeadIdAtom } from '../../src/widgets/lead-board/view/view-atoms';
import { archiveLeadsAtom, markLeadsReadAtom } from '../../src/widgets/lead-board/changes/lead-changes';
import { mutationErrorAtom, statusFailuresAtom } from '../../src/widgets/lead-board/changes/change-outcomes';
import { patchesAtom, visibleLeads } from '../../src/widgets/lead-board/changes/lead-patches';
import { toLeadListRequest } from '../../src/widgets/lead-board/board-request';
import { runBulkActionAtom } from '../../src/widgets/lead-board/bulk/bulk-atoms';
import {
  chooseLeadStatusAtom,
  closeJobNotesAtom,
  openJobNotesAtom,
  saveLeadNotesAtom,
  sendLeadStatusNowAtom,
  setLeadFeedbackAtom,
  type StatusOutcome,
} from '../../src/widgets/lead-board/changes/card-atoms';
import {
  COMMAND_SETTINGS,
  RUN_SETTINGS,
  RUNS,
  Action,
  addRun,
  advance,
  answered,
  challengeFateArb,
  countOutcome,
  cpuMs,
  createFaultLayer,
  failing,
  formatTotals,
  installFakeClock,
  newTotals,
  realTick,
  requestFateArb,
  settleTimers,
  watchForErrors,
  type ChallengeFate,
  type FaultLayer,
  type FaultLayerOptions,
  type Model,
  type RequestFate,
  type WireRecord,
} from './faults';

const SP_ID = MAIN_PROVIDER_ID;
/** The status select's send delay the debounce check expects (card-atoms' STATUS_SEND_DELAY_MS, written out: a test of the debounce must not take it from the code under test). */
const SPEC_STATUS_DELAY_MS = 500;
/** Five leads a page: the provider's 57 active leads make twelve pages. */
const PAGE_SIZE = 5;
const LEADS_PATH = `/gateway/lead/office/v6/leads/serviceProvider/${SP_ID}`;

const totals = newTotals();
let elapsedMs = 0;
let elapsedCpuMs = 0;

// ---- The system under test: a board store wired as the components wire it --------------------

type Store = ReturnType<typeof createStore>;

/** A note editor (the card's 'Your Notes' or the job notes dialog): its text, and how its last save went. */
interface Editor {
  text: string;
  saving: boolean;
  failed: boolean;
}

/** What the user last asked for on a lead (for "never silently gone"). */
interface Intent<T> {
  value: T;
  via: 'notes' | 'job-notes' | 'feedback';
  outcome: 'pending' | 'saved' | 'failed' | 'discarded';
}

interface Board {
  readonly sandbox: SandboxGateway;
  readonly layer: FaultLayer;
  readonly client: GatewayClient;
  readonly store: Store;
  /** The last page that arrived (the component keeps it on screen, dimmed, while the next loads). */
  lastPage: LeadsPage | null;
  readonly notesEditors: Map<number, Editor>;
  jobNotes: (Editor & { leadId: number }) | null;
  readonly feedback: Map<number, { sending: boolean; failed: boolean }>;
  readonly noteIntents: Map<number, Intent<string>>;
  readonly feedbackIntents: Map<number, Intent<{ rating: number; reason: FeedbackReason }>>;
  /** Every status choice's promise, and per lead the last choice's outcome. */
  readonly statusChoices: Promise<StatusOutcome>[];
  readonly lastStatusOutcome: Map<number, { status: LeadStatus; outcome: StatusOutcome | 'pending' }>;
  /** When (fake clock) each status choice and each leaving of the select happened, per lead (the debounce check). */
  readonly statusChoiceTimes: Map<number, { choices: number[]; blurs: number }>;
  /** The leads whose change the last bulk action's alert counts as failed (they stay selected). */
  bulkFailed: ReadonlySet<number>;
  noteSeq: number;
  actions: number;
  readonly log: string[];
  /** What went wrong while the run went on (checked with the rest at the end). */
  readonly problems: string[];
  readonly unsubscribe: () => void;
}

function boardFailure(store: Store): unknown {
  const leads = store.get(leadsLoadableAtom);
  const provider = store.get(providerInfoLoadableAtom);
  if (leads.state === 'hasError') return leads.error;
  if (provider.state === 'hasError') return provider.error;
  return null;
}

/** The leads on screen (none while the error banner replaces the list). */
function shownLeads(board: Board): Lead[] {
  if (boardFailure(board.store) !== null || !board.lastPage) return [];
  return visibleLeads(board.lastPage, board.store.get(patchesAtom)).leads;
}

function openBoard(fates: Iterator<RequestFate>, challenges: Iterator<ChallengeFate>, fateFor?: FaultLayerOptions['fateFor']): Board {
  const sandbox = createSandboxGateway({ now: () => new Date() });
  const layer = createFaultLayer({ sandbox, fates, challenges, fateFor });
  const client = createGatewayClient({
    baseURL: 'http://sandbox.test',
    auth: { kind: 'provider', spId: SP_ID },
    fetch: layer.fetch,
    onChallenge: layer.onChallenge,
  });
  const store = createStore();
  store.set(clientAtom, client);
  store.set(boardInputsAtom, { spId: SP_ID, featuredLeadId: null, newMessages: false, pageSize: PAGE_SIZE });
  const board: Board = {
    sandbox,
    layer,
    client,
    store,
    lastPage: null,
    notesEditors: new Map(),
    jobNotes: null,
    feedback: new Map(),
    noteIntents: new Map(),
    feedbackIntents: new Map(),
    statusChoices: [],
    lastStatusOutcome: new Map(),
    bulkFailed: new Set(),
    statusChoiceTimes: new Map(),
    noteSeq: 0,
    actions: 0,
    log: [],
    problems: [],
    unsubscribe: () => {},
  };
  // What LeadBoard's render and effects do with each state of the leads.
  const onLeads = () => {
    const state = store.get(leadsLoadableAtom);
    if (state.state !== 'hasData') return;
    board.lastPage = state.data;
    queueMicrotask(() => {
      store.set(settlePageAtom);
      const first = shownLeads(board)[0];
      if (store.get(openLeadIdAtom) === undefined && first) {
        store.set(boardViewAtom, { type: 'open-first', leadId: first.leadId });
        void store.set(markLeadsReadAtom, { leads: [first], read: true });
      }
    });
  };
  const subs = [store.sub(leadsLoadableAtom, onLeads), store.sub(providerInfoLoadableAtom, () => {})];
  onLeads();
  (board as { unsubscribe: () => void }).unsubscribe = () => subs.forEach((unsub) => unsub());
  return board;
}

// ---- Actions ---------------------------------------------------------------------------------

/** The lead at a position of the list on screen, if the list shows any. */
function leadAt(board: Board, index: number): Lead | null {
  const leads = shownLeads(board);
  return leads.length ? (leads[index % leads.length] as Lead) : null;
}

/** A position on the list: often the first (the open card), so actions meet on one lead. */
const index = fc.oneof({ arbitrary: fc.constant(0), weight: 2 }, { arbitrary: fc.nat({ max: 9 }), weight: 3 });

const openCard = (i: number) =>
  new Action<Board>(`open card #${i}`, (board) => {
    const lead = leadAt(board, i);
    if (!lead) return;
    // Opened by a tap (a tap on the open card would close it).
    if (board.store.get(openLeadIdAtom) !== lead.leadId) board.store.set(boardViewAtom, { type: 'toggle', leadId: lead.leadId, opensFirst: false });
    void board.store.set(markLeadsReadAtom, { leads: [lead], read: true });
  });

const toggleRead = (i: number) =>
  new Action<Board>(`toggle read #${i}`, (board) => {
    const lead = leadAt(board, i);
    if (lead) void board.store.set(markLeadsReadAtom, { leads: [lead], read: !lead.read });
  });

type StatusStep = { status: LeadStatus; gapMs: number };
const chooseStatus = ({ i, steps, blur }: { i: number; steps: StatusStep[]; blur: boolean }) =>
  new Action<Board>(`status #${i} ${steps.map((step) => `${step.status}+${step.gapMs}ms`).join(' ')}${blur ? ' blur' : ''}`, async (board) => {
    const times = (leadId: number) => board.statusChoiceTimes.get(leadId) ?? board.statusChoiceTimes.set(leadId, { choices: [], blurs: 0 }).get(leadId)!;
    for (const step of steps) {
      // The select shows the card's lead as it is now (patched), as the component passes it.
      const lead = leadAt(board, i);
      if (!lead) return;
      times(lead.leadId).choices.push(Date.now());
      const choice = board.store.set(chooseLeadStatusAtom, { lead, status: step.status });
      const entry = { status: step.status, outcome: 'pending' as StatusOutcome | 'pending' };
      board.lastStatusOutcome.set(lead.leadId, entry);
      board.statusChoices.push(choice);
      void choice.then((outcome) => {
        entry.outcome = outcome;
        // 'saved' means the gateway holds it now (no later answer can undo a newer choice).
        const server = serverAssignment(board.sandbox, lead.leadId).status;
        if (outcome === 'saved' && server !== step.status)
          board.problems.push(`status ${step.status} on ${lead.leadId} said saved while the server had ${server}`);
      });
      await advance(step.gapMs);
    }
    const lead = leadAt(board, i);
    // Leaving the select sends at once (the component does not wait for it either).
    if (blur && lead) {
      times(lead.leadId).blurs++;
      void board.store.set(sendLeadStatusNowAtom, lead.leadId);
    }
  });

/** A note save from an editor, as NotesEditor / JobNotesForm do it. */
function saveNote(board: Board, lead: Lead, editor: Editor, via: 'notes' | 'job-notes', onSaved: () => void) {
  if (editor.saving) return;
  editor.saving = true;
  editor.failed = false;
  const intent: Intent<string> = { value: editor.text, via, outcome: 'pending' };
  const previous = board.noteIntents.get(lead.leadId);
  if (previous && previous.outcome === 'failed' && previous.via !== via) previous.outcome = 'discarded';
  board.noteIntents.set(lead.leadId, intent);
  board.store
    .set(saveLeadNotesAtom, { lead, notes: editor.text })
    .then(
      () => {
        intent.outcome = 'saved';
        onSaved();
      },
      () => {
        intent.outcome = 'failed';
        editor.failed = true;
      },
    )
    .finally(() => {
      editor.saving = false;
    });
}

const saveNotes = (i: number) =>
  new Action<Board>(`save notes #${i}`, (board) => {
    const lead = leadAt(board, i);
    if (!lead) return;
    let editor = board.notesEditors.get(lead.leadId);
    if (editor?.saving) return; // 'Save' is disabled while saving
    // Edit → type → Save (a failed editor is typed into again: its text is replaced).
    editor = { text: `note ${++board.noteSeq} on ${lead.leadId}`, saving: false, failed: false };
    board.notesEditors.set(lead.leadId, editor);
    const current = editor;
    saveNote(board, lead, editor, 'notes', () => {
      if (board.notesEditors.get(lead.leadId) === current) board.notesEditors.delete(lead.leadId);
    });
  });

const retryNotes = (i: number) =>
  new Action<Board>(`retry notes ${i}`, (board) => {
    const failed = [...board.notesEditors.entries()].filter(([, editor]) => editor.failed && !editor.saving);
    const entry = failed[i % Math.max(1, failed.length)];
    if (!entry) return;
    const [leadId, editor] = entry;
    const lead = shownLeads(board).find((candidate) => candidate.leadId === leadId);
    if (!lead) return;
    saveNote(board, lead, editor, 'notes', () => {
      if (board.notesEditors.get(leadId) === editor) board.notesEditors.delete(leadId);
    });
  });

const jobNotes = (i: number) =>
  new Action<Board>(`job notes #${i}`, (board) => {
    const lead = leadAt(board, i);
    if (!lead || board.jobNotes?.saving) return;
    // Opening another lead's job notes leaves a failed dialog: that text is discarded (the user's choice).
    const left = board.jobNotes && board.noteIntents.get(board.jobNotes.leadId);
    if (left && left.via === 'job-notes' && left.outcome === 'failed') left.outcome = 'discarded';
    board.store.set(openJobNotesAtom, lead);
    const text = `job note ${++board.noteSeq} on ${lead.leadId}`;
    const dialog = { leadId: lead.leadId, text, saving: false, failed: false };
    board.jobNotes = dialog;
    saveNote(board, lead, dialog, 'job-notes', () => {
      board.store.set(closeJobNotesAtom);
      if (board.jobNotes === dialog) board.jobNotes = null;
    });
  });

const retryJobNotes = new Action<Board>('retry job notes', (board) => {
  const dialog = board.jobNotes;
  if (!dialog || !dialog.failed || dialog.saving) return;
  const lead = shownLeads(board).find((candidate) => candidate.leadId === dialog.leadId);
  if (!lead) return;
  saveNote(board, lead, dialog, 'job-notes', () => {
    board.store.set(closeJobNotesAtom);
    if (board.jobNotes === dialog) board.jobNotes = null;
  });
});

const archive = (i: number) =>
  new Action<Board>(`archive/restore #${i}`, (board) => {
    const lead = leadAt(board, i);
    // 'Archive' on an active lead; 'Move to Active Leads' on an archived one (the archived filter).
    if (lead) void board.store.set(archiveLeadsAtom, { leads: [lead], archived: !lead.isArchived });
  });

/** A bulk action (docs/widgets/lead-board.md#bulk-actions) on a few leads of the page: archive (restore in the archived view), mark read or unread. */
const bulk = ({ picks, kind }: { picks: number[]; kind: 'move' | 'read' | 'unread' }) =>
  new Action<Board>(`bulk ${kind} [${picks.join(',')}]`, (board) => {
    const leads = [...new Set(picks.map((i) => leadAt(board, i)).filter((lead): lead is Lead => lead !== null))];
    if (!leads.length) return;
    const action = kind === 'move' ? (board.store.get(boardQueryAtom).filters.archived ? 'restore' : 'archive') : kind;
    void board.store.set(runBulkActionAtom, { action, leads }).then((failed) => {
      board.bulkFailed = new Set(failed);
    });
    // As the toolbar: a new action replaces the last one's message.
    board.bulkFailed = new Set();
  });

const feedback = ({ i, rating, reason }: { i: number; rating: number; reason: FeedbackReason }) =>
  new Action<Board>(`feedback #${i} ${rating} ${reason}`, (board) => {
    const lead = leadAt(board, i);
    if (!lead) return;
    const state = board.feedback.get(lead.leadId) ?? { sending: false, failed: false };
    board.feedback.set(lead.leadId, state);
    if (state.sending) return; // the popover sends one at a time
    state.sending = true;
    state.failed = false;
    const intent: Intent<{ rating: number; reason: FeedbackReason }> = { value: { rating, reason }, via: 'feedback', outcome: 'pending' };
    board.feedbackIntents.set(lead.leadId, intent);
    // As FeedbackPopover: the call, then the rating kept on the lead once the gateway took it.
    submitLeadFeedback(board.client, SP_ID, { leadId: lead.leadId, rating, reason, notes: '' })
      .then(
        () => {
          intent.outcome = 'saved';
          board.store.set(setLeadFeedbackAtom, { leadId: lead.leadId, feedback: { rating, reason } });
        },
        () => {
          intent.outcome = 'failed';
          state.failed = true;
        },
      )
      .finally(() => {
        state.sending = false;
      });
  });

const filterPatch: fc.Arbitrary<{ name: string; patch: Partial<LeadFilters> | null }> = fc.oneof(
  fc.boolean().map((archived) => ({ name: `archived ${archived}`, patch: { archived } })),
  fc
    .subarray([...LEAD_STATUSES], { maxLength: 3 })
    .map((statuses) => ({ name: `statuses [${statuses.join(',')}]`, patch: { serviceProviderLeadStatuses: statuses } })),
  fc.constantFrom(true as const, null).map((hasUnreadMessages) => ({ name: `unread ${hasUnreadMessages}`, patch: { hasUnreadMessages } })),
  fc.constant({ name: 'clear all', patch: null }),
);

const changeFilter = ({ name, patch }: { name: string; patch: Partial<LeadFilters> | null }) =>
  new Action<Board>(`filter ${name}`, (board) => {
    board.store.set(boardViewAtom, patch ? { type: 'filters', patch } : { type: 'clear-filters' });
  });

const changeSort = (sort: SortOption) => new Action<Board>(`sort ${sort}`, (board) => board.store.set(boardViewAtom, { type: 'sort', sort }));

const goToPage = (page: number) => new Action<Board>(`page ${page}`, (board) => void board.store.set(goToPageAtom, page));

const tryAgain = new Action<Board>('try again', (board) => {
  const failure = boardFailure(board.store);
  if (failure !== null && isRetryableError(failure)) board.store.set(boardRetryAtom, (n) => n + 1);
});

const wait = (ms: number) => new Action<Board>(`wait ${ms}ms`, () => advance(ms));

const statusSteps = fc.array(fc.record({ status: fc.constantFrom(...LEAD_STATUSES), gapMs: fc.integer({ min: 0, max: 800 }) }), { minLength: 1, maxLength: 3 });
const waitMs = fc.integer({ min: 0, max: 4000 });

const actions = fc.commands(
  [
    index.map(openCard),
    index.map(toggleRead),
    fc.record({ i: index, steps: statusSteps, blur: fc.boolean() }).map(chooseStatus),
    fc.record({ i: index, steps: statusSteps, blur: fc.boolean() }).map(chooseStatus),
    fc.record({ i: index, steps: statusSteps, blur: fc.boolean() }).map(chooseStatus),
    index.map(saveNotes),
    index.map(retryNotes),
    index.map(jobNotes),
    fc.constant(retryJobNotes),
    index.map(archive),
    fc
      .record({
        picks: fc.array(fc.nat({ max: 9 }), { minLength: 1, maxLength: 4 }),
        kind: fc.constantFrom('move' as const, 'read' as const, 'unread' as const),
      })
      .map(bulk),
    fc.record({ i: index, rating: fc.integer({ min: 1, max: 5 }), reason: fc.constantFrom(...FEEDBACK_REASONS) }).map(feedback),
    filterPatch.map(changeFilter),
    fc.constantFrom(...SORT_OPTIONS).map(changeSort),
    fc.nat({ max: 13 }).map(goToPage),
    fc.constant(tryAgain),
    fc.constant(tryAgain),
    waitMs.map(wait),
    waitMs.map(wait),
  ],
  COMMAND_SETTINGS,
);

// ---- Settling and the invariants -------------------------------------------------------------

interface Write {
  readonly leadId: number;
  readonly field: 'status' | 'read' | 'notes' | 'isArchived' | 'feedback';
  readonly value: unknown;
}

/** What a request wrote, by field (the status call also marks the lead read). */
function writesOf(record: WireRecord): Write[] {
  const body = record.body as Record<string, unknown> | undefined;
  if (record.method !== 'POST' || !body) return [];
  const pathLead = Number(/\/leads\/(\d+)\//.exec(record.path)?.[1]);
  if (record.path.endsWith('/status')) {
    return [
      { leadId: pathLead, field: 'status', value: body.status },
      { leadId: pathLead, field: 'read', value: true },
    ];
  }
  if (record.path.endsWith('/note')) return [{ leadId: pathLead, field: 'notes', value: body.note }];
  if (record.path.endsWith('/read')) return [{ leadId: body.leadId as number, field: 'read', value: body.read }];
  if (record.path.endsWith('/archive')) return [{ leadId: body.leadId as number, field: 'isArchived', value: body.archived }];
  if (record.path.endsWith('/feedback')) return [{ leadId: body.leadId as number, field: 'feedback', value: { rating: body.rating, reason: body.reason } }];
  return [];
}

/** The last write of a lead's field the server handled, in the order it handled them. */
function lastHandledWrite(layer: FaultLayer, leadId: number, field: Write['field']): { record: WireRecord; write: Write } | null {
  let last: { record: WireRecord; write: Write } | null = null;
  for (const record of layer.log) {
    if (!record.handled || (record.status !== null && record.status >= 300)) continue;
    for (const write of writesOf(record)) {
      if (write.leadId === leadId && write.field === field && (!last || (record.handledAt ?? 0) > (last.record.handledAt ?? 0))) last = { record, write };
    }
  }
  return last;
}

/** JSON with object keys sorted (a parsed request body and a built one list their keys in different orders). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b))) : inner,
  );
}

function sameQuery(a: unknown, b: unknown): boolean {
  const strip = (body: unknown) => {
    const { businessName: _ignored, ...rest } = (body ?? {}) as Record<string, unknown>;
    return canonical(rest);
  };
  return strip(a) === strip(b);
}

function serverAssignment(sandbox: SandboxGateway, leadId: number) {
  const assignment = sandbox.store.lead(leadId)?.assignments.find((candidate) => candidate.spId === SP_ID);
  if (!assignment) throw new Error(`lead ${leadId} is not the provider's`);
  return assignment;
}

/** Whether the board says a lead's change of `field` failed. */
function failureShown(board: Board, leadId: number, field: Write['field']): boolean {
  const { store } = board;
  const mutation = store.get(mutationErrorAtom);
  switch (field) {
    case 'status':
      return store.get(statusFailuresAtom).has(leadId);
    case 'read':
      return store.get(statusFailuresAtom).has(leadId) || (mutation?.leadId === leadId && mutation.action === 'read') || board.bulkFailed.has(leadId);
    case 'isArchived':
      return (mutation?.leadId === leadId && (mutation.action === 'archive' || mutation.action === 'restore')) || board.bulkFailed.has(leadId);
    case 'notes':
      return board.notesEditors.get(leadId)?.failed === true || (board.jobNotes?.leadId === leadId && board.jobNotes.failed);
    case 'feedback':
      return board.feedback.get(leadId)?.failed === true;
  }
}

/** Checks the board's screen against the server; returns what is wrong (empty when all holds). */
async function checkBoard(board: Board, clean: GatewayClient, phase: string): Promise<string[]> {
  const problems: string[] = [];
  const { store, sandbox, layer } = board;
  const leadsState = store.get(leadsLoadableAtom);
  const providerState = store.get(providerInfoLoadableAtom);
  if (leadsState.state === 'loading' || providerState.state === 'loading') problems.push(`${phase}: still loading after settling (a skeleton that never goes)`);
  for (const editor of [...board.notesEditors.values(), ...(board.jobNotes ? [board.jobNotes] : [])]) {
    if (editor.saving) problems.push(`${phase}: a note save never settled`);
  }
  for (const [leadId, state] of board.feedback) if (state.sending) problems.push(`${phase}: feedback on ${leadId} never settled`);
  for (const [leadId, { outcome }] of board.lastStatusOutcome) if (outcome === 'pending') problems.push(`${phase}: status choice on ${leadId} never settled`);

  const failure = boardFailure(store);
  if (failure !== null) {
    if (!isRetryableError(failure)) problems.push(`${phase}: the board failed (${String(failure)}) without 'Try again'`);
    return problems;
  }
  const page = board.lastPage;
  if (!page) {
    problems.push(`${phase}: no page on screen`);
    return problems;
  }

  // A page fetched again without an answer (offline after a change) stays on screen, marked: it is
  // the last answer the board took, not the server's now — nor the last on the wire (an answer to a
  // fetch a newer one aborted). Compared with the server once the board asks again, back online
  // (runBoard does that).
  const kept = page.refreshFailed === true;
  if (kept) countOutcome(totals, 'page kept after a failed refresh');

  // The page is the latest query's.
  const query = store.get(boardQueryAtom);
  const request = toLeadListRequest(query, null, '');
  const statusDependent = query.filters.serviceProviderLeadStatuses.length > 0 || query.sort.startsWith('ServiceProviderLeadStatus');
  const shown = visibleLeads(page, store.get(patchesAtom));
  const shownIds = shown.leads.map((lead) => lead.leadId);
  const answered = layer.log.filter((record) => record.path === LEADS_PATH && record.answered && record.status === 200 && sameQuery(record.body, request));
  const latest = answered.at(-1);
  if (!latest) problems.push(`${phase}: the page on screen answers no request for the latest query (${JSON.stringify(request)})`);
  else if (!kept) {
    const latestIds = ((latest.answer as { leads: Lead[] }).leads ?? []).map((lead) => lead.leadId);
    if (JSON.stringify(latestIds) !== JSON.stringify(page.leads.map((lead) => lead.leadId))) {
      problems.push(
        `${phase}: stale page: shows ${JSON.stringify(page.leads.map((lead) => lead.leadId))}, the latest answer for the latest query was ${JSON.stringify(latestIds)}`,
      );
    }
  }
  if (!statusDependent && !kept) {
    const now = await getLeads(clean, SP_ID, request);
    const serverIds = now.leads.map((lead) => lead.leadId);
    if (JSON.stringify(serverIds) !== JSON.stringify(shownIds))
      problems.push(`${phase}: page ${JSON.stringify(shownIds)} ≠ the server's ${JSON.stringify(serverIds)} for ${JSON.stringify(request)}`);
    const total = page.totalCount - shown.removedCount;
    if (total !== now.pagination.totalNumber) problems.push(`${phase}: total ${total} ≠ the server's ${now.pagination.totalNumber}`);
  }

  // Each lead shown has the server's values, or a change the board says failed and the server may have taken.
  for (const lead of kept ? [] : shown.leads) {
    const assignment = serverAssignment(sandbox, lead.leadId);
    const pairs: [Write['field'], unknown, unknown][] = [
      ['status', lead.status, assignment.status],
      ['read', lead.read, assignment.read],
      ['notes', lead.notes ?? '', assignment.notes ?? ''],
      ['isArchived', lead.isArchived, assignment.archived],
      [
        'feedback',
        lead.feedback ? { rating: lead.feedback.rating, reason: lead.feedback.reason } : null,
        assignment.feedback ? { rating: assignment.feedback.rating, reason: assignment.feedback.reason } : null,
      ],
    ];
    for (const [field, shownValue, serverValue] of pairs) {
      if (canonical(shownValue) === canonical(serverValue)) continue;
      const last = lastHandledWrite(layer, lead.leadId, field);
      const inDoubt = last !== null && !last.record.answered && canonical(last.write.value) === canonical(serverValue);
      if (inDoubt && failureShown(board, lead.leadId, field)) {
        countOutcome(totals, `in-doubt ${field} shown as failed`);
        continue;
      }
      totals.stale++;
      problems.push(
        `${phase}: lead ${lead.leadId} shows ${field} ${JSON.stringify(shownValue)}, the server has ${JSON.stringify(serverValue)}` +
          (last
            ? ` (its last write: #${last.record.seq} ${JSON.stringify(last.write.value)}, ${last.record.answered ? `answered ${last.record.status}` : 'unanswered'})`
            : ' (no write reached it)') +
          `; failure shown: ${failureShown(board, lead.leadId, field)}`,
      );
    }
  }

  // The last note / feedback the user saved on each lead: on the server, or on screen as failed.
  for (const [leadId, intent] of board.noteIntents) {
    const server = serverAssignment(sandbox, leadId).notes ?? '';
    countOutcome(totals, `note ${intent.outcome}`);
    if (intent.outcome === 'saved' && server !== intent.value) {
      totals.lost++;
      problems.push(`${phase}: note "${intent.value}" on ${leadId} was saved but the server has "${server}"`);
    }
    if (intent.outcome === 'failed') {
      const editor = intent.via === 'notes' ? board.notesEditors.get(leadId) : board.jobNotes?.leadId === leadId ? board.jobNotes : undefined;
      if (!editor?.failed || editor.text !== intent.value) {
        totals.lost++;
        problems.push(`${phase}: note "${intent.value}" on ${leadId} failed and is not on screen with its text`);
      }
    }
  }
  for (const [leadId, intent] of board.feedbackIntents) {
    const server = serverAssignment(sandbox, leadId).feedback;
    countOutcome(totals, `feedback ${intent.outcome}`);
    if (intent.outcome === 'saved' && (server?.rating !== intent.value.rating || server.reason !== intent.value.reason)) {
      totals.lost++;
      problems.push(`${phase}: feedback ${JSON.stringify(intent.value)} on ${leadId} was saved but the server has ${JSON.stringify(server)}`);
    }
    if (intent.outcome === 'failed' && !board.feedback.get(leadId)?.failed) {
      totals.lost++;
      problems.push(`${phase}: feedback on ${leadId} failed and the popover does not say so`);
    }
  }
  // The last status choice per lead: saved → the server has it; failed → the board says so.
  for (const [leadId, { status, outcome }] of board.lastStatusOutcome) {
    countOutcome(totals, `status ${outcome}`);
    const server = serverAssignment(sandbox, leadId).status;
    if (outcome === 'saved' && server !== status) {
      totals.stale++;
      problems.push(`${phase}: status ${status} on ${leadId} was saved but the server has ${server}`);
    }
    if (outcome === 'failed' && !store.get(statusFailuresAtom).has(leadId)) problems.push(`${phase}: status on ${leadId} failed and the board does not say so`);
  }
  // The debounce: a status call only for a choice no other followed within the delay, or for leaving the select.
  for (const [leadId, { choices, blurs }] of board.statusChoiceTimes) {
    const settledChoices = choices.filter((at, n) => n === choices.length - 1 || (choices[n + 1] as number) - at >= SPEC_STATUS_DELAY_MS).length;
    // A call a 511 challenge held is sent again once it is passed (same key): one call, counted by its replay.
    const sent = layer.log.filter((record) => record.path === `/gateway/lead/office/v2/leads/${leadId}/status` && record.fate.fault !== 'challenge').length;
    if (sent > settledChoices + blurs)
      problems.push(`${phase}: lead ${leadId} got ${sent} status calls for ${settledChoices} settled choices and ${blurs} blurs (the debounce)`);
  }
  return problems;
}

// ---- The property -----------------------------------------------------------------------------

async function runBoard(
  seed: number,
  fates: Iterable<RequestFate>,
  challenges: Iterable<ChallengeFate>,
  commands: Iterable<fc.AsyncCommand<Model, Board>>,
  fateFor?: FaultLayerOptions['fateFor'],
) {
  const restoreClock = installFakeClock(seed);
  const watch = watchForErrors();
  const board = openBoard(fates[Symbol.iterator](), challenges[Symbol.iterator](), fateFor);
  try {
    await advance(0);
    await fc.asyncModelRun(() => ({ model: {}, real: board }), commands);
    await settleTimers();
    const clean = createGatewayClient({ baseURL: 'http://sandbox.test', auth: { kind: 'provider', spId: SP_ID }, fetch: board.sandbox.fetch });
    const problems = await checkBoard(board, clean, 'settled');
    // A failed board: 'Try again' with the faults gone shows the server's page.
    if (problems.length === 0 && boardFailure(board.store) !== null) {
      countOutcome(totals, 'board failed at the end, then Try again');
      board.layer.enabled = false;
      board.store.set(boardRetryAtom, (n) => n + 1);
      await settleTimers();
      problems.push(...(await checkBoard(board, clean, 'after Try again')));
    }
    // A page kept after a failed refresh: back online (the faults gone), the board asks again
    // (lead-board.tsx's useWhenBack) and shows the server's page.
    if (problems.length === 0 && board.lastPage?.refreshFailed) {
      countOutcome(totals, 'page kept at the end, then back online');
      board.layer.enabled = false;
      board.store.set(leadsReloadAtom, (n) => n + 1);
      await settleTimers();
      if (board.lastPage?.refreshFailed) problems.push('after back online: still the kept page (the fetch again did not replace it)');
      problems.push(...(await checkBoard(board, clean, 'after back online')));
    }
    await realTick();
    problems.push(...board.problems, ...watch.problems);
    addRun(totals, board.layer, board.actions);
    if (problems.length) {
      const wire = process.env.DEBUG_RUNS
        ? `\nrequests:\n  ${board.layer.log.map((r) => `#${r.seq} ${r.method} ${r.path} ${JSON.stringify(r.body)} ${r.fate.fault ?? 'ok'} ${r.fate.beforeMs}+${r.fate.afterMs}ms handled ${r.handledAt} ${r.answered ? r.status : 'unanswered'}`).join('\n  ')}`
        : '';
      throw new Error(`${problems.join('\n')}\nactions:\n  ${board.log.join('\n  ')}${wire}`);
    }
  } finally {
    board.unsubscribe();
    watch.stop();
    restoreClock();
  }
}

describe('lead board: model run under faults', () => {
  afterAll(() => {
    console.log(formatTotals('lead board', totals, elapsedMs, elapsedCpuMs));
  });

  // Failing runs the property found, kept as fixed examples: the fates of the calls that mattered
  // (every other request answers at once), the actions, and what each one broke before its fix.
  const none: never[] = [];
  const when = (
    match: (request: { method: string; path: string; body: unknown }) => boolean,
    fate: RequestFate,
    times = Infinity,
  ): FaultLayerOptions['fateFor'] => {
    let left = times;
    return (request) => (left > 0 && match(request) ? (left--, fate) : undefined);
  };
  const isPath = (suffix: string) => (request: { path: string }) => request.path.endsWith(suffix);

  it("regression: a 511 on the board's calls leaves 'Try again' (a dead end: 'challenge' was not retryable)", async () => {
    await runBoard(1, none, [{ pass: false, afterMs: 2321 }], [wait(1000), tryAgain, wait(1000)], when(isPath(LEADS_PATH), failing('challenge'), 1));
  });

  it('regression: an archive that settles while a read toggle is pending still refetches the page (it stayed a lead short)', async () => {
    await runBoard(2, none, none, [toggleRead(1), archive(0), wait(3000)], when(isPath('/read'), answered(2000)));
  });

  it("regression: two saves of one lead's notes reach the gateway and the card in the order made (the older showed over the newer)", async () => {
    await runBoard(3, none, none, [jobNotes(0), saveNotes(0), wait(3000)], when(isPath('/note'), answered(2000), 1));
  });

  it('regression: a failed read toggle takes back only itself, not the feedback stored meanwhile (the card lost the rating)', async () => {
    await runBoard(4, none, none, [toggleRead(0), feedback({ i: 0, rating: 5, reason: 'Other' }), wait(20_000)], when(isPath('/read'), failing('hang')));
  });

  it('regression: a status choice that ends where it started keeps a read toggle made meanwhile (the card went back to read)', async () => {
    const sameStatus = new Action<Board>('status #0 its own status', async (board) => {
      const lead = leadAt(board, 0);
      if (lead) void board.store.set(chooseLeadStatusAtom, { lead, status: lead.status });
      await advance(100);
    });
    await runBoard(5, none, none, [wait(500), sameStatus, toggleRead(0), wait(3000)]);
  });

  it('regression: a status call and a read toggle of one lead go in turn (sent together they answered out of order: read shown, unread on the gateway)', async () => {
    await runBoard(
      6,
      none,
      none,
      [wait(500), chooseStatus({ i: 0, steps: [{ status: 'Selling', gapMs: 500 }], blur: false }), toggleRead(0), wait(3000)],
      when(isPath('/status'), answered(1700)),
    );
  });

  it('versioning: the late answer of a superseded status choice never counts for the newer one (checked by breaking it: the soak and this example catch it)', async () => {
    const fates = [{ ...answered(2000), ignoresAbort: true }, failing('server-error')];
    await runBoard(
      8,
      none,
      none,
      [
        wait(500),
        chooseStatus({ i: 0, steps: [{ status: 'Selling', gapMs: 100 }], blur: true }),
        chooseStatus({ i: 0, steps: [{ status: 'ClosedWon', gapMs: 0 }], blur: true }),
        wait(5000),
      ],
      (request) => (request.path.endsWith('/status') ? fates.shift() : undefined),
    );
  });

  it("regression: a job note whose answer was lost shows the gateway's note once its dialog is gone (it kept the old one)", async () => {
    await runBoard(7, none, none, [jobNotes(0), wait(1000), jobNotes(1), wait(3000)], when(isPath('/note'), failing('lost-answer'), 1));
  });

  it('regression: a superseded status choice gives up its own turn only: a note saved after it still waits for a job note queued before it (the older note reached the gateway last)', async () => {
    // The opened lead's read hangs (its turn lasts to the time limit); the job note queues behind
    // it, then a status choice and its replacement, then a note. (SOAK=1 seed -1362202976, path 797.)
    await runBoard(
      8,
      none,
      none,
      [
        jobNotes(0),
        chooseStatus({
          i: 0,
          steps: [
            { status: 'ClosedWon', gapMs: 700 },
            { status: 'Selling', gapMs: 700 },
          ],
          blur: true,
        }),
        saveNotes(0),
        wait(20_000),
      ],
      when(isPath('/read'), failing('hang'), 1),
    );
  });

  it('regression: a status choice held by a challenge and then replaced is not replayed after the newer one (the gateway kept the older status)', async () => {
    // The first choice meets a 511; the pro picks another and then the saved status again (sent,
    // since the first may have landed); the check passes afterwards. (CI seed 2031248007, path 22.)
    await runBoard(
      9,
      none,
      [{ pass: true, afterMs: 2800 }],
      [
        wait(500),
        chooseStatus({
          i: 0,
          steps: [
            { status: 'ContactAndQualify', gapMs: 580 },
            { status: 'Selling', gapMs: 96 },
            { status: 'Initial', gapMs: 267 },
          ],
          blur: true,
        }),
        wait(5000),
      ],
      when(isPath('/status'), failing('challenge'), 1),
    );
  });

  it(`${RUNS} runs: nothing lost, nothing stale, no dead end`, async () => {
    // The totals are this property's (the examples above count on their own).
    Object.assign(totals, newTotals());
    const started = performance.now();
    const startedCpu = cpuMs();
    await fc.assert(
      fc.asyncProperty(fc.integer(), fc.infiniteStream(requestFateArb), fc.infiniteStream(challengeFateArb), actions, (seed, fates, challenges, commands) =>
        runBoard(seed, fates, challenges, commands),
      ),
      RUN_SETTINGS,
    );
    elapsedMs = performance.now() - started;
    elapsedCpuMs = cpuMs() - startedCpu;
    expect(totals.lost + totals.duplicated + totals.stale).toBe(0);
  }, 600_000);
});
