import { memoryBackend, type KeyValueBackend } from './key-value-backend';
import type { LeadStatus } from './lead-status';

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

/** One change the pro made, with what its field was then (status, notes) where a conflict can be told. */
export type OutboxChange =
  | { readonly kind: 'status'; readonly status: LeadStatus; readonly base: LeadStatus }
  | { readonly kind: 'notes'; readonly notes: string; readonly base: string | null }
  | { readonly kind: 'archive'; readonly archived: boolean }
  | { readonly kind: 'read'; readonly read: boolean };

export interface OutboxEntry {
  /** Its storage key: sorts in the order the changes were made. */
  readonly id: string;
  readonly spId: number;
  readonly leadId: number;
  readonly change: OutboxChange;
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

/** What of a lead on the gateway's page tells whether a queued change still applies. */
export interface ServerLeadState {
  readonly status: LeadStatus;
  readonly notes?: string | null | undefined;
  readonly isArchived: boolean;
  readonly read: boolean;
}

/**
 * What to do with a queued change, given the lead as the gateway's page has it now (undefined:
 * not on the page, nothing to compare): `done` — the gateway already holds it (drop it); `send`;
 * `conflict` — the field changed there meanwhile to something else than the pro's change, which
 * must not be overwritten silently. Read and archive flags have no conflict: the pro's choice
 * is sent unless the gateway already holds it.
 */
export function replayDecision(change: OutboxChange, server: ServerLeadState | undefined): 'send' | 'done' | 'conflict' {
  if (!server) return 'send';
  switch (change.kind) {
    case 'status':
      if (server.status === change.status) return 'done';
      return server.status === change.base ? 'send' : 'conflict';
    case 'notes': {
      const now = server.notes ?? '';
      if (now === change.notes) return 'done';
      return now === (change.base ?? '') ? 'send' : 'conflict';
    }
    case 'archive':
      return server.isArchived === change.archived ? 'done' : 'send';
    case 'read':
      return server.read === change.read ? 'done' : 'send';
  }
}

/** The gateway's value of the field a conflicting change is about, as text (a status, the notes). */
export function serverValueOf(change: OutboxChange, server: ServerLeadState): string | null {
  return change.kind === 'status' ? server.status : change.kind === 'notes' ? (server.notes ?? null) : null;
}

function asEntry(value: unknown): OutboxEntry | null {
  if (typeof value !== 'object' || value === null) return null;
  const entry = value as Partial<OutboxEntry>;
  return typeof entry.id === 'string' &&
    typeof entry.spId === 'number' &&
    typeof entry.leadId === 'number' &&
    typeof entry.idempotencyKey === 'string' &&
    typeof entry.change === 'object' &&
    entry.change !== null
    ? (entry as OutboxEntry)
    : null;
}

export interface Outbox {
  /** Gets the backend ready (its code loaded) without reading anything: a board opening asks early, so a change made offline soon after is kept on the device. */
  ready(): Promise<void>;
  /** A provider's entries, oldest first. Never rejects. */
  list(spId: number): Promise<OutboxEntry[]>;
  /** Adds a change after the provider's others; resolves with its entry once kept. Never rejects. */
  add(entry: Omit<OutboxEntry, 'id' | 'queuedAt'>): Promise<OutboxEntry>;
  /** Writes an entry again (its conflict found or cleared). Never rejects. */
  put(entry: OutboxEntry): Promise<void>;
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

/** A backend in the page's memory (no storage, or storage failing). */
export function memoryOutboxBackend(): OutboxBackend {
  return memoryBackend<OutboxEntry>();
}

export function createOutbox({ backend, now = Date.now }: OutboxOptions): Outbox {
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
        const entries = await Promise.all(keys.map(async (key) => asEntry(await current.get(key))));
        return entries.filter((entry): entry is OutboxEntry => entry !== null && entry.spId === spId);
      }).catch(() => []),
    add: async (fields) => {
      const queuedAt = now();
      // Sortable: the time, then a counter for changes made in the same millisecond.
      const id = `${providerPrefix(fields.spId)}${String(queuedAt).padStart(15, '0')}-${String(order++).padStart(6, '0')}`;
      const entry: OutboxEntry = { ...fields, id, queuedAt };
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
