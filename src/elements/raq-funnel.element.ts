import { RaqFunnel } from '../widgets/raq-funnel/raq-funnel';
import { RAQ_FUNNEL_CATALOGUE } from '../widgets/raq-funnel/raq-funnel-messages';
import { elementDefinition } from './define-element';

/**
 * The customer request-a-quote funnel: Entry (service and ZIP code; the pro's eligibility and
 * alternatives), Project (questions, description, timing, address, contact; creates the lead),
 * Suggestions (more pros) and Summary (who got it, what next, phone update, hiring, deals).
 * Customers are not signed in: customer calls carry a one-time token, the host's (`auth`
 * property) or one the funnel obtains — never an attribute, URL or storage value.
 *
 * @tag raq-funnel
 * @attr {number} category-id - A category to start with (the taxonomy names it).
 * @attr {string} postal-code - A ZIP code to start with.
 * @attr {number} sp-id - The pro the customer came from: the request goes to this provider (not an auth: the funnel always speaks for the customer).
 * @attr {string} referrer - Where the customer entered from (kept without its query string).
 * @attr {string} gateway-url - Base URL of the gateway when no `gateway` property is set.
 * @attr {string} auth-mode - `one-time` (the funnel is a customer widget whatever is set here).
 * @prop {GatewayClient | GatewayClientConfig} gateway - Gateway client or its config (give `onChallenge` to handle 511 challenges).
 * @prop {GatewayAuth} auth - `{ kind: 'oneTime', token }` for a customer the host signed in; without it the funnel obtains a token.
 * @prop {Record<string, string>} messages - Overrides of catalogue texts by key.
 * @prop {string} locale - Locale of texts (only `en-US` today).
 * @prop {Record<string, boolean>} flags - Feature flags.
 * @prop {AnalyticsSink} analytics - `{ page, track }`; never given customer data.
 * @prop {unknown} chat - Chat client factory (not used by this element).
 * @prop {Partial<RouteBuilders>} routes - URL builders of the funnel's steps (`funnelEntry`, `funnelProject`, `funnelSuggestions`, `funnelSummary`) for `lk-navigate`.
 * @prop {() => Date} now - The clock for what the widget renders from the time (default: the real clock).
 * @event {CustomEvent<{widget: string}>} lk-load - The first step is shown.
 * @event {CustomEvent<{leadId: number}>} lk-lead-create - The customer's lead was created.
 * @event {CustomEvent<{url: string, kind: string, newTab: boolean}>} lk-navigate - The step changed (`kind: 'funnel'`, the step's URL from `routes`): follow it in the address bar if you like; cancelable.
 * @csspart raq-funnel - The whole funnel.
 * @csspart funnel-progress - The list of the four steps (the current one has aria-current="step").
 * @csspart funnel-step - The panel of the current step (scrolled into view on each change).
 * @csspart funnel-entry - The entry step's form.
 * @csspart funnel-category - The category combobox; also `funnel-category-input`, `funnel-category-listbox`.
 * @csspart funnel-alternatives - Other pros, when the chosen one does not serve the ZIP code.
 * @csspart funnel-pro - A pro's card (alternatives, suggestions, summary).
 * @csspart funnel-project - The project step's form.
 * @csspart funnel-confirm - The 'Send your request?' modal (native dialog); also `-header`, `-title`, `-close`, `-body`.
 * @csspart funnel-suggestions - The suggestions step's form.
 * @csspart funnel-summary - The summary step.
 * @csspart funnel-phone - The phone update form.
 * @csspart funnel-deals - Follow-up deals.
 * @csspart funnel-notice - A send failure or the security-check notice.
 * @csspart funnel-field-error - A validation message beside its field.
 * @csspart funnel-continue - The entry step's 'Continue' button.
 * @csspart funnel-submit - The project step's 'Review request' button.
 * @csspart funnel-send - 'Send request' (modal) and 'Send to selected pros'.
 * @csspart funnel-session-expired - The banner when the customer's session ended.
 * @csspart error-banner - A gateway failure.
 * @cssproperty --lk-color-primary - Buttons, progress, accents.
 * @cssproperty --lk-color-danger - Validation messages and failures.
 * @cssproperty --lk-funnel-scroll-margin - Space kept above the step panel when it is scrolled into view (e.g. a sticky header's height).
 * @cssproperty --lk-font-family - Font of the widget.
 */
export const raqFunnelElement = elementDefinition('raq-funnel', RaqFunnel, RAQ_FUNNEL_CATALOGUE);
