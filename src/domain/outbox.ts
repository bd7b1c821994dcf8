import { memoryBackend, type KeyValueBackend } from './key-value-backend';

/**
 * The board's offline outbox (docs/widgets/lead-board.md#offline-outbox): a change the pro made
 * while the device was offline — a status, 'Your Notes', archive/restore, read/unread — kept on
 * this device until the connection is back, then sent once, in the order made, each with the
 * idempotency key it was given when it was made (a send whose answer was lost and is sent again
 * is applied once). React-free.
 *
 * What is stored, per provider, under keys made of ids only
 * (`leadkit:outbox:v1:sp:<spId>:<order>`): the lead id, the change (a status, the pro's own
 * notes text, a flag), what the field was when the change was made (to find a conflict), the
 * key and the time — never a customer's name, phone or e-mail, never a token. The same backend
 * shape as drafts (IndexedDB through idb-keyval in the browser, a Map in tests); a backend that
 * is missing or throws keeps the outbox in memory for the page's life.
 */

/** What an entry keeps of a change: its kind and its values (the board's kinds: widgets/lead-board/changes/change-kinds.ts). */
export interface OutboxChange {
  readonly kind: string;
}

export interface OutboxEntry<C extends OutboxChange = OutboxChange> {
  /** Its storage key: sorts in the order the changes were made. */
  readonly id: string;
  readonly spId: number;
  readonly leadId: number;
  readonly change: C;
  /** Sent with every attempt (the gateway's Idempotency-Key). */
  readonly idempotencyKey: string;
  readonly queuedAt: number;
  /**
   * The lead changed on the gateway meanwhile (another device, a colleague): its value there. The
   * entry is not sent until the pro chooses (their change, or the gateway's).
   */
  readonly conflict?: { readonly server: string | null } | undefined;
  /** The pro chose to send their change over the gateway's (after a conflict): sent without comparing again. */
  readonly override?: true | undefined;
}

/** Where entries are kept (key-value-backend.ts), as drafts are. */
export type OutboxBackend = KeyValueBackend<OutboxEntry>;

const OUTBOX_KEY_PREFIX = 'leadkit:outbox:v1:';

const providerPrefix = (spId: number) => `${OUTBOX_KEY_PREFIX}sp:${spId}:`;

function asEntry<C extends OutboxChange>(value: unknown): OutboxEntry<C> | null {
  if (typeof value !== 'object' || value === null) return null;
  const entry = value as Partial<OutboxEntry>;
  return typeof entry.id === 'string' &&
    typeof entry.spId === 'number' &&
    typeof entry.leadId === 'number' &&
    typeof entry.idempotencyKey === 'string' &&
    typeof entry.change === 'object' &&
    entry.change !== null &&
    typeof entry.change.kind === 'string'
    ? (entry as OutboxEntry<C>)
    : null;
}

export interface Outbox<C extends OutboxChange = OutboxChange> {
  /** Gets the backend ready (its code loaded) without reading anything: a board opening asks early, so a change made offline soon after is kept on the device. */
  ready(): Promise<void>;
  /** A provider's entries, oldest first. Never rejects. */
  list(spId: number): Promise<OutboxEntry<C>[]>;
  /** Adds a change after the provider's others; resolves with its entry once kept. Never rejects. */
  add(entry: Omit<OutboxEntry<C>, 'id' | 'queuedAt'>): Promise<OutboxEntry<C>>;
  /** Writes an entry again (its conflict found or cleared). Never rejects. */
  put(entry: OutboxEntry<C>): Promise<void>;
  /** Drops an entry (sent, already done, or given up). Never rejects. */
  remove(id: string): Promise<void>;
  /** Drops every entry of every provider on this device (sign-out). Never rejects. */
  clearAll(): Promise<void>;
}

export interface OutboxOptions {
  /** The backend, or a function giving it on first use; null or a rejection: the page's memory only. */
  backend: OutboxBackend | null | (() => OutboxBackend | null | Promise<OutboxBackend | null>);
  now?: () => number;
}

/**
 * A backend in the page's memory (no storage, or storage failing).
 * @internal Exported for tests.
 */
export function memoryOutboxBackend(): OutboxBackend {
  return memoryBackend<OutboxEntry>();
}

export function createOutbox<C extends OutboxChange>({ backend, now = Date.now }: OutboxOptions): Outbox<C> {
  const memory = memoryOutboxBackend();
  let resolved: Promise<OutboxBackend> | null = null;
  const store = (): Promise<OutboxBackend> =>
    (resolved ??= Promise.resolve()
      .then(() => (typeof backend === 'function' ? backend() : backend))
      .then(
        (found) => found ?? memory,
        () => memory,
      ));
  /** Runs `use` on the backend; when it throws, on the page's memory from then on. */
  async function withStore<T>(use: (backend: OutboxBackend) => Promise<T>): Promise<T> {
    const current = await store();
    try {
      return await use(current);
    } catch {
      resolved = Promise.resolve(memory);
      return use(memory);
    }
  }
  let order = 0;
  return {
    ready: () => store().then(() => undefined),
    list: (spId) =>
      withStore(async (current) => {
        const prefix = providerPrefix(spId);
        const keys = (await current.keys()).filter((key): key is string => typeof key === 'string' && key.startsWith(prefix)).sort();
        const entries = await Promise.all(keys.map(async (key) => asEntry<C>(await current.get(key))));
        return entries.filter((entry): entry is OutboxEntry<C> => entry !== null && entry.spId === spId);
      }).catch(() => []),
    add: async (fields) => {
      const queuedAt = now();
      // Sortable: the time, then a counter for changes made in the same millisecond.
      const id = `${providerPrefix(fields.spId)}${String(queuedAt).padStart(15, '0')}-${String(order++).padStart(6, '0')}`;
      const entry: OutboxEntry<C> = { ...fields, id, queuedAt };
      await withStore((current) => current.set(id, entry)).catch(() => undefined);
      return entry;
    },
    put: (entry) => withStore((current) => current.set(entry.id, entry)).catch(() => undefined),
    remove: (id) => withStore((current) => current.del(id)).catch(() => undefined),
    clearAll: () =>
      withStore(async (current) => {
        const keys = (await current.keys()).filter((key): key is string => typeof key === 'string' && key.startsWith(OUTBOX_KEY_PREFIX));
        await Promise.all(keys.map((key) => current.del(key)));
      }).catch(() => undefined),
  };
}
