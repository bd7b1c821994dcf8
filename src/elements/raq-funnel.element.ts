import { raqFunnelWidget } from '../widgets/raq-funnel/raq-funnel.widget';
import { widgetElement } from './widget-element';

/**
 * The customer request-a-quote funnel: Entry (service and ZIP code; the pro's eligibility and
 * alternatives), Project (questions, description, timing, address, contact; creates the lead),
 * Suggestions (more pros) and Summary (who got it, what next, phone update, hiring, deals).
 * Customers are not signed in: customer calls carry a one-time token, the host's (`auth`
 * property) or one the funnel obtains as its first step shows — never an attribute, URL or
 * storage value. A request that could not be sent stays on the device until it is
 * (docs/drafts.md#the-funnels-request).
 *
 * @tag raq-funnel
 * @attr category-id - A category to start with (the taxonomy names it).
 * @attr postal-code - A ZIP code to start with.
 * @attr sp-id - The pro the customer came from: the request goes to this provider (not an auth: the funnel always speaks for the customer).
 * @attr referrer - Where the customer entered from (kept without its query string).
 * @attr drafts - `on` (default): a request whose 'Send request' failed is kept on this device (IndexedDB: what the customer chose and typed, their contact details included; never a token) until the gateway takes it, 7 days at most, and put back into the project step after a reload; `off`: nothing is kept or read (a request already kept is left, and expires).
 * @attr auth-mode - `one-time` (the funnel is a customer widget whatever is set here).
 * @prop auth - `{ kind: 'oneTime', token }` for a customer the host signed in; without it the funnel obtains a token (from the `gateway` config's `getOneTimeToken` when given, at the first call that needs one; else from the gateway as the first step shows).
 * @prop chat - Not used by this element.
 * @prop routes - URL builders of the funnel's steps (`funnelEntry`, `funnelProject`, `funnelSuggestions`, `funnelSummary`) for `lk-navigate`.
 * @event lk-load - The first step is shown.
 * @event lk-lead-create - The customer's lead was created.
 * @event lk-error - 'Send request' failed, whatever the failure (`status` and `kind` of the gateway's answer: `http`, `network`, `challenge`…; the request stays on this device, to be sent again, unless `drafts="off"`), an attribute had a value it cannot take (`kind: 'invalid-attribute'`, `attribute` names it; the attribute is treated as absent), or a host setting is wrong (`kind: 'setup'`, `cause` its code, once per cause: docs/troubleshooting.md; `one-time-token-missing` as the first step shows).
 * @event lk-navigate - The step changed (`kind: 'funnel'`, the step's URL from `routes`): follow it in the address bar if you like; `replace` when only the URL changed (replace the history entry).
 * @csspart raq-funnel - The whole funnel.
 * @csspart funnel-progress - The list of the four steps (the current one has aria-current="step").
 * @csspart funnel-step - The panel of the current step (scrolled into view on each change).
 * @csspart funnel-entry - The entry step's form.
 * @csspart funnel-category - The category combobox.
 * @csspart funnel-category-input - Its text box.
 * @csspart funnel-category-listbox - Its options.
 * @csspart funnel-alternatives - Other pros, when the chosen one does not serve the ZIP code.
 * @csspart funnel-pro - A pro's card (alternatives, suggestions, summary).
 * @csspart funnel-project - The project step's form.
 * @csspart funnel-confirm - The 'Send your request?' modal (native dialog).
 * @csspart funnel-confirm-header - Its header (title and close button).
 * @csspart funnel-confirm-title - Its title.
 * @csspart funnel-confirm-close - Its close (×) button.
 * @csspart funnel-confirm-body - Its content.
 * @csspart funnel-suggestions - The suggestions step's form.
 * @csspart funnel-summary - The summary step.
 * @csspart funnel-success - The summary's confirmation (a check and one line).
 * @csspart funnel-phone - The phone update form.
 * @csspart funnel-deals - Follow-up deals.
 * @csspart funnel-notice - A send failure or the security-check notice.
 * @csspart funnel-unavailable - In place of the entry step's form (above the project step's) when no one-time token can be had: requests cannot be sent from this page.
 * @csspart funnel-restored - On the project step after a reload: the request that could not be sent, put back, and 'Discard this request'.
 * @csspart funnel-field-error - A validation message beside its field.
 * @csspart funnel-continue - The entry step's 'Continue' button.
 * @csspart funnel-submit - The project step's 'Review request' button.
 * @csspart funnel-send - 'Send request' (modal) and 'Send to selected pros'.
 * @csspart funnel-session-expired - The banner when the customer's session ended.
 * @csspart error-banner - A gateway failure.
 * @csspart part-unavailable - In place of a part whose code did not arrive (offline): what to do and 'Try again'.
 * @cssproperty --lk-funnel-scroll-margin - Space kept above the step panel when it is scrolled into view (e.g. a sticky header's height).
 */
export const raqFunnelElement = widgetElement('raq-funnel', raqFunnelWidget);
