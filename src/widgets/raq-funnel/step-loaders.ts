import type { FunnelStep } from '../../domain/funnel/routes';
import { withMessages } from '../../runtime/runtime';
import { lazyPart, type LazyPart } from '../../ui/lazy-part';

/**
 * The funnel's steps, each a part of its own (docs/widget-shape.md, "Lazy parts") that brings
 * its texts (funnel-step-messages.ts). Named once, here: the shell starts the entry step as its
 * element connects (frame-loader.ts), beside the frame and the first data, and the frame shows
 * them and loads the next one while a step is shown. (The frame's own part is in
 * frame-loader.ts: the frame imports this file, so this file never imports the frame.)
 */
export const STEP_PARTS: Readonly<Record<FunnelStep, LazyPart<object>>> = {
  entry: lazyPart(
    () => import(/* lk:first-content */ './entry/entry-step'),
    (step) => withMessages(step.EntryStep, step.FUNNEL_STEP_CATALOGUE),
  ),
  project: lazyPart(
    () => import('./project/project-step'),
    (step) => withMessages(step.ProjectStep, step.FUNNEL_STEP_CATALOGUE),
  ),
  suggestions: lazyPart(
    () => import('./suggestions/suggestions-step'),
    (step) => withMessages(step.SuggestionsStep, step.FUNNEL_STEP_CATALOGUE),
  ),
  summary: lazyPart(
    () => import('./summary/summary-step'),
    (step) => withMessages(step.SummaryStep, step.FUNNEL_STEP_CATALOGUE),
  ),
};
