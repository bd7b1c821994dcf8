import { reviewRequestWidget } from '../widgets/review-request/review-request.widget';
import { widgetElement } from './widget-element';

/**
 * The review-request modal for host pages: a 'Request a Review' button that opens the modal
 * (contact summary, form after 'Edit', thank-you, closing 5 s later). The lead's draft review
 * keeps what the provider says about the work (description, work completed, categories)
 * between openings; sending the request fills in the same draft.
 *
 * @tag review-request
 * @attr sp-id - The provider asking for the review (provider auth; also the caller id).
 * @attr lead-id - The lead whose customer is asked for a review.
 * @attr auth-mode - `provider` (default, uses sp-id); review requests need a provider.
 * @prop auth - `{ kind: 'provider', spId, token? }` (token: a string or a function, docs/gateway.md#provider-sign-in).
 * @prop chat - Not used by this element.
 * @event lk-review-request - The review request was sent (status 200).
 * @csspart trigger - The 'Request a Review' button.
 * @csspart review-request - The modal (native dialog).
 * @csspart review-request-header - Its header (title and close button).
 * @csspart review-request-title - Its title.
 * @csspart review-request-close - Its close (×) button.
 * @csspart review-request-body - Its content.
 * @csspart review-summary - The pre-filled contact summary.
 * @csspart review-already-requested - 'You already asked this customer for a review on …' (a request sent before).
 * @csspart review-edit - The 'Edit' button.
 * @csspart review-form - The form (summary or fields, and the send button).
 * @csspart review-categories - The categories multi-select.
 * @csspart review-categories-button - Its button.
 * @csspart review-categories-panel - Its options panel.
 * @csspart review-field-error - A validation message beside its field.
 * @csspart review-alert - The failure alert.
 * @csspart review-submit - The 'Send Request' button.
 * @csspart review-thanks - The thank-you message.
 * @csspart error-banner - The error banner when the customer details cannot be loaded.
 * @csspart part-unavailable - In place of a part whose code did not arrive (offline): what to do and 'Try again'.
 * @csspart error-banner-link - 'Log in' after a 401 (routes.logIn, lk-navigate kind 'log-in').
 */
export const reviewRequestElement = widgetElement('review-request', reviewRequestWidget);
