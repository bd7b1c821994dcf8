import { ReviewRequestModal } from '../../src/widgets/review-request/modal-loader';

/**
 * For the review request's component tests and stories: its modal, loaded lazily when the button
 * is pressed, loaded up front through its loader, so a test waits for the state it needs, not for
 * a chunk to arrive on a busy machine (see lead-board's board-test-setup.ts).
 */
export async function preloadReviewRequestParts(): Promise<void> {
  await ReviewRequestModal.preload();
}
