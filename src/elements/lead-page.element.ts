import { LeadPage } from '../widgets/lead-page/lead-page';
import { LEAD_PAGE_CATALOGUE } from '../widgets/lead-page/lead-page-messages';
import { elementDefinition } from './define-element';

/**
 * The single lead page (LeadFeed).
 *
 * @tag lead-page
 * @attr {number} lead-id - The lead to show.
 * @attr {number} sp-id - The provider viewing it (provider auth; also the caller id).
 * @attr {string} api-version - `v2` (default) or `v1`: which lead-page call to use.
 * @attr {string} error-message - Your own error text; it replaces the status text of the error banner.
 * @attr {string} gateway-url - Base URL of the gateway when no `gateway` property is set.
 * @attr {string} auth-mode - `provider` (default, uses sp-id) or `one-time`.
 * @prop {GatewayClient | GatewayClientConfig} gateway - Gateway client or its config.
 * @prop {GatewayAuth} auth - `{ kind: 'provider', spId }` or `{ kind: 'oneTime', token }`.
 * @prop {Record<string, string>} messages - Overrides of catalogue texts by key.
 * @prop {string} locale - Locale of texts and dates (only `en-US` today).
 * @prop {Record<string, boolean>} flags - Feature flags.
 * @prop {AnalyticsSink} analytics - `{ page, track }`; never given customer data.
 * @prop {unknown} chat - Chat client factory for messaging (used by the message thread).
 * @prop {Partial<RouteBuilders>} routes - URL builders for links that leave the widget.
 * @prop {() => Date} now - The clock for what the widget renders from the time (default: the real clock).
 * @event {CustomEvent<{widget: string}>} lk-load - The lead was loaded and shown.
 * @event {CustomEvent<{widget: string, status: number | null, kind: string}>} lk-error - Loading failed; the error banner is shown.
 * @event {CustomEvent<{url: string, kind: string, newTab: boolean}>} lk-navigate - Before a link leaves the widget; cancelable.
 * @csspart lead-page - The whole page.
 * @csspart beta-banner - The LeadFeed BETA banner.
 * @csspart lead-card - The lead card (and its skeleton).
 * @csspart customer - Customer contact details (purchased leads).
 * @csspart project-details - Question and answer pairs.
 * @csspart unlocked - The 'Lead Unlocked' notice.
 * @csspart be-first - The 'Be the first!' notice.
 * @csspart unavailable - The 'no longer available' notice.
 * @csspart side-panel - How it works and FAQ.
 * @csspart error-banner - The error banner.
 * @cssproperty --lk-color-primary - Links, buttons, accents.
 * @cssproperty --lk-font-family - Font of the widget.
 */
export const leadPageElement = elementDefinition('lead-page', LeadPage, LEAD_PAGE_CATALOGUE);
