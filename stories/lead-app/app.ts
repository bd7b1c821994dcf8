import type { Parameters } from '@storybook/react-vite';
import { elementFrame } from '../support/element-frame';

/** What the office app's stories share: the element, the page's path, the routes' parts loaded. */

/** The <lead-app> element as a host page configures it (stories/support/element-frame.tsx). */
export const app = elementFrame('lead-app');

/**
 * A story's `beforeEach`: the page is at `parameters.path` (path and query) while the story
 * runs — <lead-app> routes by the page's own URL, as on a host page — and back where it was after.
 * Only the URL changes (`history.replaceState`): nothing reloads.
 */
export function atPath({ parameters }: { parameters: Parameters }) {
  const before = window.location.href;
  const path = (parameters as { path?: string }).path;
  if (path) history.replaceState(history.state, '', path);
  return () => history.replaceState(history.state, '', before);
}

/**
 * The routes' widgets load lazily: imported before the story renders, so a play function waits
 * for the screen's data, not for a chunk on a busy machine.
 */
export const routeLoaders = [
  async () => {
    await Promise.all([
      import('../../src/widgets/lead-board/lead-board'),
      import('../../src/widgets/lead-page/lead-page'),
      import('../../src/widgets/message-thread/message-thread'),
      import('../../src/widgets/raq-funnel/raq-funnel'),
    ]);
    return {};
  },
];

/** How long a play function waits for a route's screen: a bound for a hung story, not a speed check. */
export const ROUTE_TIMEOUT = { timeout: 10_000 };
