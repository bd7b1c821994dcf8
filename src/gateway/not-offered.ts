import type { GatewayClient } from './core/client';
import { GatewayError, isGatewayError, withSetupProblem } from './core/errors';
import { setupProblem, type SetupCause } from './core/setup-causes';

/**
 * The calls leadkit invented (docs/gateway-assumptions.md: O3 the board's counts, C1 the chat
 * session, L1 the one-time token, M7 the contact record) may not exist on a real gateway. A 404
 * from one means "not offered": the feature is absent (no counts, no contact recorded, the thread's
 * and the funnel's unavailable states), and it is not asked again on every load.
 *
 * What is remembered: per gateway (its base URL, '' for the page's own origin) and call, until when
 * (a day after the 404), in localStorage under `NOT_OFFERED_STORAGE_KEY`. Nothing personal: no
 * provider, lead, member or token. Storage that throws (private mode, a sandboxed frame) or is
 * absent (a server, Node) remembers nothing: the call is asked again, and its 404 swallowed as
 * before. A day, so a gateway that adds the call is used within a day without any host change.
 * @internal Exported for tests.
 */
export const NOT_OFFERED_STORAGE_KEY = 'leadkit:not-offered:v1';
/**
 * How long a "not offered" is believed.
 * @internal Exported for tests.
 */
export const NOT_OFFERED_FOR_MS = 24 * 60 * 60 * 1000;

/** The invented calls, by their row in docs/gateway-assumptions.md. */
export type InventedCall = 'O3' | 'C1' | 'L1' | 'M7';

/** The host setting each invented call stands in for: what a gateway without it needs (docs/troubleshooting.md). */
const MISSING_SETTING: { readonly [C in InventedCall]: SetupCause } = {
  O3: 'lead-counts-missing',
  C1: 'chat-token-missing',
  L1: 'one-time-token-missing',
  M7: 'contact-record-missing',
};

/**
 * The answers that say a gateway has no such call: 404 (no route), 405 (the path exists, not the
 * method) and 501 (not implemented).
 */
const NOT_OFFERED_STATUSES: ReadonlySet<number | null> = new Set([404, 405, 501]);

/** Whether a call's failure says the gateway does not offer it. */
const saysNotOffered = (error: unknown): boolean => isGatewayError(error) && error.kind === 'http' && NOT_OFFERED_STATUSES.has(error.status);

/**
 * The host setting a gateway without `call` needs, told through the client (once per page on the
 * console, and as the element's `lk-error`): a board asking no counts because the gateway has
 * none is told as well as one that just got the 404.
 */
export function reportNotOffered(client: Pick<GatewayClient, 'reportSetup'>, call: InventedCall): void {
  client.reportSetup?.(setupProblem(MISSING_SETTING[call]));
}

type Memory = Record<string, Partial<Record<InventedCall, number>>>;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(store: Storage): Memory {
  try {
    const parsed: unknown = JSON.parse(store.getItem(NOT_OFFERED_STORAGE_KEY) ?? '{}');
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Memory) : {};
  } catch {
    return {};
  }
}

/** Whether `call` answered 404 on this gateway less than a day ago. */
export function isNotOffered(baseURL: string, call: InventedCall, now: number = Date.now()): boolean {
  const store = storage();
  if (!store) return false;
  const until = read(store)[baseURL]?.[call];
  return typeof until === 'number' && until > now;
}

/**
 * Remembers that `call` is not offered by this gateway, for a day (expired entries are dropped).
 * @internal Exported for tests.
 */
export function rememberNotOffered(baseURL: string, call: InventedCall, now: number = Date.now()): void {
  const store = storage();
  if (!store) return;
  try {
    const memory = read(store);
    const kept: Memory = {};
    for (const [gateway, calls] of Object.entries(memory)) {
      const live = Object.entries(calls ?? {}).filter(([, until]) => typeof until === 'number' && until > now);
      if (live.length) kept[gateway] = Object.fromEntries(live);
    }
    kept[baseURL] = { ...kept[baseURL], [call]: now + NOT_OFFERED_FOR_MS };
    store.setItem(NOT_OFFERED_STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Full or refused: nothing remembered, the call is asked again next time.
  }
}

/**
 * Sends an invented call unless its gateway is known not to offer it: then it fails at once as the
 * gateway's 404 would (each caller already shows the feature absent on a 404), without a request.
 * A 404, 405 or 501 it gets is remembered and fails as a 404. Either way the error carries the
 * host setting that is missing (`GatewayError.setup`), and the client is told it.
 */
export async function unlessNotOffered<T>(
  client: Pick<GatewayClient, 'baseURL' | 'reportSetup'>,
  call: InventedCall,
  operation: string,
  send: () => Promise<T>,
): Promise<T> {
  const missing = setupProblem(MISSING_SETTING[call]);
  if (isNotOffered(client.baseURL, call)) {
    client.reportSetup?.(missing);
    throw new GatewayError({ kind: 'http', status: 404, operation, setup: missing });
  }
  try {
    return await send();
  } catch (error) {
    if (!saysNotOffered(error)) throw error;
    rememberNotOffered(client.baseURL, call);
    client.reportSetup?.(missing);
    throw withSetupProblem(new GatewayError({ kind: 'http', status: 404, operation, body: (error as GatewayError).body }), missing);
  }
}
