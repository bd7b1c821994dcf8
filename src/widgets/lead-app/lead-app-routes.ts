/** The office app's route table (spec §2), relative to the app's base. */
export const APP_ROUTES = {
  leadPage: '/lead',
  leadBoard: '/lead/board/:serviceProviderId',
  conversationThread: '/conversation/:serviceProviderId/thread/:userId',
  funnelEntry: '/lead/request_a_quote',
  funnelProject: '/lead/request_a_quote/:serviceProviderId/project',
  funnelSuggestions: '/lead/request_a_quote/lead/:id/suggestions',
  funnelSummary: '/lead/request_a_quote/lead/:leadId/summary',
} as const;

/** A route or query id: a non-negative integer, else null (an unknown path shows not-found). */
export function parseId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/**
 * The in-app path for a URL that a widget is about to follow, or null when the URL leaves
 * the app (other origin, or outside its base).
 */
export function inAppPath(url: string, base: string, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== origin) return null;
  const normalizedBase = base.replace(/\/+$/, '');
  if (parsed.pathname !== normalizedBase && !parsed.pathname.startsWith(`${normalizedBase}/`)) return null;
  return (parsed.pathname.slice(normalizedBase.length) || '/') + parsed.search;
}
