/**
 * `leadkit/react`: React components for React hosts. Each renders the custom element (so
 * styles stay in its shadow root and behave exactly as on any page). Everything is derived
 * from the tag table, the host-property table and the event map:
 * - the tag's attributes as props (`spId`, `leadId`…), set as attributes;
 * - the host properties (`gateway`, `auth`, `flags`…) set as element properties before the
 *   element's first render (layout effect; `undefined` clears one);
 * - an `on…` prop per event of `LeadkitEventMap` (`lk-lead-status-change` → `onLeadStatusChange`);
 * - `ref` to the element, and every other prop (`id`, `className`, `style`, `aria-*`, `data-*`,
 *   `slot`, `hidden`, `tabIndex`…) passed to it.
 */
import { createElement, use, useCallback, useLayoutEffect, useRef, type AriaAttributes, type CSSProperties, type ReactElement, type Ref } from 'react';
import type { ElementDefinition } from './elements/element-definition';
import { ELEMENTS } from './elements/definitions';
import type { LeadkitElement } from './elements/element-types';
import type { FirstScreenData } from './contract/first-screen-data';
import { serverRenderer } from './elements/server-renderer';
import { defineElement } from './elements/define-element';
import { kebab, pascal, type HostAttributeProps, type LeadkitTag, type TagAttributeProps } from './contract/tags';
import { LEADKIT_EVENTS, type LeadkitEvent, type LeadkitEventName } from './contract/events';
import { HOST_PROPERTIES, type HostProperties } from './contract/host-properties';
import { attributeReader, isAbsent } from './contract/parse-attribute';

type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Capitalize<Head>}${Camel<Tail>}` : Capitalize<S>;
/** `lk-lead-status-change` → `onLeadStatusChange`. */
export type EventPropName<K extends LeadkitEventName> = K extends `lk-${infer Rest}` ? `on${Camel<Rest>}` : never;

/** An `on…` callback prop per leadkit event. */
export type LeadkitEventProps = { [K in LeadkitEventName as EventPropName<K>]?: (event: LeadkitEvent<K>) => void };

/** What a React host may pass through to the element itself. */
export interface PassThroughProps extends AriaAttributes {
  id?: string;
  className?: string;
  style?: CSSProperties;
  slot?: string;
  hidden?: boolean;
  tabIndex?: number;
  title?: string;
  lang?: string;
  dir?: string;
  role?: string;
  [dataAttribute: `data-${string}`]: string | number | boolean | undefined;
}

/** The props of the component for tag `T`. */
export type LeadkitComponentProps<T extends LeadkitTag> = TagAttributeProps<T> &
  HostAttributeProps &
  Partial<HostProperties> &
  LeadkitEventProps &
  PassThroughProps & {
    ref?: Ref<LeadkitElement<T>>;
    /**
     * The first screen's data (`loadFirstScreen` from `leadkit`, in a server component): while
     * the page renders on the server the element comes with that first screen as a declarative
     * shadow root, which the browser hydrates in place. Ignored in the browser.
     */
    firstScreen?: FirstScreenData;
  };

/** Host inputs every component takes as props. */
export type HostProps = Partial<HostProperties> & HostAttributeProps & LeadkitEventProps & PassThroughProps;

export const eventPropName = (event: LeadkitEventName): string => `on${pascal(event.slice(3))}`;
const EVENT_PROPS = new Map(LEADKIT_EVENTS.map((event) => [eventPropName(event), event]));

function assignRef<E>(ref: Ref<E> | undefined, value: E | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: E | null }).current = value;
}

/** Each first screen is rendered once per data and attributes (a server render re-renders a component that waited). */
const renderedFirstScreens = new WeakMap<FirstScreenData, Map<string, Promise<string | null>>>();

function createComponent<T extends LeadkitTag>(definition: ElementDefinition<T>) {
  const attributeTypes = attributeReader(definition.tag).types;

  /**
   * On a server, with first-screen data: the shadow root's HTML (suspends until rendered), or
   * null — in the browser (the parser made the template a shadow root: React sees no child
   * there), and when the server cannot render it (the browser renders it: no error, no 500).
   */
  function useServerShadowRoot(firstScreen: FirstScreenData | undefined, attributes: Record<string, string>, all: Record<string, unknown>): string | null {
    const render = serverRenderer();
    if (typeof document !== 'undefined' || !render || !firstScreen || firstScreen.tag !== definition.tag) return null;
    const byAttributes = renderedFirstScreens.get(firstScreen) ?? new Map<string, Promise<string | null>>();
    renderedFirstScreens.set(firstScreen, byAttributes);
    const key = JSON.stringify(attributes);
    let html = byAttributes.get(key);
    if (!html) {
      // The host's properties as set: the render builds the element's client from its gateway inputs
      // as the element does, its `gateway` being the first-screen data (render-first-screen.ts).
      const properties = Object.fromEntries(HOST_PROPERTIES.filter((name) => all[name] !== undefined).map((name) => [name, all[name]]));
      html = render(definition.tag, { attributes, properties, from: firstScreen }).catch((error: unknown) => {
        console.warn(`leadkit: <${definition.tag}> left its first screen to the browser: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      });
      byAttributes.set(key, html);
    }
    return use(html);
  }

  function LeadkitComponent(props: LeadkitComponentProps<T>): ReactElement {
    const element = useRef<HTMLElement | null>(null);
    const all = props as Record<string, unknown>;
    const forwarded = all.ref as Ref<LeadkitElement<T>> | undefined;
    const setRef = useCallback(
      (node: HTMLElement | null) => {
        element.current = node;
        assignRef(forwarded, node as LeadkitElement<T> | null);
      },
      [forwarded],
    );

    // The tag is defined once the element is in the document (never during a render: a server
    // render has no `customElements`, and a hydrating render must not upgrade the element before
    // React has adopted it); it upgrades at once, in this task. Declared before the property
    // effect, so the setters are the element's own by then.
    useLayoutEffect(() => {
      defineElement(definition);
    }, []);

    // Properties before the element's first render: a layout effect runs in the task that
    // inserted the element, and the element renders from a microtask after that.
    const hostValues = HOST_PROPERTIES.map((name) => all[name]);
    useLayoutEffect(() => {
      const node = element.current as (HTMLElement & Record<string, unknown>) | null;
      if (!node) return;
      HOST_PROPERTIES.forEach((name, i) => {
        if (node[name] !== hostValues[i]) node[name] = hostValues[i];
      });
      // eslint-disable-next-line react-hooks/exhaustive-deps -- one dependency per host property (derived from HOST_PROPERTIES)
    }, hostValues);

    const handlers = [...EVENT_PROPS.keys()].map((prop) => all[prop]);
    useLayoutEffect(() => {
      const node = element.current;
      if (!node) return;
      const listeners: [string, EventListener][] = [];
      [...EVENT_PROPS.values()].forEach((event, i) => {
        const handler = handlers[i];
        if (typeof handler === 'function') listeners.push([event, handler as EventListener]);
      });
      for (const [event, listener] of listeners) node.addEventListener(event, listener);
      return () => {
        for (const [event, listener] of listeners) node.removeEventListener(event, listener);
      };
      // eslint-disable-next-line react-hooks/exhaustive-deps -- one dependency per event prop (derived from LEADKIT_EVENTS)
    }, handlers);

    const elementProps: Record<string, unknown> = { ref: setRef };
    const attributes: Record<string, string> = {};
    for (const [name, value] of Object.entries(all)) {
      if (name === 'ref' || name === 'firstScreen' || EVENT_PROPS.has(name) || (HOST_PROPERTIES as readonly string[]).includes(name)) continue;
      if (name in attributeTypes) {
        // Attributes as the element reads them: a false boolean or an empty value is no attribute.
        if (isAbsent(value)) continue;
        elementProps[kebab(name)] = attributes[kebab(name)] = attributeTypes[name] === 'boolean' ? '' : String(value);
      } else {
        elementProps[name] = value;
      }
    }
    const shadow = useServerShadowRoot(all.firstScreen as FirstScreenData | undefined, attributes, all);
    return shadow === null
      ? createElement(definition.tag, elementProps)
      : createElement(definition.tag, elementProps, createElement('template', { shadowrootmode: 'open', dangerouslySetInnerHTML: { __html: shadow } }));
  }
  LeadkitComponent.displayName = pascal(definition.tag);
  return LeadkitComponent;
}

