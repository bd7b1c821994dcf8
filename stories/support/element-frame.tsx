import { useMemo, type CSSProperties, type ReactElement } from 'react';
import type { Parameters } from '@storybook/react-vite';
import { SITE_ROUTES } from '../../examples/site-routes.js';
import { createSandboxChatClientFactory } from '../../src/index';
import type { HostProperties } from '../../src/contract/host-properties';
import type { LeadkitTag } from '../../src/contract/tags';
import { LeadApp, LeadBoard, LeadPage, MessageThread, RaqFunnel, ReviewRequest, type LeadkitComponentProps } from '../../src/react';
import { useSandbox, type StorySandbox } from './sandbox';
import { SHADOW_HOST_TEST_ID } from './shadow-frame';
import { useStoryLocaleInputs } from './story-locale';

/** The public React components (`leadkit/react`), one per tag. */
const COMPONENTS = {
  'lead-board': LeadBoard,
  'lead-page': LeadPage,
  'lead-app': LeadApp,
  'message-thread': MessageThread,
  'raq-funnel': RaqFunnel,
  'review-request': ReviewRequest,
} as const;

/** A story's args: the element's props as `leadkit/react` takes them. */
export type ElementArgs<T extends LeadkitTag> = LeadkitComponentProps<T>;

export interface ElementFrameOptions {
  /** The element's width in px (a phone: 390); its own width otherwise. */
  width?: number;
  /** More inline style on the element, as a host page sets it (`--lk-*` custom properties, a max width). */
  style?: CSSProperties & Record<`--lk-${string}`, string>;
  /** A class on the element, for the page's `::part()` rules. */
  className?: string;
  /** `now` on the sandbox's clock (`parameters.sandbox.now`, default SANDBOX_NOW): the seed's dates read as the server sees them. */
  clock?: boolean;
  /**
   * More public JS properties (`flags`, `routes`, `savedReplies`, `now`, `auth`…), made once per
   * sandbox (a toolbar change): the story's sandbox and context in, the properties out.
   */
  properties?: (sandbox: StorySandbox, context: { parameters: Parameters }) => Partial<HostProperties>;
}

/**
 * A story's `render`: the real element `tag` through its `leadkit/react` component, configured
 * as a host page configures it and through nothing else — the story's args as its attributes
 * (and any property args), the sandbox's gateway config as `gateway` (auth from `sp-id`), the
 * example site's `routes`, the sandbox's chat service as `chat`, the toolbar's locale (the
 * `locale` attribute, or the pseudo-locale's `messages`), plus `options`. `shadowOf(canvasElement)`
 * finds it (its `data-testid`). Also a component: `<Frame {...args} savedReplies={list} />` in a
 * story's own render (a host that keeps state); `properties` then get no story context.
 */
export function elementFrame<T extends LeadkitTag>(tag: T, options: ElementFrameOptions = {}) {
  const Component = COMPONENTS[tag] as unknown as (props: ElementArgs<T>) => ReactElement;
  const { width, style, className, clock, properties } = options;
  return function ElementFrame(args: ElementArgs<T>, context?: { parameters: Parameters }) {
    const sandbox = useSandbox();
    const { locale, messages } = useStoryLocaleInputs((args as { messages?: Readonly<Record<string, string>> }).messages);
    // One set of properties per sandbox: a new object would set the property again (a re-render).
    const inputs = useMemo(
      () => ({
        gateway: sandbox.config,
        routes: SITE_ROUTES,
        chat: createSandboxChatClientFactory({ fetch: sandbox.gateway.fetch, mediaUrls: 'object-url' }),
        ...(clock ? { now: () => sandbox.now } : {}),
        ...properties?.(sandbox, context ?? { parameters: {} }),
      }),
      // eslint-disable-next-line react-hooks/exhaustive-deps -- made once per sandbox (the context's other parts do not change within a render of it)
      [sandbox],
    );
    // A phone's width, never past the page's (a 390 px element in a 390 px viewport with the canvas's padding reached 16 px past it).
    const hostStyle = width || style ? { ...(width ? { width: `min(${width}px, 100%)` } : {}), ...style } : undefined;
    return (
      <Component
        data-testid={SHADOW_HOST_TEST_ID}
        {...inputs}
        {...args}
        {...(locale ? { locale } : {})}
        {...(messages ? { messages } : {})}
        {...(hostStyle ? { style: hostStyle } : {})}
        {...(className ? { className } : {})}
      />
    );
  };
}
