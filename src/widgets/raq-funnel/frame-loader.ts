import { lazyPart } from '../../ui/lazy-part';
import { STEP_PARTS } from './step-loaders';

/** The frame (state, progress, the step panel): loaded beside the entry step as the element connects. */
export const FunnelFrame = lazyPart(
  () => import(/* lk:first-content */ './funnel-frame'),
  (frame) => frame.FunnelFrame,
);

/** Starts the funnel's first screen — the frame and the entry step — (see ui/lazy-part.ts). */
export function preloadRaqFunnel(): Promise<unknown> {
  return Promise.all([FunnelFrame.preload(), STEP_PARTS.entry.preload()]);
}
