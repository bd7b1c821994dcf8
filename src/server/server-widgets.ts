/**
 * Each tag's server half, and what the server layer applies of it: which answers a page may
 * carry, which calls a server render never makes.
 */
import type { LeadkitTag } from '../contract/tags';
import type { ServerAnswer } from '../gateway/server-answers';
import type { WidgetServer } from '../runtime/widget-server';
import { leadAppServer } from '../widgets/lead-app/lead-app.server';
import { leadBoardServer } from '../widgets/lead-board/lead-board.server';
import { leadPageServer } from '../widgets/lead-page/lead-page.server';
import { messageThreadServer } from '../widgets/message-thread/message-thread.server';
import { raqFunnelServer } from '../widgets/raq-funnel/raq-funnel.server';

/**
 * Each tag's server half (`src/widgets/<name>/<name>.server.ts`, runtime/widget-server.ts):
 * bound here to its tag as `ELEMENTS` binds the browser half; what each says is written there
 * only. A tag without one (`<review-request>`: its first screen is a button) makes no first
 * calls and carries every answer as it came.
 */
export const SERVER_WIDGETS: { readonly [T in LeadkitTag]?: WidgetServer } = {
  'lead-board': leadBoardServer,
  'lead-page': leadPageServer,
  'message-thread': messageThreadServer,
  'raq-funnel': raqFunnelServer,
  'lead-app': leadAppServer,
};

/** The answers of a server's first screen as they may go in the page (the tag's `answer`). */
export function inlinableAnswers(tag: LeadkitTag, answers: readonly ServerAnswer[]): ServerAnswer[] {
  const inlinable = SERVER_WIDGETS[tag]?.answer;
  return inlinable ? answers.flatMap((answer) => inlinable(answer) ?? []) : [...answers];
}

/** Whether a server render of `tag` leaves the call to `path` to the browser (the tag's `withholds`). */
export const serverWithholds = (tag: LeadkitTag, path: string): boolean => SERVER_WIDGETS[tag]?.withholds?.(path) ?? false;
