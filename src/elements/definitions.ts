import type { ElementDefinition } from './define-element';
import { leadAppElement } from './lead-app.element';
import { leadBoardElement } from './lead-board.element';
import { leadPageElement } from './lead-page.element';
import { messageThreadElement } from './message-thread.element';
import { raqFunnelElement } from './raq-funnel.element';
import { reviewRequestElement } from './review-request.element';

/** Every element leadkit ships, for `leadkit/define` (the CDN loader imports each lazily). */
export const ELEMENT_DEFINITIONS: readonly ElementDefinition<object>[] = [
  leadPageElement,
  leadBoardElement as ElementDefinition<object>,
  leadAppElement,
  reviewRequestElement as ElementDefinition<object>,
  messageThreadElement as ElementDefinition<object>,
  raqFunnelElement as ElementDefinition<object>,
];
