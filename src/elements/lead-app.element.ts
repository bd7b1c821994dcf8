import { LeadApp } from '../widgets/lead-app/lead-app';
import { LEAD_APP_CATALOGUE } from '../widgets/lead-app/lead-app-messages';
import { elementDefinition } from './define-element';

/**
 * The office app: the spec's route table over every widget, with a not-found view.
 * Links between widgets inside the app become client-side navigations.
 *
 * @tag lead-app
 * @attr {string} base - Where the app is mounted in the site's URL space (default `/app`).
 * @attr {number} sp-id - The signed-in provider (provider auth and caller id for every call).
 * @attr {string} gateway-url - Base URL of the gateway when no `gateway` property is set.
 * @attr {string} auth-mode - `provider` (default) or `one-time`.
 * @attr {string} chat-service - The message thread's chat adapter when no `chat` property is set: `twilio` (default) or `sandbox`.
 * @prop {GatewayClient | GatewayClientConfig} gateway - Gateway client or its config.
 * @prop {GatewayAuth} auth - `{ kind: 'provider', spId }` or `{ kind: 'oneTime', token }`.
 * @prop {Record<string, string>} messages - Overrides of catalogue texts by key.
 * @prop {string} locale - Locale of texts and dates (only `en-US` today).
 * @prop {Record<string, boolean>} flags - Feature flags.
 * @prop {AnalyticsSink} analytics - `{ page, track }`; never given customer data.
 * @prop {ChatClientFactory} chat - Chat client factory for the message thread route (wins over `chat-service`).
 * @prop {Partial<RouteBuilders>} routes - URL builders for links that leave the app.
 * @prop {() => Date} now - The clock for what the widget renders from the time (default: the real clock).
 * @event {CustomEvent<{url: string, kind: string, newTab: boolean}>} lk-navigate - Before a link leaves the app; cancelable.
 * @csspart app - The app.
 * @csspart not-found - The not-found view.
 */
export const leadAppElement = elementDefinition('lead-app', LeadApp, LEAD_APP_CATALOGUE);
