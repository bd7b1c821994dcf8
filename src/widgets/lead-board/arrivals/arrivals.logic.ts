import type { SortOption } from '../../../domain/sort';

/**
 * Watching for new leads while the board is open: which leads are new, and when to look again.
 * React-, DOM- and gateway-free; the board gives it its timers, its clock and what it knows of the
 * page (hidden, offline, detached). docs/widgets/lead-board.md#new-leads.
 */

/**
 * The first wait, and the wait again after something arrived or the pro acted.
 * @internal Exported for tests.
 */
export const ARRIVALS_FIRST_DELAY_MS = 30_000;
/**
 * The longest wait: doubling stops here.
 * @internal Exported for tests.
 */
export const ARRIVALS_MAX_DELAY_MS = 5 * 60_000;

/**
 * The longest wait while the page is hidden and the board watches for the pro there (the title
 * count, new-lead notifications): a new lead reaches a pro in another tab or app within a minute.
 * @internal Exported for tests.
 */
export const ARRIVALS_HIDDEN_MAX_DELAY_MS = 60_000;

/** How a check ended: new leads found, none, or it failed (network, server). */
export type CheckOutcome = 'arrived' | 'nothing' | 'failed';

/**
 * The wait after a check: back to the first after an arrival, else twice the last (up to the cap).
 * @internal Exported for tests.
 */
export function nextDelay(previous: number, outcome: CheckOutcome): number {
  if (outcome === 'arrived') return ARRIVALS_FIRST_DELAY_MS;
  return Math.min(ARRIVALS_MAX_DELAY_MS, Math.max(ARRIVALS_FIRST_DELAY_MS, previous * 2));
}

/**
 * Only a board sorted newest first watches: there a new lead lands on the first page, on top.
 * Sorted otherwise a new lead lands anywhere (or on the last page), and 'N new leads' could not
 * show it at the top; that board does not ask at all.
 */
export function watchesForArrivals(sort: SortOption): boolean {
  return sort === 'NewestOldest';
}

interface DatedLead {
  readonly leadId: number;
  readonly createDate: string;
}

/** What the board has seen for its current filters: the leads' ids and the newest creation time. */
export interface Seen {
  readonly ids: ReadonlySet<number>;
  readonly newest: number;
}

export function seeLeads(seen: Seen | null, leads: readonly DatedLead[]): Seen {
  const ids = new Set(seen?.ids);
  let newest = seen?.newest ?? Number.NEGATIVE_INFINITY;
  for (const lead of leads) {
    ids.add(lead.leadId);
    const created = Date.parse(lead.createDate);
    if (created > newest) newest = created;
  }
  return { ids, newest };
}

/**
 * The new leads of a fresh first page: not seen, and created after the newest seen — a lead
 * restored from the archive, or one that moved up, is old news even when the board never showed it.
 */
export function arrivedIds(seen: Seen, fresh: readonly DatedLead[]): number[] {
  return fresh.filter((lead) => !seen.ids.has(lead.leadId) && Date.parse(lead.createDate) > seen.newest).map((lead) => lead.leadId);
}

/** What the schedule needs of its surroundings (the board gives the real ones; tests a fake clock). */
export interface ArrivalsEnv {
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** The page is hidden (another tab or app): no check until it is shown again, unless the board watches hidden. */
  hidden(): boolean;
  /**
   * The board watches for the pro while the page is hidden (the title count, notifications): the
   * checks go on, at most ARRIVALS_HIDDEN_MAX_DELAY_MS apart.
   */
  watchHidden?(): boolean;
  /** No connection: no check until it is back. */
  offline(): boolean;
  /** The board is out of the document: it asks nothing. */
  detached(): boolean;
}

export interface ArrivalsSchedule {
  /** The pro did something on the board: the wait is the first one again (a pending check comes no later). */
  nudge(): void;
  /**
   * The page was shown again, the connection came back or the board started watching hidden: a
   * check skipped meanwhile happens now, once.
   */
  resume(): void;
  /** The page went out of sight: while the board watches hidden, a check due later than ARRIVALS_HIDDEN_MAX_DELAY_MS comes then. */
  hide(): void;
  /** No more checks; one in flight is aborted. */
  stop(): void;
}

/**
 * Checks now and then: first after ARRIVALS_FIRST_DELAY_MS, then after `nextDelay`. A check due
 * while the page is hidden (and the board does not watch hidden) or offline is skipped and made
 * once on `resume`; while hidden and watching, checks go on, the wait capped at
 * ARRIVALS_HIDDEN_MAX_DELAY_MS. One due while the board is detached is not made (the next comes
 * after the same wait). One check at a time.
 */
export function scheduleArrivals(env: ArrivalsEnv, check: (signal: AbortSignal) => Promise<CheckOutcome>): ArrivalsSchedule {
  let delay = ARRIVALS_FIRST_DELAY_MS;
  let timer: unknown = null;
  let dueAt = 0;
  let waiting = false;
  let stopped = false;
  let inFlight: AbortController | null = null;

  const watchingHidden = () => env.hidden() && env.watchHidden?.() === true;
  const arm = (ms: number) => {
    if (timer !== null) env.clearTimer(timer);
    dueAt = env.now() + ms;
    timer = env.setTimer(fire, ms);
  };

  function fire() {
    timer = null;
    if (stopped || inFlight) return;
    if (env.detached()) return arm(delay);
    if ((env.hidden() && !watchingHidden()) || env.offline()) {
      waiting = true;
      return;
    }
    const controller = new AbortController();
    inFlight = controller;
    void check(controller.signal)
      .catch((): CheckOutcome => 'failed')
      .then((outcome) => {
        if (inFlight !== controller) return;
        inFlight = null;
        if (stopped || controller.signal.aborted) return;
        delay = nextDelay(delay, outcome);
        arm(watchingHidden() ? Math.min(delay, ARRIVALS_HIDDEN_MAX_DELAY_MS) : delay);
      });
  }

  arm(delay);
  return {
    nudge() {
      if (stopped) return;
      delay = ARRIVALS_FIRST_DELAY_MS;
      if (timer !== null && dueAt - env.now() > delay) arm(delay);
    },
    resume() {
      if (stopped || !waiting) return;
      waiting = false;
      fire();
    },
    hide() {
      if (!stopped && timer !== null && watchingHidden() && dueAt - env.now() > ARRIVALS_HIDDEN_MAX_DELAY_MS) arm(ARRIVALS_HIDDEN_MAX_DELAY_MS);
    },
    stop() {
      stopped = true;
      if (timer !== null) env.clearTimer(timer);
      timer = null;
      inFlight?.abort();
      inFlight = null;
    },
  };
}
