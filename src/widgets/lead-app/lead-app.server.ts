import { ARCHIVED_QUERY } from '../../domain/core/routes';
import type { RouteFirstCalls, WidgetServer } from '../../runtime/widget-server';
import type { AppRoute } from './lead-app-routes';

/**
 * `<lead-app>` off the browser (runtime/widget-server.ts): the routes whose widget
 * (`ROUTE_WIDGETS`) makes first calls, with that widget's ids read from the URL (a `:segment` of the route, a `?query`
 * parameter); a query that changes the widget's first calls stops them.
 */
const routes: Partial<Record<AppRoute, RouteFirstCalls>> = {
  leadBoard: { ids: [':serviceProviderId'], unless: ['?leadId', '?newMessages'] },
  leadPage: { ids: ['?leadId', '?serviceProviderId'], unless: [] },
  conversationThread: { ids: [':serviceProviderId', ':userId', '?leadId'], unless: [`?${ARCHIVED_QUERY}`] },
};

export const leadAppServer: WidgetServer = { routes };
