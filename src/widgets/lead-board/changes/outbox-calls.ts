import type { Getter, Setter } from 'jotai/vanilla';
import type { OutboxChange } from '../../../domain/outbox';
import { outboxCanSend, type OutboxHooks } from './outbox-atoms';

/*
 * What the board asks of its offline outbox's engine (outbox-engine.ts), which is not in the
 * board's first chunk: each call loads it on first use (once; the board's actions preload it when
 * the page is idle after the first card, board-loaders.ts).
 */

/** The engine (outbox-engine.ts): loaded on first use, once. */
const engine = () => import('./outbox-engine');

/**
 * Adds a change to the outbox after the provider's others; `changeId`: the change on the board
 * that shows it. False when it could not be kept: offline before the engine's code was here (the
 * board fetches it once the page is idle after the first card), or the device's storage refused
 * it — the caller then fails the change as any failed call, never leaving it in between.
 */
export async function queueChange(get: Getter, set: Setter, leadId: number, change: OutboxChange, changeId: number): Promise<boolean> {
  try {
    await (await engine()).queueChange(get, set, leadId, change, changeId);
    return true;
  } catch {
    return false;
  }
}

/** Loads the provider's entries kept on this device (a reload, a closed tab) and shows them on their leads. */
export async function loadOutbox(get: Getter, set: Setter, hooks: OutboxHooks): Promise<void> {
  return (await engine()).loadOutbox(get, set, hooks);
}

/** Sends the provider's entries, oldest first, once the device is online (outbox-engine.ts). */
export async function replayOutbox(get: Getter, set: Setter, hooks: OutboxHooks): Promise<void> {
  // Nothing to send (the engine not needed yet): it is not loaded for nothing.
  if (!outboxCanSend(get)) return;
  return (await engine()).replayOutbox(get, set, hooks);
}

/** The pro's choice on a conflict: send their change all the same (`mine`), or keep the gateway's. */
export async function resolveConflict(get: Getter, set: Setter, entryId: string, keep: 'mine' | 'theirs', hooks: OutboxHooks): Promise<void> {
  return (await engine()).resolveConflict(get, set, entryId, keep, hooks);
}

/** Sign-out (the board's auth is no longer a provider's): every entry on this device goes. */
export async function clearOutboxOnSignOut(get: Getter, set: Setter): Promise<void> {
  return (await engine()).clearOutboxOnSignOut(get, set);
}

/** The engine's code and the device's storage, made ready (the board's actions preload, board-loaders.ts). */
export async function preloadOutbox(): Promise<void> {
  await (await engine()).deviceOutbox().ready();
}
