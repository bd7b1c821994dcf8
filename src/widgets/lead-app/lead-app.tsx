import { lazy, Suspense, useEffect, useId, type ReactNode } from 'react';
import { Route, Router, Switch, useLocation, useSearch } from 'wouter';
import type { MessageKey } from '../../i18n/en-US';
import { useRuntime, useT } from '../../runtime/runtime';
import { useStyles } from '../../runtime/styles';
import { Skeleton } from '../../ui/skeleton';
import leadAppCss from './lead-app.css?inline';

const STYLES = [leadAppCss];

// Each route's widget loads when the route is first shown: the app's first load stays small.
const LeadBoard = lazy(() => import('../lead-board/lead-board').then((module) => ({ default: module.LeadBoard })));
const LeadPage = lazy(() => import('../lead-page/lead-page').then((module) => ({ default: module.LeadPage })));
import { APP_ROUTES, inAppPath, parseId } from './lead-app-routes';

export interface LeadAppProps {
  /** Where the app is mounted in the site's URL space (default `/app`). */
  base?: string | null;
  /** The signed-in provider (provider auth for every call the app makes). */
  spId?: number | null;
}

/** Takes over links that stay inside the app, so a widget's link is a client-side navigation. */
function InAppNavigation({ base }: { base: string }) {
  const { host } = useRuntime();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!host) return;
    const onNavigate = (event: Event) => {
      const { detail } = event as CustomEvent<{ url: string; newTab: boolean }>;
      if (event.defaultPrevented || detail.newTab) return;
      const path = inAppPath(detail.url, base, window.location.origin);
      if (path === null) return;
      event.preventDefault();
      navigate(path);
    };
    host.addEventListener('lk-navigate', onNavigate);
    return () => host.removeEventListener('lk-navigate', onNavigate);
  }, [host, base, navigate]);
  return null;
}

/** While a route's widget downloads (once per widget). */
function RouteLoading() {
  return (
    <div className="lk-app-loading" aria-busy="true">
      <Skeleton height={120} />
      <Skeleton height={320} />
    </div>
  );
}

/** wouter marks a location outside the app's base with '~': that is not found either. */
function OutsideBase() {
  const [location] = useLocation();
  return location.startsWith('~') ? <NotFound /> : null;
}

function NotFound() {
  const t = useT();
  const id = useId();
  return (
    <section className="lk-app-message" part="not-found" aria-labelledby={id}>
      <h1 id={id}>{t('notFound.title')}</h1>
      <p>{t('notFound.detail')}</p>
    </section>
  );
}

/** Shown on a route whose widget is not in this build yet. */
function Placeholder({ widget }: { widget: MessageKey }) {
  const t = useT();
  const id = useId();
  return (
    <section className="lk-app-message" part="placeholder" data-widget={widget} aria-labelledby={id}>
      <h1 id={id}>{t('app.placeholder.title')}</h1>
      <p>{t('app.placeholder.detail', { widget: t(widget) })}</p>
    </section>
  );
}

function LeadPageRoute() {
  const query = new URLSearchParams(useSearch());
  const leadId = parseId(query.get('leadId'));
  const spId = parseId(query.get('serviceProviderId'));
  if (leadId === null || spId === null) return <NotFound />;
  return <LeadPage leadId={leadId} spId={spId} />;
}

function LeadBoardRoute({ serviceProviderId }: { serviceProviderId: number }) {
  const query = new URLSearchParams(useSearch());
  return <LeadBoard key={serviceProviderId} spId={serviceProviderId} leadId={parseId(query.get('leadId'))} newMessages={query.get('newMessages') === 'true'} />;
}

/** Parses the route's ids; any that is not a number makes the route not found. */
function withIds<K extends string>(params: Partial<Record<K, string | undefined>>, keys: readonly K[], render: () => ReactNode) {
  return keys.every((key) => parseId(params[key]) !== null) ? render() : <NotFound />;
}

/**
 * `<lead-app base="/app">`: the office app over the spec's route table (§2), with the
 * not-found view for unknown paths. Routes whose widget is not built yet show a placeholder.
 */
// spId is read by the element shell for the gateway auth; the app itself only routes.
export function LeadApp({ base }: LeadAppProps) {
  useStyles(STYLES);
  const appBase = (base || '/app').replace(/\/+$/, '');
  return (
    <div className="lk-app" part="app">
      <Router base={appBase}>
        <InAppNavigation base={appBase} />
        <OutsideBase />
        <Suspense fallback={<RouteLoading />}>
          <Switch>
            <Route path={APP_ROUTES.leadPage}>
              <LeadPageRoute />
            </Route>
            <Route path={APP_ROUTES.leadBoard}>
              {(params) => withIds(params, ['serviceProviderId'], () => <LeadBoardRoute serviceProviderId={Number(params.serviceProviderId)} />)}
            </Route>
            <Route path={APP_ROUTES.conversationThread}>
              {(params) => withIds(params, ['serviceProviderId', 'userId'], () => <Placeholder widget="app.widget.messageThread" />)}
            </Route>
            <Route path={APP_ROUTES.funnelEntry}>
              <Placeholder widget="app.widget.raqFunnel" />
            </Route>
            <Route path={APP_ROUTES.funnelProject}>
              {(params) => withIds(params, ['serviceProviderId'], () => <Placeholder widget="app.widget.raqFunnel" />)}
            </Route>
            <Route path={APP_ROUTES.funnelSuggestions}>
              {(params) => withIds(params, ['id'], () => <Placeholder widget="app.widget.raqFunnel" />)}
            </Route>
            <Route path={APP_ROUTES.funnelSummary}>
              {(params) => withIds(params, ['leadId'], () => <Placeholder widget="app.widget.raqFunnel" />)}
            </Route>
            <Route>
              <NotFound />
            </Route>
          </Switch>
        </Suspense>
      </Router>
    </div>
  );
}
