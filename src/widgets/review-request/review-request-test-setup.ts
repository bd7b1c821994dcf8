/**
 * For the review request's component tests: its modal, loaded lazily when the button is
 * pressed, imported up front, so a test waits for the state it needs, not for a chunk to arrive
 * on a busy machine (see lead-board/board-test-setup.ts).
 */
export async function preloadReviewRequestParts(): Promise<void> {
  await import('./review-request-modal');
}
