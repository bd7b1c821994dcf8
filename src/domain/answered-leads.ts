import { FRESH_LEAD_MS } from './lead-age';
import { localStore } from './local-store';

/**
 * The leads a pro answered on this device — a message sent from the thread, the contact shown
 * on the board — which the gateway does not say (a lead's status is the pro's to set): the
 * board's "respond first" cue ends for them (lead-age.ts). React-free.
 *
 * Kept in localStorage under one key, per provider, as lead ids and when they were answered —
 * no names, no text, no token — for `FRESH_LEAD_MS` (the cue ends by itself then). Another tab
 * hears of a change through the `storage` event. Without storage (private mode, a sandboxed
 * frame), the page's own memory keeps them for its life.
 * @internal Exported for tests.
 */
export const ANSWERED_LEADS_STORAGE_KEY = 'leadkit:answered:v1';

type Answered = Record<string, Record<string, number>>;

const listeners = new Set<() => void>();
let memory: Answered = {};
/** Each provider's set, made again only when the record changed. */
const snapshots = new Map<number, { raw: string; ids: ReadonlySet<number> }>();

/** What is kept, as written: storage's record, or without storage the page's own. */
function rawRecord(): string {
  const store = localStore();
  if (!store) return JSON.stringify(memory);
  try {
    return store.getItem(ANSWERED_LEADS_STORAGE_KEY) ?? '{}';
  } catch {
    return '{}';
  }
}

function parse(raw: string): Answered {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Answered;
  } catch {
    // Unreadable: as nothing kept.
  }
  return {};
}

const read = (): Answered => parse(rawRecord());

function changed(): void {
  for (const listener of [...listeners]) listener();
}

/** The leads answered on this device for this provider (the same set while the record is the same). */
export function answeredLeadIds(spId: number | null): ReadonlySet<number> {
  if (spId === null) return EMPTY;
  const raw = rawRecord();
  const known = snapshots.get(spId);
  if (known && known.raw === raw) return known.ids;
  const ids = new Set(
    Object.keys(parse(raw)[String(spId)] ?? {})
      .map(Number)
      .filter(Number.isSafeInteger),
  );
  snapshots.set(spId, { raw, ids });
  return ids;
}
const EMPTY: ReadonlySet<number> = new Set();

/** Remembers that the pro answered this lead now; answers older than `FRESH_LEAD_MS` are dropped. */
export function rememberAnswered(spId: number, leadId: number, now: Date): void {
  const all = read();
  const at = now.getTime();
  const mine = Object.fromEntries(Object.entries(all[String(spId)] ?? {}).filter(([, when]) => typeof when === 'number' && at - when < FRESH_LEAD_MS));
  if (mine[String(leadId)] !== undefined) return;
  mine[String(leadId)] = at;
  const next = { ...all, [String(spId)]: mine };
  try {
    const store = localStore();
    if (!store) throw new Error('no storage');
    store.setItem(ANSWERED_LEADS_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // No storage, or full: kept in this page's memory.
    memory = next;
  }
  changed();
}

const onStorage = (event: StorageEvent) => {
  if (event.key === ANSWERED_LEADS_STORAGE_KEY || event.key === null) changed();
};

/** Calls `listener` when the answered leads change, in this page or another tab. */
export function subscribeAnswered(listener: () => void): () => void {
  if (listeners.size === 0) globalThis.addEventListener?.('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) globalThis.removeEventListener?.('storage', onStorage);
  };
}
