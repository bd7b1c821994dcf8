import type { GatewayClient } from '../../gateway/core/client';
import { newIdempotencyKey } from '../../gateway/core/request-spec';
import { isGatewayError } from '../../gateway/core/errors';
import { requestReviewByEmail } from '../../gateway/review/calls';
import type { ReviewRequestBoardForm } from '../../gateway/review/schemas';

/** How one press of 'Send Request' ended. */
export type ReviewSendOutcome =
  | { readonly kind: 'sent'; readonly draftReviewId: string }
  /** Any failure: the form stays, with what was typed, and the spec's alert. */
  | { readonly kind: 'failed'; readonly error: unknown }
  /** The modal closed while it was on its way: nothing more to show. */
  | { readonly kind: 'aborted' }
  /** A request of this form is on its way already: the press is ignored. */
  | { readonly kind: 'busy' };

/**
 * Sending one review-request form (docs/widgets/review-request.md#draft-review), React-free: the
 * form component (review-request-form.tsx) makes one per form and leaves validation, the phases
 * and the draft to itself. One request at a time (presses while one is on its way are ignored);
 * each request carries an Idempotency-Key, the same one for the same payload sent again after a
 * failure (a lost answer is replayed by the gateway rather than sent twice), a new one for a
 * payload this form has not sent yet. `abort` (the modal closing) drops the request's outcome.
 */
export class ReviewRequestSender {
  #sending = false;
  /**
   * The key of each payload this form sent. Not only the last one: after a failure whose request
   * did reach the gateway (its answer lost), a changed payload that failed too, and the form
   * changed back, the first payload went again under a new key — the customer asked twice (found
   * with the review request's fault run, test/reliability/review-request.model.test.ts).
   */
  readonly #keys = new Map<string, string>();
  #controller: AbortController | null = null;

  /** A request is on its way. */
  get sending(): boolean {
    return this.#sending;
  }

  async send(client: GatewayClient, board: ReviewRequestBoardForm): Promise<ReviewSendOutcome> {
    if (this.#sending) return { kind: 'busy' };
    const payload = JSON.stringify(board);
    let key = this.#keys.get(payload);
    if (key === undefined) {
      key = newIdempotencyKey();
      this.#keys.set(payload, key);
    }
    const controller = new AbortController();
    this.#controller = controller;
    this.#sending = true;
    try {
      // Held by a 511 challenge: the answer is its replay's, once the challenge is passed (same key).
      const sent = key;
      const response = await requestReviewByEmail(client, board, { idempotencyKey: sent, signal: controller.signal });
      if (controller.signal.aborted) return { kind: 'aborted' };
      return { kind: 'sent', draftReviewId: response.draftReviewId };
    } catch (error) {
      if (controller.signal.aborted || (isGatewayError(error) && error.kind === 'aborted')) return { kind: 'aborted' };
      return { kind: 'failed', error };
    } finally {
      this.#sending = false;
    }
  }

  /** The modal closes: the request on its way (if any) is aborted and its outcome dropped. */
  abort(): void {
    this.#controller?.abort();
  }
}