export type LeadPageProps = LeadkitComponentProps<'lead-page'>;
export type LeadBoardProps = LeadkitComponentProps<'lead-board'>;
export type LeadAppProps = LeadkitComponentProps<'lead-app'>;
export type ReviewRequestProps = LeadkitComponentProps<'review-request'>;
export type MessageThreadProps = LeadkitComponentProps<'message-thread'>;
export type RaqFunnelProps = LeadkitComponentProps<'raq-funnel'>;

/** `<lead-page>` for React hosts. */
export const LeadPage = createComponent(ELEMENTS['lead-page']);
/** `<lead-board>` for React hosts. */
export const LeadBoard = createComponent(ELEMENTS['lead-board']);
/** `<review-request>` for React hosts. */
export const ReviewRequest = createComponent(ELEMENTS['review-request']);
/** `<message-thread>` for React hosts (set `chat` to a chat client factory). */
export const MessageThread = createComponent(ELEMENTS['message-thread']);
/** `<raq-funnel>` for React hosts (a signed-in customer's token as `auth`). */
export const RaqFunnel = createComponent(ELEMENTS['raq-funnel']);
/** `<lead-app>` for React hosts. */
export const LeadApp = createComponent(ELEMENTS['lead-app']);

export type { LeadkitEvent, LeadkitEventMap, LeadkitEventName, NavigationKind } from './contract/events';
export type {
  LeadkitElement,
  LeadPageElement,
  LeadBoardElement,
  LeadAppElement,
  ReviewRequestElement,
  MessageThreadElement,
  RaqFunnelElement,
} from './elements/element-types';
