import { describe, expect, it } from 'vitest';
import {
  ARRIVALS_FIRST_DELAY_MS,
  ARRIVALS_HIDDEN_MAX_DELAY_MS,
  ARRIVALS_MAX_DELAY_MS,
  arrivedIds,
  nextDelay,
  scheduleArrivals,
  seeLeads,
  watchesForArrivals,
  type CheckOutcome,
} from './arrivals.logic';

/** A fake clock and timers, and the page's state, for the schedule. */
function fakeEnv() {
  let time = 0;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 0;
  const env = {
    hidden: false,
    watchHidden: false,
    offline: false,
    detached: false,
    now: () => time,
    setTimer: (run: () => void, ms: number) => {
      const id = ++nextId;
      timers.push({ at: time + ms, run, id });
      return id;
    },
    clearTimer: (id: unknown) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
  };
  return {
    env: {
      ...env,
      hidden: () => env.hidden,
      watchHidden: () => env.watchHidden,
      offline: () => env.offline,
      detached: () => env.detached,
      now: env.now,
      setTimer: env.setTimer,
      clearTimer: env.clearTimer,
    },
    page: env,
    /** Moves the clock on, running the timers due (and what they start) in order. */
    async advance(ms: number) {
      const end = time + ms;
      for (;;) {
        const due = timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer !== due);
        time = due.at;
        due.run();
        // The check's promise settles, and the next timer is armed.
        for (let i = 0; i < 5; i++) await Promise.resolve();
      }
      time = end;
    },
    pending: () => timers.map((timer) => timer.at - time),
  };
}

/** A check that records when it ran and answers what `outcomes` says (then 'nothing'). */
function recordingCheck(clock: () => number, outcomes: CheckOutcome[] = []) {
  const times: number[] = [];
  const signals: AbortSignal[] = [];
  const check = (signal: AbortSignal) => {
    times.push(clock());
    signals.push(signal);
    return Promise.resolve(outcomes.shift() ?? 'nothing');
  };
  return { check, times, signals };
}

const S = 1000;

describe('nextDelay', () => {
  it('doubles while nothing arrives or checks fail, up to the cap, and starts over when something arrives', () => {
    expect(nextDelay(ARRIVALS_FIRST_DELAY_MS, 'nothing')).toBe(60 * S);
    expect(nextDelay(60 * S, 'failed')).toBe(120 * S);
    expect(nextDelay(240 * S, 'nothing')).toBe(ARRIVALS_MAX_DELAY_MS);
    expect(nextDelay(ARRIVALS_MAX_DELAY_MS, 'failed')).toBe(ARRIVALS_MAX_DELAY_MS);
    expect(nextDelay(ARRIVALS_MAX_DELAY_MS, 'arrived')).toBe(ARRIVALS_FIRST_DELAY_MS);
  });
});

describe('arrivedIds', () => {
  const lead = (leadId: number, createDate: string) => ({ leadId, createDate });
  const seen = seeLeads(null, [lead(1, '2025-06-10T10:00:00Z'), lead(2, '2025-06-11T10:00:00Z')]);

  it('counts leads not seen and created after the newest seen', () => {
    const fresh = [lead(9, '2025-06-11T11:00:00Z'), lead(2, '2025-06-11T10:00:00Z'), lead(1, '2025-06-10T10:00:00Z')];
    expect(arrivedIds(seen, fresh)).toEqual([9]);
  });

  it('does not count a lead older than the newest seen (restored from the archive, or moved up)', () => {
    expect(arrivedIds(seen, [lead(5, '2025-06-10T12:00:00Z'), lead(2, '2025-06-11T10:00:00Z')])).toEqual([]);
  });

  it('watches only a board sorted newest first', () => {
    expect(watchesForArrivals('NewestOldest')).toBe(true);
    expect(watchesForArrivals('OldestNewest')).toBe(false);
  });
});

