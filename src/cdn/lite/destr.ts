/**
 * ofetch's JSON parser (`destr`), for the CDN build only (aliased in vite.cdn.config.ts; the npm
 * build keeps the real `destr`): JSON when the text is JSON, the text itself otherwise, and —
 * like destr — no `__proto__` or `constructor.prototype` keys from a response body.
 */
function safeKey(key: string, value: unknown): unknown {
  if (key === '__proto__') return undefined;
  if (key === 'constructor' && value !== null && typeof value === 'object' && 'prototype' in value) return undefined;
  return value;
}

export default function destr<T = unknown>(value: unknown): T {
  if (typeof value !== 'string') return value as T;
  try {
    return JSON.parse(value, safeKey) as T;
  } catch {
    return value as T;
  }
}

export { destr };
