import * as v from 'valibot';
import { FUNNEL_STEPS } from '../../../domain/funnel/routes';
import { REFERRER_MAX_LENGTH, type PersistedFunnel } from '../../../domain/funnel/session';

/**
 * The funnel's state across a reload, in sessionStorage (this tab, this origin; gone when the
 * tab closes). Only the fields of `PersistedFunnel` (domain/funnel-session.ts) are written —
 * never the one-time token or the customer's contact details — and what is read back is
 * checked with valibot: unknown keys are dropped, a record that does not fit is removed.
 * Storage that is missing or refuses (private mode, quota, a sandboxed iframe) is skipped.
 */

/** The key, namespaced by library, widget and record version; `scope` tells two funnels on one page apart. */
export function funnelStorageKey(scope = 'default'): string {
  return `leadkit:raq-funnel:v1:${scope}`;
}

export type FunnelStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const Id = v.pipe(v.number(), v.integer(), v.minValue(0));
const CategoryId = v.pipe(v.number(), v.integer(), v.minValue(-1));
const Name = v.pipe(v.string(), v.maxLength(200));

const PersistedFunnelSchema = v.object({
  isAuthenticatedWorkflow: v.boolean(),
  entryPointReferrer: v.nullable(v.pipe(v.string(), v.maxLength(REFERRER_MAX_LENGTH))),
  step: v.picklist(FUNNEL_STEPS),
  categoryId: v.nullable(CategoryId),
  categoryName: v.nullable(Name),
  taskCategoryId: v.nullable(CategoryId),
  taskCategoryName: v.nullable(Name),
  postalCode: v.nullable(v.pipe(v.string(), v.regex(/^\d{5}$/))),
  serviceProviderId: v.nullable(Id),
  leadId: v.nullable(Id),
}) satisfies v.GenericSchema<unknown, PersistedFunnel>;

/** The tab's sessionStorage, or null where there is none or reading it throws. */
export function sessionStorageOrNull(): FunnelStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function readPersistedFunnel(storage: FunnelStorage | null, key: string): PersistedFunnel | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const result = v.safeParse(PersistedFunnelSchema, parsed);
  if (result.success) return result.output;
  clearPersistedFunnel(storage, key);
  return null;
}

/** Writes the record; the schema drops any field beyond the allowed ones first. */
export function writePersistedFunnel(storage: FunnelStorage | null, key: string, value: PersistedFunnel): void {
  if (!storage) return;
  const result = v.safeParse(PersistedFunnelSchema, value);
  if (!result.success) return;
  try {
    storage.setItem(key, JSON.stringify(result.output));
  } catch {
    // Full or refused: the funnel works on without surviving a reload.
  }
}

/** @internal Exported for tests. */
export function clearPersistedFunnel(storage: FunnelStorage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to do.
  }
}
