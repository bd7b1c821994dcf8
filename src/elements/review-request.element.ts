import { ReviewRequest } from '../widgets/review-request/review-request';
import { REVIEW_REQUEST_CATALOGUE } from '../widgets/review-request/review-request-messages';
import { elementDefinition } from './define-element';

/**
 * The review-request modal for host pages: a 'Request a Review' button that opens the modal
 * (contact summary, form after 'Edit', thank-you, closing 5 s later). The lead's draft review
 * keeps what the provider says about the work (description, work completed, categories)
 * between openings; sending the request fills in the same draft.
 *
 * @tag review-request
 * @attr {number} sp-id - The provider asking for the review (provider auth; also the caller id).
 * @attr {number} lead-id - The lead whose customer is asked for a review.
 * @attr {string} gateway-url - Base URL of the gateway when no `gateway` property is set.
 * @attr {string} auth-mode - `provider` (default, uses sp-id); review requests need a provider.
 * @prop {GatewayClient | GatewayClientConfig} gateway - Gateway client or its config.
 * @prop {GatewayAuth} auth - `{ kind: 'provider', spId }`.
 * @prop {Record<string, string>} messages - Overrides of catalogue texts by key.
 * @prop {string} locale - Locale of texts (only `en-US` today).
 * @prop {Record<string, boolean>} flags - Feature flags.
 * @prop {AnalyticsSink} analytics - `{ page, track }`; never given customer data.
 * @prop {unknown} chat - Chat client factory (not used by this element).
 * @prop {Partial<RouteBuilders>} routes - URL builders for links that leave the widget.
 * @prop {() => Date} now - The clock for what the widget renders from the time (default: the real clock).
 * @event {CustomEvent<{leadId: number, draftReviewId: string}>} lk-review-request - The review request was sent (status 200).
 * @csspart trigger - The 'Request a Review' button.
 * @csspart review-request - The modal (native dialog); also `review-request-header`, `-title`, `-close`, `-body`.
 * @csspart review-summary - The pre-filled contact summary.
 * @csspart review-edit - The 'Edit' button.
 * @csspart review-form - The form (summary or fields, and the send button).
 * @csspart review-categories - The categories multi-select; also `review-categories-button`, `-panel`.
 * @csspart review-field-error - A validation message beside its field.
 * @csspart review-alert - The failure alert.
 * @csspart review-submit - The 'Send Request' button.
 * @csspart review-thanks - The thank-you message.
 * @csspart error-banner - The error banner when the customer details cannot be loaded.
 * @cssproperty --lk-color-primary - Buttons, accents.
 * @cssproperty --lk-color-danger - Validation messages and the failure alert.
 * @cssproperty --lk-dialog-backdrop - The modal's backdrop colour.
 * @cssproperty --lk-font-family - Font of the widget.
 */
export const reviewRequestElement = elementDefinition('review-request', ReviewRequest, REVIEW_REQUEST_CATALOGUE);
