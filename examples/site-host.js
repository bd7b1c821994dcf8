/**
 * The example pages' host script (external, so the strict-CSP page can run it too): gives every
 * leadkit tag of the page the site's routes — the pages the spec does not locate (call log,
 * connected numbers, service area, services offered, office inbox, log-in). It runs before the
 * leadkit loader (module scripts run in document order), so the widgets' first render has them.
 */
import { SITE_ROUTES } from './site-routes.js';

for (const element of document.querySelectorAll('lead-board, lead-page, message-thread, review-request')) element.routes = SITE_ROUTES;