describe('scheduleArrivals', () => {
  it('checks after 30 s, then backs off ×2 up to 5 min while nothing arrives, and starts over after an arrival', async () => {
    const fake = fakeEnv();
    const { check, times } = recordingCheck(fake.env.now, ['nothing', 'failed', 'nothing', 'nothing', 'nothing', 'arrived', 'nothing']);
    scheduleArrivals(fake.env, check);
    await fake.advance(29 * S);
    expect(times).toEqual([]);
    await fake.advance(1 * S);
    expect(times).toEqual([30 * S]);
    await fake.advance(30 * 60 * S);
    const gaps = times.slice(1).map((at, i) => at - (times[i] as number));
    expect(gaps.slice(0, 7)).toEqual([60 * S, 120 * S, 240 * S, 300 * S, 300 * S, 30 * S, 60 * S]);
  });

  it('makes no check while the page is hidden, and one as soon as it is shown again', async () => {
    const fake = fakeEnv();
    const { check, times } = recordingCheck(fake.env.now);
    const schedule = scheduleArrivals(fake.env, check);
    fake.page.hidden = true;
    await fake.advance(20 * 60 * S);
    expect(times).toEqual([]);
    expect(fake.pending()).toEqual([]);
    fake.page.hidden = false;
    schedule.resume();
    expect(times).toEqual([20 * 60 * S]);
    // Shown again twice: still one check.
    schedule.resume();
    expect(times).toHaveLength(1);
  });

  it('while hidden and watching (title count, notifications) goes on checking, at most a minute apart, and at its own pace once shown', async () => {
    const fake = fakeEnv();
    const { check, times } = recordingCheck(fake.env.now);
    const schedule = scheduleArrivals(fake.env, check);
    fake.page.watchHidden = true;
    // Checks at 30 s, 90 s, 210 s: the next is due 240 s later (450 s); hidden at 220 s, it comes within a minute.
    await fake.advance(220 * S);
    expect(times).toEqual([30 * S, 90 * S, 210 * S]);
    fake.page.hidden = true;
    schedule.hide();
    await fake.advance(ARRIVALS_HIDDEN_MAX_DELAY_MS);
    expect(times.at(-1)).toBe(280 * S);
    // Hidden: a minute apart, however long nothing arrives.
    await fake.advance(10 * 60 * S);
    const gaps = times
      .slice(3)
      .map((at, i, all) => (i ? at - (all[i - 1] as number) : 0))
      .slice(1);
    expect(gaps.length).toBeGreaterThanOrEqual(9);
    expect(new Set(gaps)).toEqual(new Set([ARRIVALS_HIDDEN_MAX_DELAY_MS]));
    // Shown again: the check already due comes, then the wait is the back-off's (5 min: nothing arrived).
    fake.page.hidden = false;
    const before = times.length;
    await fake.advance(ARRIVALS_HIDDEN_MAX_DELAY_MS);
    expect(times.length).toBe(before + 1);
    expect(fake.pending()).toEqual([ARRIVALS_MAX_DELAY_MS - (fake.env.now() - (times.at(-1) as number))]);
  });

  it('not watching, hide() changes nothing: no check while hidden', async () => {
    const fake = fakeEnv();
    const { check, times } = recordingCheck(fake.env.now);
    const schedule = scheduleArrivals(fake.env, check);
    fake.page.hidden = true;
    schedule.hide();
    await fake.advance(10 * 60 * S);
    expect(times).toEqual([]);
  });

  it('makes no check while offline, and one when the connection is back', async () => {
    const fake = fakeEnv();
    const { check, times } = recordingCheck(fake.env.now);
    const schedule = scheduleArrivals(fake.env, check);
    fake.page.offline = true;
    await fake.advance(5 * 60 * S);
    expect(times).toEqual([]);
    fake.page.offline = false;
    schedule.resume();
    expect(times).toEqual([5 * 60 * S]);
  });

  it('asks nothing while detached, and goes on at the same pace once attached again', async () => {
    const fake = fakeEnv();
    const { check, times } = recordingCheck(fake.env.now);
    scheduleArrivals(fake.env, check);
    fake.page.detached = true;
    await fake.advance(10 * 60 * S);
    expect(times).toEqual([]);
    fake.page.detached = false;
    await fake.advance(30 * S);
    expect(times).toEqual([10 * 60 * S + 30 * S]);
  });

  it('the pro acting brings a far check back to 30 s from now, without putting it off forever', async () => {
    const fake = fakeEnv();
    const { check, times } = recordingCheck(fake.env.now);
    const schedule = scheduleArrivals(fake.env, check);
    await fake.advance(30 * S + 60 * S + 120 * S);
    expect(times).toEqual([30 * S, 90 * S, 210 * S]);
    // The next would be 240 s later; the pro clicks 10 s in: it comes 30 s after that.
    await fake.advance(10 * S);
    schedule.nudge();
    await fake.advance(30 * S);
    expect(times.at(-1)).toBe(250 * S);
    // The wait doubles from 30 s again (next at 310 s); a click at 260 s brings it to 290 s, and
    // clicking every 10 s after that does not put it off.
    for (let i = 0; i < 3; i++) {
      await fake.advance(10 * S);
      schedule.nudge();
    }
    expect(times.at(-1)).toBe(250 * S);
    await fake.advance(10 * S);
    expect(times.at(-1)).toBe(290 * S);
  });

  it('stop aborts a check in flight and arms nothing more', async () => {
    const fake = fakeEnv();
    let signal: AbortSignal | undefined;
    const schedule = scheduleArrivals(fake.env, (given) => {
      signal = given;
      return new Promise<CheckOutcome>(() => undefined);
    });
    await fake.advance(30 * S);
    expect(signal?.aborted).toBe(false);
    schedule.stop();
    expect(signal?.aborted).toBe(true);
    expect(fake.pending()).toEqual([]);
  });
});
