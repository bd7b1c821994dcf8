import { describe, expect, it } from 'vitest';
import { createOutbox, memoryOutboxBackend, type OutboxBackend } from './outbox';

/** The outbox keeps any change with a kind (the board's: widgets/lead-board/changes/change-kinds.ts). */
type Change = { kind: 'read'; read: boolean } | { kind: 'status'; status: string; base: string } | { kind: 'archive'; archived: boolean };

describe('the outbox: kept per provider, in the order made', () => {
  it('lists a provider’s entries oldest first, even made in the same millisecond; another provider’s are not among them', async () => {
    const outbox = createOutbox<Change>({ backend: memoryOutboxBackend(), now: () => 1_700_000_000_000 });
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
    await createOutbox<Change>({ backend }).add({ spId: 1001, leadId: 7, change: { kind: 'archive', archived: true }, idempotencyKey: 'a' });
    expect((await createOutbox<Change>({ backend: () => backend }).list(1001)).map((entry) => entry.change)).toEqual([{ kind: 'archive', archived: true }]);

    const failing: OutboxBackend = {
      get: () => Promise.reject(new Error('quota')),
      set: () => Promise.reject(new Error('quota')),
      del: () => Promise.reject(new Error('quota')),
      keys: () => Promise.reject(new Error('quota')),
    };
    const outbox = createOutbox<Change>({ backend: failing });
    await outbox.add({ spId: 1001, leadId: 7, change: { kind: 'read', read: false }, idempotencyKey: 'b' });
    expect((await outbox.list(1001)).map((entry) => entry.idempotencyKey)).toEqual(['b']);
  });

  it('ignores what is not an entry under its keys (another shape, a foreign write)', async () => {
    const backend = memoryOutboxBackend();
    await backend.set('leadkit:outbox:v1:sp:1001:000', { nonsense: true } as never);
    expect(await createOutbox<Change>({ backend }).list(1001)).toEqual([]);
  });
});
