import { describe, expect, it } from 'vitest';
import { createOutbox, memoryOutboxBackend, replayDecision, serverValueOf, type OutboxBackend } from './outbox';

const lead = { status: 'Initial', notes: 'Call after 5', isArchived: false, read: false } as const;

describe('the outbox: kept per provider, in the order made', () => {
  it('lists a provider’s entries oldest first, even made in the same millisecond; another provider’s are not among them', async () => {
    const outbox = createOutbox({ backend: memoryOutboxBackend(), now: () => 1_700_000_000_000 });
    const first = await outbox.add({ spId: 1001, leadId: 3, change: { kind: 'read', read: true }, idempotencyKey: 'k1' });
    await outbox.add({ spId: 1002, leadId: 9, change: { kind: 'read', read: true }, idempotencyKey: 'k2' });
    const third = await outbox.add({ spId: 1001, leadId: 1, change: { kind: 'status', status: 'Selling', base: 'Initial' }, idempotencyKey: 'k3' });
    expect((await outbox.list(1001)).map((entry) => entry.idempotencyKey)).toEqual(['k1', 'k3']);
    expect(first.id < third.id).toBe(true);
    await outbox.remove(first.id);
    expect((await outbox.list(1001)).map((entry) => entry.leadId)).toEqual([1]);
    await outbox.clearAll();
    expect(await outbox.list(1001)).toEqual([]);
    expect(await outbox.list(1002)).toEqual([]);
  });

  it('keeps entries across outboxes over the same backend (a reload), and in memory when the backend fails', async () => {
    const backend = memoryOutboxBackend();
    await createOutbox({ backend }).add({ spId: 1001, leadId: 7, change: { kind: 'archive', archived: true }, idempotencyKey: 'a' });
    expect((await createOutbox({ backend: () => backend }).list(1001)).map((entry) => entry.change)).toEqual([{ kind: 'archive', archived: true }]);

    const failing: OutboxBackend = {
      get: () => Promise.reject(new Error('quota')),
      set: () => Promise.reject(new Error('quota')),
      del: () => Promise.reject(new Error('quota')),
      keys: () => Promise.reject(new Error('quota')),
    };
    const outbox = createOutbox({ backend: failing });
    await outbox.add({ spId: 1001, leadId: 7, change: { kind: 'read', read: false }, idempotencyKey: 'b' });
    expect((await outbox.list(1001)).map((entry) => entry.idempotencyKey)).toEqual(['b']);
  });

  it('ignores what is not an entry under its keys (another shape, a foreign write)', async () => {
    const backend = memoryOutboxBackend();
    await backend.set('leadkit:outbox:v1:sp:1001:000', { nonsense: true } as never);
    expect(await createOutbox({ backend }).list(1001)).toEqual([]);
  });
});

describe('replayDecision: send, already done, or a conflict the pro decides', () => {
  it('a status: sent while the gateway still has the status it had; done when it has the new one; a conflict when it has a third', () => {
    const change = { kind: 'status', status: 'Selling', base: 'Initial' } as const;
    expect(replayDecision(change, lead)).toBe('send');
    expect(replayDecision(change, { ...lead, status: 'Selling' })).toBe('done');
    expect(replayDecision(change, { ...lead, status: 'ClosedWon' })).toBe('conflict');
    expect(serverValueOf(change, { ...lead, status: 'ClosedWon' })).toBe('ClosedWon');
    // Not on the gateway's page: nothing to compare, sent.
    expect(replayDecision(change, undefined)).toBe('send');
  });

  it('notes: the same rule on the text (no notes is the empty text)', () => {
    expect(replayDecision({ kind: 'notes', notes: 'Bring the ladder', base: 'Call after 5' }, lead)).toBe('send');
    expect(replayDecision({ kind: 'notes', notes: 'Call after 5', base: null }, lead)).toBe('done');
    expect(replayDecision({ kind: 'notes', notes: 'Bring the ladder', base: null }, lead)).toBe('conflict');
    expect(replayDecision({ kind: 'notes', notes: 'x', base: null }, { ...lead, notes: null })).toBe('send');
  });

  it('read and archive flags: sent unless the gateway already holds them (no conflict)', () => {
    expect(replayDecision({ kind: 'read', read: true }, lead)).toBe('send');
    expect(replayDecision({ kind: 'read', read: false }, lead)).toBe('done');
    expect(replayDecision({ kind: 'archive', archived: true }, lead)).toBe('send');
    expect(replayDecision({ kind: 'archive', archived: false }, lead)).toBe('done');
  });
});
