import type { ElementDefinition } from './element-definition';
import { leadAppElement } from './lead-app.element';
import { leadBoardElement } from './lead-board.element';
import { leadPageElement } from './lead-page.element';
import { messageThreadElement } from './message-thread.element';
import { raqFunnelElement } from './raq-funnel.element';
import { reviewRequestElement } from './review-request.element';
import { TAG_NAMES, type LeadkitTag } from '../contract/tags';

/**
 * Each tag of the tag table bound to its widget (the compiler rejects a tag without one), for
 * `leadkit/define` and `leadkit/react`. The CDN build imports each `<tag>.element.ts` lazily instead.
 */
export const ELEMENTS: { readonly [T in LeadkitTag]: ElementDefinition<T> } = {
  'lead-page': leadPageElement,
  'lead-board': leadBoardElement,
  'lead-app': leadAppElement,
  'review-request': reviewRequestElement,
  'message-thread': messageThreadElement,
  'raq-funnel': raqFunnelElement,
};

/** A definition of any tag. */
type AnyElementDefinition = (typeof ELEMENTS)[LeadkitTag];

/**
 * Every element leadkit ships, in the tag table's order.
 * @internal Only tests use it: no shipped code calls it.
 */
export const ELEMENT_DEFINITIONS: readonly AnyElementDefinition[] = TAG_NAMES.map((tag) => ELEMENTS[tag]);
