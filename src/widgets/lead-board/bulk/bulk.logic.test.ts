import { describe, expect, it } from 'vitest';
import { enUS } from '../../../i18n/en-US';
import { interpolate } from '../../../i18n/core/translate';
import { NO_SELECTION, toggleSelection, type Selection } from '../view/selection.logic';
import { bulkSummary, createLimiter, pageSelection, selectedOnPage, type BulkAction } from './bulk.logic';

const PAGE = [11, 12, 13, 14, 15, 16];
const ids = (selection: Selection) => [...selection.ids].sort((a, b) => a - b);

describe('selecting leads', () => {
  it('a plain toggle selects or unselects one lead and makes it the anchor', () => {
    const one = toggleSelection(NO_SELECTION, 12, true, null);
    expect(ids(one)).toEqual([12]);
    expect(one.anchor).toBe(12);
    const two = toggleSelection(one, 14, true, null);
    expect(ids(two)).toEqual([12, 14]);
    expect(ids(toggleSelection(two, 12, false, null))).toEqual([14]);
  });

  it('a shift toggle gives the whole range from the anchor, in either direction, the state of the toggled box', () => {
    const anchored = toggleSelection(NO_SELECTION, 12, true, null);
    const down = toggleSelection(anchored, 15, true, PAGE);
    expect(ids(down)).toEqual([12, 13, 14, 15]);
    expect(down.anchor).toBe(15);
    // Back up from 15 to 13, unchecking: 13–15 go, 12 stays.
    expect(ids(toggleSelection(down, 13, false, PAGE))).toEqual([12]);
    // Upwards from an anchor below.
    expect(ids(toggleSelection(toggleSelection(NO_SELECTION, 16, true, null), 14, true, PAGE))).toEqual([14, 15, 16]);
  });

  it('a shift toggle without an anchor on the page is a plain toggle', () => {
    expect(ids(toggleSelection(NO_SELECTION, 13, true, PAGE))).toEqual([13]);
    const elsewhere: Selection = { ids: new Set([99]), anchor: 99 };
    expect(ids(toggleSelection(elsewhere, 13, true, PAGE))).toEqual([13, 99]);
  });

  it('keeps leads selected that are off the page (an archive in flight) — the page shows only its own', () => {
    const selection: Selection = { ids: new Set([12, 99]), anchor: 12 };
    const leads = PAGE.map((leadId) => ({ leadId }));
    expect(selectedOnPage(selection.ids, leads)).toEqual([{ leadId: 12 }]);
    expect(selectedOnPage(new Set(), leads)).toEqual([]);
  });

  it("'Select all on this page' is none, some (mixed) or all", () => {
    expect(pageSelection(0, 10)).toBe('none');
    expect(pageSelection(3, 10)).toBe('some');
    expect(pageSelection(10, 10)).toBe('all');
  });
});

describe('the summary of a bulk action: one message for all of its leads', () => {
  const say = (action: BulkAction, total: number, failed: number) => {
    const summary = bulkSummary(action, total, failed);
    return { text: interpolate(enUS[summary.key], summary.params), failed: summary.failed };
  };

  it('says how many changed when all did (politely), with English number agreement', () => {
    expect(say('archive', 3, 0)).toEqual({ text: '3 leads archived', failed: false });
    expect(say('archive', 1, 0)).toEqual({ text: '1 lead archived', failed: false });
    expect(say('restore', 2, 0).text).toBe('2 leads moved to Active Leads');
    expect(say('read', 4, 0).text).toBe('4 leads marked as read');
    expect(say('unread', 1, 0).text).toBe('1 lead marked as unread');
  });

  it('says what changed and what did not on a partial failure (an alert)', () => {
    expect(say('archive', 3, 1)).toEqual({ text: "2 of 3 leads archived. 1 couldn't be archived. Try again.", failed: true });
    expect(say('archive', 5, 4).text).toBe("1 of 5 leads archived. 4 couldn't be archived. Try again.");
    expect(say('unread', 2, 1).text).toBe("1 of 2 leads marked as unread. 1 couldn't be marked. Try again.");
  });

  it('says nothing changed when every call failed', () => {
    expect(say('archive', 3, 3)).toEqual({ text: 'None of the 3 leads could be archived. Try again.', failed: true });
    expect(say('restore', 1, 1)).toEqual({ text: "The lead couldn't be moved to Active Leads. Try again.", failed: true });
  });
});

describe('bounded concurrency', () => {
  it('runs at most `limit` tasks at a time, in order, and settles each as its task does', async () => {
    const limit = createLimiter(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const gates = new Map<number, () => void>();
    const task = (n: number) => () => {
      started.push(n);
      running++;
      most = Math.max(most, running);
      return new Promise<number>((resolve, reject) =>
        gates.set(n, () => {
          running--;
          if (n === 3) reject(new Error('three'));
          else resolve(n * 10);
        }),
      );
    };
    const results = [1, 2, 3, 4, 5].map((n) =>
      limit(task(n)).then(
        (value) => ({ value }),
        (error: Error) => ({ error: error.message }),
      ),
    );
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    gates.get(2)!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual([1, 2, 3]);
    for (const n of [1, 3, 4, 5]) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      gates.get(n)!();
    }
    expect(await Promise.all(results)).toEqual([{ value: 10 }, { value: 20 }, { error: 'three' }, { value: 40 }, { value: 50 }]);
    expect(most).toBe(2);
  });

  it('a task that throws at once fails alone and frees its slot', async () => {
    const limit = createLimiter(1);
    const failed = limit(() => {
      throw new Error('at once');
    });
    await expect(failed).rejects.toThrow('at once');
    await expect(limit(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});
