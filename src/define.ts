/**
 * `leadkit/define`: registers every leadkit element under its default name (side effect).
 * Safe to load twice. For a prefix, import `defineElements` from `leadkit` instead (importing
 * it from there registers nothing first); it is re-exported here for existing imports.
 *
 * Each element class is exported by name (`LeadBoardElement`…): custom-elements.json declares
 * them in this module (`dist/define.js`), so tools find the class of every tag. A tag another
 * bundle defined first exports that bundle's class (the first definition stays). On a server
 * (Node, a server render: no `customElements`) importing it defines nothing and the classes are
 * undefined.
 */
import { defineElements } from './define-elements';
import type { LeadkitElements } from './elements/element-types';
import type { LeadkitTag } from './contract/tags';

/** The class of a leadkit element: `new LeadBoardElement()` is a `<lead-board>`. */
export interface LeadkitElementClass<T extends LeadkitTag> {
  new (): LeadkitElements[T];
  readonly prototype: LeadkitElements[T];
}

const classes = defineElements() as { [T in LeadkitTag]: LeadkitElementClass<T> };

export const LeadPageElement = classes['lead-page'];
export type LeadPageElement = LeadkitElements['lead-page'];
export const LeadBoardElement = classes['lead-board'];
export type LeadBoardElement = LeadkitElements['lead-board'];
export const LeadAppElement = classes['lead-app'];
export type LeadAppElement = LeadkitElements['lead-app'];
export const ReviewRequestElement = classes['review-request'];
export type ReviewRequestElement = LeadkitElements['review-request'];
export const MessageThreadElement = classes['message-thread'];
export type MessageThreadElement = LeadkitElements['message-thread'];
export const RaqFunnelElement = classes['raq-funnel'];
export type RaqFunnelElement = LeadkitElements['raq-funnel'];

export { defineElements };
