import type { FunnelStep } from '../../domain/funnel-routes';
import { lazyPart, type LazyPart } from '../../ui/lazy-part';

/**
 * The funnel's steps, each a chunk of its own that brings its texts (funnel-step-messages.ts).
 * Named once, here: the shell (raq-funnel.tsx) starts the entry step as its element connects,
 * beside the frame and the first data, and the frame shows them and loads the next one while a
 * step is shown. (The frame's own part is in the shell: the frame imports this file, so this
 * file never imports the frame.)
 */
export const STEP_PARTS: Readonly<Record<FunnelStep, LazyPart<object>>> = {
  entry: lazyPart(() => import(/* lk:first-content */ './entry-step'), (step) => step.default),
  project: lazyPart(() => import('./project-step'), (step) => step.default),
  suggestions: lazyPart(() => import('./suggestions-step'), (step) => step.default),
  summary: lazyPart(() => import('./summary-step'), (step) => step.default),
};
