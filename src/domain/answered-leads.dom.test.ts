import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANSWERED_LEADS_STORAGE_KEY, answeredLeadIds, rememberAnswered, subscribeAnswered } from './answered-leads';

const NOW = new Date('2026-11-26T12:00:00Z');
const HOUR = 3_600_000;

afterEach(() => localStorage.removeItem(ANSWERED_LEADS_STORAGE_KEY));

describe('the leads answered on this device', () => {
  it('keeps lead ids per provider in localStorage, with when — nothing else — and tells subscribers', () => {
    const heard = vi.fn();
    const stop = subscribeAnswered(heard);
    rememberAnswered(1001, 300001, NOW);
    expect(heard).toHaveBeenCalledTimes(1);
    expect([...answeredLeadIds(1001)]).toEqual([300001]);
    expect([...answeredLeadIds(1002)]).toEqual([]);
    expect(JSON.parse(localStorage.getItem(ANSWERED_LEADS_STORAGE_KEY) ?? '')).toEqual({ '1001': { '300001': NOW.getTime() } });
    // The same set until something changes (a store snapshot React can compare).
    expect(answeredLeadIds(1001)).toBe(answeredLeadIds(1001));
    rememberAnswered(1001, 300001, NOW);
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
  });

  it('drops answers older than a day as it writes, and hears another tab’s change', () => {
    rememberAnswered(1001, 1, new Date(NOW.getTime() - 25 * HOUR));
    rememberAnswered(1001, 2, NOW);
    expect([...answeredLeadIds(1001)].sort()).toEqual([2]);
    const heard = vi.fn();
    const stop = subscribeAnswered(heard);
    localStorage.setItem(ANSWERED_LEADS_STORAGE_KEY, JSON.stringify({ '1001': { '2': NOW.getTime(), '3': NOW.getTime() } }));
    window.dispatchEvent(new StorageEvent('storage', { key: ANSWERED_LEADS_STORAGE_KEY }));
    expect(heard).toHaveBeenCalledTimes(1);
    expect([...answeredLeadIds(1001)].sort()).toEqual([2, 3]);
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: ANSWERED_LEADS_STORAGE_KEY }));
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('reads foreign data as nothing answered', () => {
    localStorage.setItem(ANSWERED_LEADS_STORAGE_KEY, '[1,2,3]');
    window.dispatchEvent(new StorageEvent('storage', { key: ANSWERED_LEADS_STORAGE_KEY }));
    expect([...answeredLeadIds(1001)]).toEqual([]);
  });
});
