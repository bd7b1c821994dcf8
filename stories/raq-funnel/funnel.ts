/**
 * A story's `beforeEach`: the funnel keeps the customer's progress for the tab (sessionStorage,
 * `leadkit:raq-funnel:*`) and restores it on the next mount; every story starts without one.
 */
export function withoutKeptFunnel(): void {
  for (const key of Object.keys(sessionStorage)) if (key.startsWith('leadkit:raq-funnel:')) sessionStorage.removeItem(key);
}
