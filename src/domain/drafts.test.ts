import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDraftStore, DRAFT_MAX_AGE_MS, DRAFT_WRITE_DELAY_MS, memoryDraftBackend, type DraftBackend } from './drafts';
import { FUNNEL_REQUEST_MAX_AGE_MS, funnelRequestDraftKey, leadNotesDraftKey, threadDraftKey } from './draft-keys';

const KEY = 'leadkit:draft:v1:sp:1001:thread:42';

describe('draft keys', () => {
  it('are made of ids only, per provider', () => {
    expect(threadDraftKey(1001, 42)).toBe('leadkit:draft:v1:sp:1001:thread:42');
    expect(leadNotesDraftKey(1001, 7)).toBe('leadkit:draft:v1:sp:1001:lead:7');
    expect(threadDraftKey(1002, 42)).not.toBe(threadDraftKey(1001, 42));
  });

  it('name a funnel’s request by its element’s id (no customer data in the key)', () => {
    expect(funnelRequestDraftKey('default')).toBe('leadkit:draft:v1:raq-funnel:default');
    expect(funnelRequestDraftKey('quote:2')).toBe('leadkit:draft:v1:raq-funnel:quote%3A2');
  });

  it('are null for ids that are not ids', () => {
    expect(threadDraftKey(Number.NaN, 42)).toBeNull();
    expect(leadNotesDraftKey(1001, -1)).toBeNull();
    expect(leadNotesDraftKey(1.5, 7)).toBeNull();
  });
});

