import type { MessageKey } from '../../../i18n/en-US';
import type { MessageParams } from '../../../i18n/core/translate';

/** What a bulk action does to each selected lead. */
export type BulkAction = 'archive' | 'restore' | 'read' | 'unread';

/** The gateway has no bulk call: one call per lead, this many at a time. */
export const BULK_CONCURRENCY = 4;

/**
 * Runs tasks at most `limit` at a time, in the order they were given; each task's promise
 * settles as the task does. (Pure: no timers, no DOM.)
 */
export function createLimiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  const startNext = () => {
    if (active >= limit) return;
    const start = waiting.shift();
    if (!start) return;
    active++;
    start();
  };
  return <T>(task: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      waiting.push(() => {
        new Promise<T>((run) => run(task())).then(resolve, reject).finally(() => {
          active--;
          startNext();
        });
      });
      startNext();
    });
}

/** The selected leads among `leads` (the page's), in page order. */
export function selectedOnPage<T extends { leadId: number }>(ids: ReadonlySet<number>, leads: readonly T[]): T[] {
  return ids.size ? leads.filter((lead) => ids.has(lead.leadId)) : [];
}

/** The 'Select all on this page' checkbox: none, some (mixed) or all of the page's leads selected. */
export type PageSelection = 'none' | 'some' | 'all';

export function pageSelection(selectedOnPage: number, onPage: number): PageSelection {
  if (selectedOnPage === 0) return 'none';
  return selectedOnPage >= onPage ? 'all' : 'some';
}

/** How a bulk action went, said once for all of its leads. */
export interface BulkSummary {
  readonly key: MessageKey;
  readonly params: MessageParams;
  /** Some lead's change failed: said as an alert, not a polite status. */
  readonly failed: boolean;
}

/**
 * The one message of a bulk action over `total` leads of which `failed` failed. en-US texts take
 * no plural argument (test/locale-catalogues.test.ts: an en-US first load carries no plural
 * code), so the count picks the key where English needs it: 'doneOne' / 'failedOne' for a single
 * lead; 'partial' always has at least two leads ("2 of 3 leads archived. 1 couldn't be…").
 */
export function bulkSummary(action: BulkAction, total: number, failed: number): BulkSummary {
  const done = total - failed;
  const prefix = `bulk.result.${action}` as const;
  if (failed === 0) return { key: total === 1 ? `${prefix}.doneOne` : `${prefix}.done`, params: { count: total }, failed: false };
  if (done === 0) return { key: total === 1 ? `${prefix}.failedOne` : `${prefix}.failed`, params: { total }, failed: true };
  return { key: `${prefix}.partial`, params: { done, total, failed }, failed: true };
}
