import { createContext, Suspense, useContext, useEffect, useId, type ReactNode } from 'react';
import { Route, Router, Switch, useLocation, useSearch } from 'wouter';
import type { FunnelLocation, FunnelStep } from '../../domain/funnel/routes';
import { isMessageHistory } from '../../domain/core/routes';
import { refusedLink } from '../../gateway/core/shown-link';
import { warnSetupProblem } from '../../gateway/core/setup-problems';
import { ServerRenderReached, useServerRenderDeferred } from '../../runtime/server-render-gate';
import { RuntimeProvider, useRuntime } from '../../runtime/runtime';
import { usePageLocation } from '../../runtime/server-location';
import { useStyles } from '../../runtime/styles';
import { ProviderScope } from '../../runtime/provider-scope';
import { Skeleton } from '../../ui/core/skeleton';
import leadAppCss from './lead-app.css?inline';

import { checkAppBase, inAppPath } from './lead-app-paths';
import { APP_ROUTES, parseId } from './lead-app-routes';
import { appBaseOf, LeadBoardPart, LeadPagePart, MessageThreadPart, RaqFunnelPart } from './route-loaders';
import type { WidgetAttributeProps } from '../../contract/tags';

const STYLES = [leadAppCss];

/** Its tag's attributes (src/contract/tags.ts; described on its element, src/elements/lead-app.element.ts). */
export type LeadAppProps = WidgetAttributeProps<'lead-app'>;

