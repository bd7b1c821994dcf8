import type { FetchResponse } from 'ofetch';

/**
 * When and how long the gateway client waits before it asks again (GETs only): the retry policy,
 * the statuses worth another attempt, the gateway's Retry-After, a wait a signal can end.
 */

/** How a client retries its GETs (`GatewayClientConfig.retry`). */
export interface RetryPolicy {
  /** Extra attempts after the first, for GETs only. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 300, maxDelayMs: 5000 };
export const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
/** A Retry-After longer than this is not waited for: the error goes to the user instead. */
export const MAX_RETRY_AFTER_MS = 10_000;

/** An AbortError, as thrown by a fetch or wrapped by ofetch as the cause of its FetchError. */
export function isAbortError(error: unknown): boolean {
  const named = (value: unknown) => typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'AbortError';
  return named(error) || (typeof error === 'object' && error !== null && named((error as { cause?: unknown }).cause));
}

export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function retryAfterMs(response: FetchResponse<unknown> | undefined): number | null {
  const header = response?.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}
