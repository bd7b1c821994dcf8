/**
 * For the funnel's component tests: the parts the funnel loads lazily (its frame and each step)
 * imported up front, so a test waits for the state it needs, not for a chunk to arrive on a busy
 * machine (see lead-board/board-test-setup.ts).
 */
export async function preloadFunnelParts(): Promise<void> {
  await Promise.all([import('./funnel-frame'), import('./entry-step'), import('./project-step'), import('./suggestions-step'), import('./summary-step')]);
}
