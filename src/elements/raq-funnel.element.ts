import { raqFunnelWidget } from '../widgets/raq-funnel/raq-funnel.widget';
import { widgetElement } from './widget-element';

/**
 * The customer request-a-quote funnel: Entry (service and ZIP code; the pro's eligibility and
 * alternatives), Project (questions, description, timing, address, contact; creates the lead),
 * Suggestions (more pros) and Summary (who got it, what next, phone update, hiring, deals).
 * Customers are not signed in: customer calls carry a one-time token, the host's (`auth`
 * property) or one the funnel obtains — never an attribute, URL or storage value.
 *
 * @tag raq-funnel
 * @attr category-id - A category to start with (the taxonomy names it).
 * @attr postal-code - A ZIP code to start with.
 * @attr sp-id - The pro the customer came from: the request goes to this provider (not an auth: the funnel always speaks for the customer).
 * @attr referrer - Where the customer entered from (kept without its query string).
 * @attr auth-mode - `one-time` (the funnel is a customer widget whatever is set here).
 * @prop auth - `{ kind: 'oneTime', token }` for a customer the host signed in; without it the funnel obtains a token (from the `gateway` config's `getOneTimeToken` when given).
 * @prop chat - Not used by this element.
 * @prop routes - URL builders of the funnel's steps (`funnelEntry`, `funnelProject`, `funnelSuggestions`, `funnelSummary`) for `lk-navigate`.
 * @event lk-load - The first step is shown.
 * @event lk-lead-create - The customer's lead was created.
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
