/**
 * This browser's localStorage, or null where there is none or it may not be touched (a server,
 * Node, private mode or a sandboxed frame, where reading it throws). Callers keep ids only.
 */
export function localStore(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
