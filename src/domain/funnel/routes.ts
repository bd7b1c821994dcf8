import { DEFAULT_APP_BASE } from '../core/app-base';
import { defaultRoutes } from '../core/routes';

/**
 * The funnel's steps and their routes: each step has a route, so a deep link opens
 * that step and a step change can update the address bar (inside `<lead-app>`).
 *
 * | step        | route (under the app's base)                          |
 * |-------------|-------------------------------------------------------|
 * | entry       | /lead/request_a_quote?withAlId={id}                   |
 * | project     | /lead/request_a_quote/{serviceProviderId}/project     |
 * | suggestions | /lead/request_a_quote/lead/{id}/suggestions           |
 * | summary     | /lead/request_a_quote/lead/{leadId}/summary           |
 *
 * Decisions where the spec is silent:
 * - The project route needs a provider id: a project step without a provider (a customer who
 *   did not come from a pro) stays on the entry route; the step itself is kept in the funnel's
 *   state (and restored after a reload, see funnel-session.ts).
 * - `withAlId` is kept on the entry route only until the provider's details arrived ("the
 *   URL drops withAlId").
 * - Ids are non-negative integers of at most 15 digits; anything else is not a funnel route.
 */

export const FUNNEL_STEPS = ['entry', 'project', 'suggestions', 'summary'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export type FunnelLocation =
  | { readonly step: 'entry'; readonly withAlId: number | null }
  | { readonly step: 'project'; readonly serviceProviderId: number }
  | { readonly step: 'suggestions'; readonly leadId: number }
  | { readonly step: 'summary'; readonly leadId: number };

const ID = /^\d{1,15}$/;
const toId = (value: string | null | undefined) => (value && ID.test(value) ? Number(value) : null);

/**
 * The funnel location of a path (with its query), relative to `base`; null when not a funnel route.
 * @internal Only tests use it: no shipped code calls it.
 */
export function parseFunnelPath(pathAndQuery: string, base = DEFAULT_APP_BASE): FunnelLocation | null {
  let url: URL;
  try {
    url = new URL(pathAndQuery, 'http://funnel.invalid');
  } catch {
    return null;
  }
  const root = base.replace(/\/+$/, '');
  const path = url.pathname.replace(/\/+$/, '');
  if (path !== root && !path.startsWith(`${root}/`)) return null;
  let parts: string[];
  try {
    parts = path
      .slice(root.length)
      .split('/')
      .filter(Boolean)
      .map((part) => decodeURIComponent(part));
  } catch {
    return null; // a malformed escape
  }
  if (parts[0] !== 'lead' || parts[1] !== 'request_a_quote') return null;
  const rest = parts.slice(2);
  if (rest.length === 0) return { step: 'entry', withAlId: toId(url.searchParams.get('withAlId')) };
  if (rest.length === 2 && rest[1] === 'project') {
    const serviceProviderId = toId(rest[0]);
    return serviceProviderId === null ? null : { step: 'project', serviceProviderId };
  }
  if (rest.length === 3 && rest[0] === 'lead' && (rest[2] === 'suggestions' || rest[2] === 'summary')) {
    const leadId = toId(rest[1]);
    return leadId === null ? null : { step: rest[2], leadId };
  }
  return null;
}

/**
 * The path of a funnel location under `base` (the office app's route builders).
 * @internal Only tests use it: no shipped code calls it.
 */
export function funnelPath(location: FunnelLocation, base = DEFAULT_APP_BASE): string {
  const routes = defaultRoutes(base);
  switch (location.step) {
    case 'entry':
      return routes.funnelEntry({ withAlId: location.withAlId });
    case 'project':
      return routes.funnelProject({ serviceProviderId: location.serviceProviderId });
    case 'suggestions':
      return routes.funnelSuggestions({ leadId: location.leadId });
    case 'summary':
      return routes.funnelSummary({ leadId: location.leadId });
  }
}

export interface FunnelPosition {
  readonly step: FunnelStep;
  readonly serviceProviderId: number | null;
  readonly leadId: number | null;
  /** The entry's withAlId while the provider's details are not in yet; null after. */
  readonly withAlId: number | null;
}

/**
 * Where the funnel's state puts it. A lead step without its lead id (it cannot be shown) falls
 * back to the entry; a project without a provider stays on the entry route.
 */
export function funnelLocation(position: FunnelPosition): FunnelLocation {
  const entry: FunnelLocation = { step: 'entry', withAlId: position.withAlId };
  switch (position.step) {
    case 'entry':
      return entry;
    case 'project':
      return position.serviceProviderId === null ? entry : { step: 'project', serviceProviderId: position.serviceProviderId };
    case 'suggestions':
    case 'summary':
      return position.leadId === null ? entry : { step: position.step, leadId: position.leadId };
  }
}
