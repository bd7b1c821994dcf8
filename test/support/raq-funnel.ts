import { FunnelFrame } from '../../src/widgets/raq-funnel/frame-loader';
import { STEP_PARTS } from '../../src/widgets/raq-funnel/step-loaders';

/**
 * For the funnel's component tests and stories: the parts the funnel loads lazily (its frame and
 * each step) loaded up front through their loaders, so a test waits for the state it needs, not
 * for a chunk to arrive on a busy machine (see lead-board's board-test-setup.ts).
 */
export async function preloadFunnelParts(): Promise<void> {
  await Promise.all([FunnelFrame.preload(), ...Object.values(STEP_PARTS).map((step) => step.preload())]);
}
