/**
 * `leadkit/react`: React components for React hosts. Each renders the custom element (so
 * styles stay in its shadow root and behave exactly as on any page), passes objects as
 * properties, and maps leadkit events to callback props.
 */
import { createElement, useEffect, useRef, type CSSProperties } from 'react';
import type { AnalyticsSink, Flags } from './runtime/runtime';
import type { GatewayAuth } from './gateway/auth';
import type { GatewayInput } from './runtime/gateway-config';
import type { RouteBuilders } from './domain/routes';
import type { LeadkitEventMap, LeadkitEventName } from './runtime/events';
import type { ElementDefinition } from './elements/define-element';
import { defineElement } from './elements/registry';
import { leadAppElement } from './elements/lead-app.element';
import { leadBoardElement } from './elements/lead-board.element';
import { leadPageElement } from './elements/lead-page.element';
import { messageThreadElement } from './elements/message-thread.element';
import { raqFunnelElement, type RaqFunnelElementProps } from './elements/raq-funnel.element';
import { reviewRequestElement, type ReviewRequestElementProps } from './elements/review-request.element';
import type { LeadPageProps as LeadPageWidgetProps } from './widgets/lead-page/lead-page';
import type { LeadAppProps as LeadAppWidgetProps } from './widgets/lead-app/lead-app';
import type { LeadBoardProps as LeadBoardWidgetProps } from './widgets/lead-board/lead-board';
import type { MessageThreadProps as MessageThreadWidgetProps } from './widgets/message-thread/message-thread';
import type { ChatClientFactory } from './chat/chat-client';

/** Host inputs every component takes as props. */
export interface HostProps {
  gateway?: GatewayInput;
  auth?: GatewayAuth;
  messages?: Readonly<Record<string, string>>;
  locale?: string;
  flags?: Flags;
  analytics?: Partial<AnalyticsSink>;
  routes?: Partial<RouteBuilders>;
  /** "Now" for what the widget renders from the time (e.g. masked-number validity); default the real clock. */
  now?: () => Date;
  /** Chat client factory for the message thread (e.g. `createTwilioChatClientFactory()`). */
  chat?: ChatClientFactory;
  className?: string;
  style?: CSSProperties;
  /** Fires before a link leaves the widget; call `preventDefault()` to route yourself. */
  onNavigate?: (event: CustomEvent<LeadkitEventMap['lk-navigate']>) => void;
  onLoad?: (event: CustomEvent<LeadkitEventMap['lk-load']>) => void;
  onError?: (event: CustomEvent<LeadkitEventMap['lk-error']>) => void;
  /** A message was sent from the thread (ids only). */
  onMessageSend?: (event: CustomEvent<LeadkitEventMap['lk-message-send']>) => void;
  /** The funnel created the customer's lead (`{ leadId }`). */
  onLeadCreate?: (event: CustomEvent<LeadkitEventMap['lk-lead-create']>) => void;
}

const EVENT_PROPS = { onNavigate: 'lk-navigate', onLoad: 'lk-load', onError: 'lk-error', onMessageSend: 'lk-message-send', onLeadCreate: 'lk-lead-create' } as const satisfies Record<string, LeadkitEventName>;
const OBJECT_PROPS = ['gateway', 'auth', 'messages', 'locale', 'flags', 'analytics', 'routes', 'now', 'chat'] as const;

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);

function createComponent<P extends object>(definition: ElementDefinition<P>) {
  function LeadkitComponent(props: P & HostProps) {
    defineElement(definition);
    const ref = useRef<HTMLElement>(null);
    const all = props as Record<string, unknown>;

    useEffect(() => {
      const element = ref.current as (HTMLElement & Record<string, unknown>) | null;
      if (!element) return;
      for (const name of OBJECT_PROPS) if (all[name] !== undefined) element[name] = all[name];
    });

    const { onNavigate, onLoad, onError, onMessageSend, onLeadCreate } = props;
    useEffect(() => {
      const element = ref.current;
      if (!element) return;
      const handlers: Record<string, ((event: never) => void) | undefined> = { onNavigate, onLoad, onError, onMessageSend, onLeadCreate };
      const listeners: [string, EventListener][] = [];
      for (const [prop, event] of Object.entries(EVENT_PROPS)) {
        const handler = handlers[prop];
        if (handler) listeners.push([event, handler as unknown as EventListener]);
      }
      for (const [event, listener] of listeners) element.addEventListener(event, listener);
      return () => {
        for (const [event, listener] of listeners) element.removeEventListener(event, listener);
      };
    }, [onNavigate, onLoad, onError, onMessageSend, onLeadCreate]);

    const attributes: Record<string, unknown> = { ref, class: props.className, style: props.style };
    for (const name of Object.keys(definition.attributes)) {
      const value = all[name];
      if (value !== undefined && value !== null) attributes[kebab(name)] = String(value);
    }
    return createElement(definition.tag, attributes);
  }
  LeadkitComponent.displayName = definition.tag;
  return LeadkitComponent;
}

export type LeadPageProps = LeadPageWidgetProps & HostProps;
export type LeadAppProps = LeadAppWidgetProps & HostProps;
export type LeadBoardProps = LeadBoardWidgetProps & HostProps;
export type ReviewRequestProps = ReviewRequestElementProps & HostProps;
export type MessageThreadProps = MessageThreadWidgetProps & HostProps;
export type RaqFunnelProps = RaqFunnelElementProps & HostProps;

/** `<lead-page>` for React hosts. */
export const LeadPage = createComponent<LeadPageWidgetProps>(leadPageElement);
/** `<lead-board>` for React hosts. */
export const LeadBoard = createComponent<LeadBoardWidgetProps>(leadBoardElement);
/** `<review-request>` for React hosts. */
export const ReviewRequest = createComponent<ReviewRequestElementProps>(reviewRequestElement);
/** `<message-thread>` for React hosts (set `chat` to a chat client factory). */
export const MessageThread = createComponent<MessageThreadWidgetProps>(messageThreadElement);
/** `<raq-funnel>` for React hosts (a signed-in customer's token as `auth`). */
export const RaqFunnel = createComponent<RaqFunnelElementProps>(raqFunnelElement);
/** `<lead-app>` for React hosts. */
export const LeadApp = createComponent<LeadAppWidgetProps>(leadAppElement);

export type { LeadkitEvent, LeadkitEventMap, LeadkitEventName, NavigationKind } from './runtime/events';
