import type { LeadkitEventMap, LeadkitEventName } from '../contract/events';
import type { HostProperties } from '../contract/host-properties';
import type { HostAttributeProps, LeadkitTag, TagAttributeProps } from '../contract/tags';

type Listener<E extends Element, V> = ((this: E, event: V) => unknown) | { handleEvent(event: V): unknown };

/**
 * What every leadkit element has beyond `HTMLElement`: typed listeners for leadkit events
 * (`detail` typed from `LeadkitEventMap`).
 */
export interface LeadkitElementBase extends HTMLElement {
  addEventListener<K extends LeadkitEventName>(
    type: K,
    listener: Listener<this, CustomEvent<LeadkitEventMap[K]>>,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: Listener<this, HTMLElementEventMap[K]>,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends LeadkitEventName>(
    type: K,
    listener: Listener<this, CustomEvent<LeadkitEventMap[K]>>,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: Listener<this, HTMLElementEventMap[K]>,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/**
 * A leadkit element of tag `T`: its attributes as properties (`el.spId = 1001` sets `sp-id`;
 * undefined removes it), the host properties (objects: `el.gateway = createGatewayClient(…)`),
 * and typed event listeners. Derived from the tag table and the host-property table.
 */
export type LeadkitElement<T extends LeadkitTag> = LeadkitElementBase &
  TagAttributeProps<T> &
  HostAttributeProps & { [K in keyof HostProperties]?: HostProperties[K] | undefined };

/** Every leadkit tag → its element type. */
export type LeadkitElements = { [T in LeadkitTag]: LeadkitElement<T> };

export type LeadPageElement = LeadkitElement<'lead-page'>;
export type LeadBoardElement = LeadkitElement<'lead-board'>;
export type LeadAppElement = LeadkitElement<'lead-app'>;
export type ReviewRequestElement = LeadkitElement<'review-request'>;
export type MessageThreadElement = LeadkitElement<'message-thread'>;
export type RaqFunnelElement = LeadkitElement<'raq-funnel'>;

declare global {
  // `document.querySelector('lead-board')`, `document.createElement('lead-page')` are typed
  // (tags under the default names; a prefixed tag is `LeadkitElement<'lead-board'>` by hand).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an augmentation: the members come from the map
  interface HTMLElementTagNameMap extends LeadkitElements {}
}
