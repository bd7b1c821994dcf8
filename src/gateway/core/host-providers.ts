/**
 * The fields of a client (or of its config) that stand in for leadkit's invented calls — the host's
 * `getChatToken`, `leadCounts`, `recordContact` — and the client's `reportSetup`: what every view
 * of a client keeps (core/client.ts `withRequest`).
 */
type HostProviderName = 'getChatToken' | 'leadCounts' | 'recordContact' | 'reportSetup';

/** The host's replacements of invented calls (and the setup reporter) `from` has, and only those it has. */
export function hostProviders<T extends Partial<Record<HostProviderName, unknown>>>(from: T): Pick<T, HostProviderName & keyof T> {
  const kept: Partial<Record<HostProviderName, unknown>> = {};
  if (from.reportSetup) kept.reportSetup = from.reportSetup;
  if (from.getChatToken) kept.getChatToken = from.getChatToken;
  if (from.leadCounts !== undefined) kept.leadCounts = from.leadCounts;
  if (from.recordContact !== undefined) kept.recordContact = from.recordContact;
  return kept as Pick<T, HostProviderName & keyof T>;
}

/**
 * A gateway-config field that replaces an invented call: a function, `false` (no call at all) or
 * absent (leadkit's own call). Anything else is a host's mistake: thrown as the client is made.
 */
export function checkHostProvider(name: 'leadCounts' | 'recordContact', value: unknown): void {
  if (value !== undefined && value !== false && typeof value !== 'function') throw new TypeError(`gateway ${name} must be a function or false`);
}
