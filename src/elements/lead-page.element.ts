import { leadPageWidget } from '../widgets/lead-page/lead-page.widget';
import { widgetElement } from './widget-element';

/**
 * The single lead page (LeadFeed).
 *
 * @tag lead-page
 * @attr lead-id - The lead to show.
 * @attr sp-id - The provider viewing it (provider auth; also the caller id).
 * @attr api-version - `v2` (default) or `v1`: which lead-page call to use.
 * @attr error-message - Your own error text; it replaces the status text of the error banner.
 * @prop chat - Not used by this element.
 * @event lk-load - The lead was loaded and shown.
 * @event lk-error - Loading failed (the error banner is shown), an attribute is invalid, or a host setting is wrong (`kind: 'setup'`, `cause` its code, once per cause: docs/troubleshooting.md).
 * @event lk-navigate - Before a link leaves the widget.
 * @csspart lead-page - The whole page.
 * @csspart beta-banner - The LeadFeed BETA banner.
 * @csspart lead-card - The lead card (and its skeleton).
 * @csspart customer - Customer contact details (purchased leads).
 * @csspart project-details - Question and answer pairs.
 * @csspart unlocked - The 'Lead Unlocked' notice.
 * @csspart be-first - The 'Be the first!' notice.
 * @csspart unavailable - The 'no longer available' notice of a lead not bought, with its purchase window when the answer has one.
 * @csspart purchase-window - What is left of a LeadFeed lead's window ('2 of 3 spots left · 5 h left', counting down with the runtime clock) or why it is gone.
 * @csspart side-panel - How it works and FAQ.
 * @csspart error-banner - The error banner.
 * @csspart part-unavailable - In place of a part whose code did not arrive (offline): what to do and 'Try again'.
 * @csspart error-banner-link - 'Log in' after a 401 (routes.logIn, lk-navigate kind 'log-in').
 */
export const leadPageElement = widgetElement('lead-page', leadPageWidget);
