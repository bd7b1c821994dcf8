import { differenceInCalendarDays } from 'date-fns';
import { describe, expect, it, vi } from 'vitest';
import { LEAD_SOURCES } from '../../../src/domain/lead-source';
import { LEAD_STATUSES } from '../../../src/domain/lead-status';
import { buildSeed } from './seed';
import { MAIN_PROVIDER_LEAD_COUNT, SANDBOX_LEADS } from './index';
import { SandboxStore } from './store';
import { NOW } from './test-helpers';

describe('seed', () => {
  it('is deterministic per seed and never uses Math.random', () => {
    const random = vi.spyOn(Math, 'random');
    const a = buildSeed(7, NOW);
    const b = buildSeed(7, NOW);
    expect(random).not.toHaveBeenCalled();
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(buildSeed(8, NOW))).not.toBe(JSON.stringify(a));
  });

  it('keeps the named leads whatever the seed', () => {
    for (const seed of [1, 2, 3]) {
      const store = new SandboxStore(buildSeed(seed, NOW));
      expect(store.lead(SANDBOX_LEADS.newest)?.memberId).toBe(5001);
      expect(store.lead(SANDBOX_LEADS.closedWon)?.assignments[0]?.status).toBe('ClosedWon');
      expect(store.providerLeads(1001)).toHaveLength(MAIN_PROVIDER_LEAD_COUNT);
    }
  });

  it('gives the main provider 60+ leads over every status, source and date bucket', () => {
    const store = new SandboxStore(buildSeed(20240601, NOW));
    const rows = store.providerLeads(1001);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(new Set(rows.map((r) => r.assignment.status))).toEqual(new Set(LEAD_STATUSES));
    expect(new Set(rows.map((r) => r.lead.source))).toEqual(new Set(LEAD_SOURCES));
    const ages = rows.map((r) => differenceInCalendarDays(NOW, new Date(r.lead.createDate)));
    expect(ages.filter((d) => d === 0).length).toBeGreaterThanOrEqual(2);
    expect(ages.filter((d) => d >= 1 && d < 7).length).toBeGreaterThanOrEqual(5);
    expect(ages.filter((d) => d >= 7 && d <= 30).length).toBeGreaterThanOrEqual(5);
    expect(ages.filter((d) => d > 30).length).toBeGreaterThanOrEqual(10);
    expect(new Set(rows.map((r) => r.lead.categoryId)).size).toBeGreaterThanOrEqual(10);
    expect(rows.some((r) => r.assignment.archived)).toBe(true);
    expect(rows.some((r) => r.assignment.maskedPhone)).toBe(true);
    expect(rows.some((r) => r.lead.contact.phoneNumber === null)).toBe(true);
    expect(rows.some((r) => r.lead.contact.firstName === null)).toBe(true);
    expect(rows.some((r) => r.assignment.notes)).toBe(true);
    expect(rows.some((r) => r.lead.questions.length > 4)).toBe(true);
    expect(rows.some((r) => r.lead.questions.length < 4)).toBe(true);
    expect(rows.some((r) => store.thread(1001, r.lead.memberId)?.unreadForProvider)).toBe(true);
    // No lead is dated in the future.
    expect(rows.every((r) => Date.parse(r.lead.createDate) <= NOW.getTime())).toBe(true);
  });

  it('has a taxonomy with the root group 1, Generic -1, parents that exist and icon groups', () => {
    const { taxonomy } = buildSeed(1, NOW);
    expect(taxonomy.length).toBeGreaterThanOrEqual(60);
    expect(taxonomy.find((row) => row.id === -1)?.name).toBe('Generic');
    const ids = new Set(taxonomy.map((row) => row.id));
    expect(ids.size).toBe(taxonomy.length);
    expect(taxonomy.every((row) => row.parentId === null || ids.has(row.parentId))).toBe(true);
    expect(new Set(taxonomy.map((row) => row.iconGroup))).toEqual(new Set(['generic', 'home', 'auto', 'health', 'pets', 'events']));
  });

  it('has AL and HA providers, one with the inbox enabled', () => {
    const { providers } = buildSeed(1, NOW);
    expect(providers.find((p) => p.id === 1001)).toMatchObject({ name: 'Acme Plumbing & Heating', postalCode: '80202', type: 'AL' });
    expect(providers.some((p) => p.type === 'HA')).toBe(true);
    expect(providers.filter((p) => p.inboxEnabled).map((p) => p.id)).toEqual([1003]);
  });
});