describe('draft store', () => {
  let clock = 1_000_000;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000_000;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the latest text once typing pauses, with the time it was saved', async () => {
    const backend = memoryDraftBackend();
    const store = createDraftStore({ backend, now });
    store.stage(KEY, 'Hel');
    store.stage(KEY, 'Hello');
    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS - 1);
    expect(backend.entries.has(KEY)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(backend.entries.get(KEY)).toEqual({ text: 'Hello', savedAt: 1_000_000 });
  });

  it('writes at once on flush (the page is closing)', async () => {
    const backend = memoryDraftBackend();
    const store = createDraftStore({ backend, now });
    store.stage(KEY, 'last keystrokes');
    await store.flush();
    expect(backend.entries.get(KEY)).toEqual({ text: 'last keystrokes', savedAt: 1_000_000 });
  });

  it('reads a kept draft back, in a new store (a reload)', async () => {
    const backend = memoryDraftBackend();
    const first = createDraftStore({ backend, now });
    first.stage(KEY, 'See you Thursday');
    await first.flush();
    expect(await createDraftStore({ backend, now }).read(KEY)).toBe('See you Thursday');
  });

  it('reads a text staged but not yet written', async () => {
    const store = createDraftStore({ backend: memoryDraftBackend(), now });
    store.stage(KEY, 'typed');
    expect(await store.read(KEY)).toBe('typed');
  });

  it('deletes the draft when the text is blanked, and on clear', async () => {
    const backend = memoryDraftBackend();
    const store = createDraftStore({ backend, now });
    store.stage(KEY, 'text');
    await store.flush();
    store.stage(KEY, '   ');
    await store.flush();
    expect(backend.entries.has(KEY)).toBe(false);

    store.stage(KEY, 'again');
    await store.flush();
    await store.clear(KEY);
    expect(backend.entries.has(KEY)).toBe(false);
    expect(await store.read(KEY)).toBeNull();
  });

  it('drops a staged write when cleared before it lands', async () => {
    const backend = memoryDraftBackend();
    const store = createDraftStore({ backend, now });
    store.stage(KEY, 'sent already');
    await store.clear(KEY);
    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS);
    expect(backend.entries.has(KEY)).toBe(false);
  });

  it('drops a draft older than 30 days when it is read', async () => {
    const backend = memoryDraftBackend([[KEY, { text: 'old', savedAt: clock - DRAFT_MAX_AGE_MS - 1 }]]);
    const store = createDraftStore({ backend, now });
    expect(await store.read(KEY)).toBeNull();
    await store.flush();
    expect(backend.entries.has(KEY)).toBe(false);
  });

  it('keeps a funnel’s request (the customer’s contact details in it) 7 days, not 30: dropped when read, and by the sweep', async () => {
    const request = funnelRequestDraftKey('default');
    const other = funnelRequestDraftKey('quote');
    const backend = memoryDraftBackend([
      [request, { text: '{"version":1}', savedAt: clock - FUNNEL_REQUEST_MAX_AGE_MS + 1000 }],
      [other, { text: '{"version":1}', savedAt: clock - FUNNEL_REQUEST_MAX_AGE_MS - 1 }],
      [KEY, { text: 'a pro’s draft of 8 days', savedAt: clock - FUNNEL_REQUEST_MAX_AGE_MS - 1 }],
    ]);
    const store = createDraftStore({ backend, now });
    expect(await store.read(request)).toBe('{"version":1}');
    await store.flush();
    expect([...backend.entries.keys()].sort()).toEqual([request, KEY].sort());
    clock += 2000;
    expect(await store.read(request)).toBeNull();
    await store.flush();
    expect(backend.entries.has(request)).toBe(false);
    expect(await store.read(KEY)).toBe('a pro’s draft of 8 days');
  });

  it('sweeps expired and malformed leadkit drafts once, and leaves other keys alone', async () => {
    const other = 'leadkit:draft:v1:sp:1001:lead:9';
    const backend = memoryDraftBackend([
      [KEY, { text: 'fresh', savedAt: clock - 1000 }],
      [other, { text: 'stale', savedAt: clock - DRAFT_MAX_AGE_MS - 1 }],
    ]);
    backend.entries.set('leadkit:draft:v1:sp:1001:lead:10', 'not a draft');
    backend.entries.set('someone-else', { text: 'x', savedAt: 0 });
    const store = createDraftStore({ backend, now });
    expect(await store.read(KEY)).toBe('fresh');
    await store.flush();
    expect([...backend.entries.keys()].sort()).toEqual([KEY, 'someone-else']);
  });

  it('clears every leadkit draft (a sign-out)', async () => {
    const backend = memoryDraftBackend([
      [KEY, { text: 'a', savedAt: clock }],
      ['leadkit:draft:v1:sp:1002:lead:1', { text: 'b', savedAt: clock }],
    ]);
    backend.entries.set('someone-else', 1);
    const store = createDraftStore({ backend, now });
    store.stage(KEY, 'pending');
    await store.clearAll();
    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_DELAY_MS);
    expect([...backend.entries.keys()]).toEqual(['someone-else']);
  });

  it('is a quiet no-op without storage or when storage throws', async () => {
    const none = createDraftStore({ backend: null, now });
    none.stage(KEY, 'x');
    await none.flush();
    expect(await none.read(KEY)).toBeNull();

    const broken: DraftBackend = {
      get: () => Promise.reject(new Error('SecurityError')),
      set: () => Promise.reject(new Error('QuotaExceededError')),
      del: () => Promise.reject(new Error('InvalidStateError')),
      keys: () => Promise.reject(new Error('InvalidStateError')),
    };
    const failing = createDraftStore({ backend: broken, now });
    failing.stage(KEY, 'x');
    await expect(failing.flush()).resolves.toBeUndefined();
    await expect(failing.read(KEY)).resolves.toBeNull();
    await expect(failing.clear(KEY)).resolves.toBeUndefined();

    const throwing = createDraftStore({
      backend: () => {
        throw new Error('no IndexedDB');
      },
      now,
    });
    await expect(throwing.read(KEY)).resolves.toBeNull();
  });

  it('keeps writes in order: a clear after a write lands last', async () => {
    const backend = memoryDraftBackend();
    let started: (release: () => void) => void = () => {};
    const writing = new Promise<() => void>((resolve) => (started = resolve));
    const slow: DraftBackend = {
      ...backend,
      set: (key, value) =>
        new Promise<void>((resolve) =>
          started(() => {
            backend.entries.set(key, value);
            resolve();
          }),
        ),
    };
    const store = createDraftStore({ backend: slow, now });
    store.stage(KEY, 'hello');
    void store.flush();
    const cleared = store.clear(KEY);
    // The write is under way (held); the clear waits for it, then lands.
    (await writing)();
    await cleared;
    expect(backend.entries.has(KEY)).toBe(false);
  });
});