/** Takes over links that stay inside the app, so a widget's link is a client-side navigation. */
function InAppNavigation({ base }: { base: string }) {
  const { host } = useRuntime();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!host) return;
    const onNavigate = (event: Event) => {
      const { detail } = event as CustomEvent<{ url: string; newTab: boolean; replace?: boolean }>;
      if (event.defaultPrevented || detail.newTab) return;
      const path = inAppPath(detail.url, base, window.location.origin);
      if (path === null) return;
      event.preventDefault();
      navigate(path, { replace: detail.replace === true });
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

/** The signed-in provider, for the not-found view's way back to the board. */
const AppProvider = createContext<number | null>(null);

/** Not found: what happened, and a way on — the provider's leads (when the app knows them). */
function NotFound() {
  const { t, routes, onLinkClick } = useRuntime();
  const spId = useContext(AppProvider);
  const id = useId();
  return (
    <section className="lk-app-message" part="not-found" aria-labelledby={id}>
      <h1 id={id}>{t('notFound.title')}</h1>
      <p>{t('notFound.detail')}</p>
      {spId !== null ? (
        <p>
          <a
            className="lk-button"
            href={routes.leadBoard({ serviceProviderId: spId })}
            onClick={(event) => onLinkClick(event, 'lead-board')}
            part="not-found-action"
          >
            {t('notFound.toLeads')}
          </a>
        </p>
      ) : null}
    </section>
  );
}

function LeadPageRoute() {
  const query = new URLSearchParams(useSearch());
  const leadId = parseId(query.get('leadId'));
  const spId = parseId(query.get('serviceProviderId'));
  if (leadId === null || spId === null) return <NotFound />;
  return (
    <ProviderScope spId={spId}>
      <LeadPagePart leadId={leadId} spId={spId} />
    </ProviderScope>
  );
}

function LeadBoardRoute({
  serviceProviderId,
  drafts,
  chatService,
  noTitleCount,
}: {
  serviceProviderId: number;
  drafts: LeadAppProps['drafts'];
  chatService: LeadAppProps['chatService'];
  noTitleCount: LeadAppProps['noTitleCount'];
}) {
  const query = new URLSearchParams(useSearch());
  return (
    <ProviderScope spId={serviceProviderId}>
      <LeadBoardPart
        key={serviceProviderId}
        spId={serviceProviderId}
        leadId={parseId(query.get('leadId'))}
        newMessages={query.get('newMessages') === 'true'}
        reply={query.get('reply') === 'true'}
        setTitle
        titleCount={noTitleCount !== true}
        drafts={drafts}
        chatService={chatService}
      />
    </ProviderScope>
  );
}

/**
 * /conversation/:serviceProviderId/thread/:userId with an optional leadId query (a malformed
 * one is not found); `archived=true` ('Message History') shows the archived thread.
 */
function ThreadRoute({
  serviceProviderId,
  userId,
  chatService,
  drafts,
}: {
  serviceProviderId: number;
  userId: number;
  chatService: LeadAppProps['chatService'];
  drafts: LeadAppProps['drafts'];
}) {
  const query = new URLSearchParams(useSearch());
  const rawLeadId = query.get('leadId');
  const leadId = parseId(rawLeadId);
  if (rawLeadId !== null && leadId === null) return <NotFound />;
  // 'Message History' (?archived=true) is the same thread's archived view.
  const archived = isMessageHistory(query);
  return (
    <ProviderScope spId={serviceProviderId}>
      <MessageThreadPart
        key={`${serviceProviderId}/${userId}/${leadId}/${archived}`}
        spId={serviceProviderId}
        userId={userId}
        leadId={leadId}
        chatService={chatService}
        archived={archived}
        drafts={drafts}
      />
    </ProviderScope>
  );
}

/**
 * The funnel routes: each deep link opens its step (entry with withAlId, project, suggestions,
 * summary). One funnel across the four routes (same element type and place, so it is not
 * remounted); its own step changes come back as `lk-navigate`, which InAppNavigation follows.
 */
function FunnelRoute({ step, id = null, drafts }: { step: FunnelStep; id?: number | null; drafts: LeadAppProps['drafts'] }) {
  const query = new URLSearchParams(useSearch());
  const withAlId = parseId(query.get('withAlId'));
  let location: FunnelLocation;
  if (step === 'entry') location = { step, withAlId };
  else if (id === null) return <NotFound />;
  else location = step === 'project' ? { step, serviceProviderId: id } : { step, leadId: id };
  return <RaqFunnelPart location={location} drafts={drafts} />;
}

/** Parses the route's ids; any that is not a number makes the route not found. */
function withIds<K extends string>(params: Partial<Record<K, string | undefined>>, keys: readonly K[], render: () => ReactNode) {
  return keys.every((key) => parseId(params[key]) !== null) ? render() : <NotFound />;
}

/**
 * `<lead-app base="/app">`: the office app over the spec's route table (docs/widgets/lead-app.md#routes), with the
 * not-found view for unknown paths.
 */
// spId is read by the element shell for the gateway auth; the app routes, and offers the
// provider's board as the way on from a path it does not know.
export function LeadAppRoot({ base, spId = null, chatService = null, drafts = null, noTitleCount = false }: LeadAppProps) {
  useStyles(STYLES);
  const runtime = useRuntime();
  const appBase = appBaseOf(base);
  // A base the URL gate refused (not a path on this origin: `javascript:…`, `//host`): the app is
  // at the default base, and the developer is told, naming the attribute.
  const refused = checkAppBase(base).refused;
  useEffect(() => {
    if (refused !== undefined) (runtime.client.reportSetup ?? warnSetupProblem)(refusedLink('`<lead-app base>`', refused));
  }, [refused, runtime.client]);
  // The widgets' links (board ↔ lead page ↔ thread ↔ funnel) under this app's base.
  const appRuntime = runtime.withAppBase(appBase);
  // The route of the page's URL on a server, and while hydrating a server's HTML (see server-location.ts).
  const page = usePageLocation();
  // A server's first screen is the route's: it ends once the route's widget hydrated (below).
  useServerRenderDeferred();
  return (
    <RuntimeProvider runtime={appRuntime}>
      <div className="lk-app" part="app">
        <AppProvider.Provider value={spId}>
          <Router base={appBase} ssrPath={page.path} ssrSearch={page.search}>
            <InAppNavigation base={appBase} />
            <OutsideBase />
            <Suspense fallback={<RouteLoading />}>
              <Switch>
                <Route path={APP_ROUTES.leadPage}>
                  <LeadPageRoute />
                </Route>
                <Route path={APP_ROUTES.leadBoard}>
                  {(params) =>
                    withIds(params, ['serviceProviderId'], () => (
                      <LeadBoardRoute
                        serviceProviderId={Number(params.serviceProviderId)}
                        drafts={drafts}
                        chatService={chatService}
                        noTitleCount={noTitleCount}
                      />
                    ))
                  }
                </Route>
                <Route path={APP_ROUTES.conversationThread}>
                  {(params) =>
                    withIds(params, ['serviceProviderId', 'userId'], () => (
                      <ThreadRoute
                        serviceProviderId={Number(params.serviceProviderId)}
                        userId={Number(params.userId)}
                        chatService={chatService}
                        drafts={drafts}
                      />
                    ))
                  }
                </Route>
                <Route path={APP_ROUTES.funnelEntry}>
                  <FunnelRoute step="entry" drafts={drafts} />
                </Route>
                <Route path={APP_ROUTES.funnelProject}>
                  {(params) =>
                    withIds(params, ['serviceProviderId'], () => <FunnelRoute step="project" id={parseId(params.serviceProviderId)} drafts={drafts} />)
                  }
                </Route>
                <Route path={APP_ROUTES.funnelSuggestions}>
                  {(params) => withIds(params, ['id'], () => <FunnelRoute step="suggestions" id={parseId(params.id)} drafts={drafts} />)}
                </Route>
                <Route path={APP_ROUTES.funnelSummary}>
                  {(params) => withIds(params, ['leadId'], () => <FunnelRoute step="summary" id={parseId(params.leadId)} drafts={drafts} />)}
                </Route>
                <Route>
                  <NotFound />
                </Route>
              </Switch>
              <ServerRenderReached />
            </Suspense>
          </Router>
        </AppProvider.Provider>
      </div>
    </RuntimeProvider>
  );
}
