import type { ReactNode } from 'react';
import type { GatewayClient } from '../gateway/core/client';
import type { MessageCatalogue } from '../i18n/en-US';

/**
 * What an element gives its widget's `preload` as it connects, so that the first data can start
 * before the first render (the thread opens its chat so): each read when called.
 */
export interface ElementStart {
  /** The element's props now: its parsed attributes and the host properties set. */
  props(): Readonly<Record<string, unknown>>;
  /** The gateway client its tree renders with (the same object: made here first, taken there). */
  client(): GatewayClient;
  /** Aborts when the element leaves the document (what was started and not taken is given up). */
  readonly signal: AbortSignal;
}

/**
 * A widget's descriptor (`src/widgets/<name>/<name>.widget.ts`, see docs/widget-shape.md): what
 * its element (src/elements/<name>.element.ts) and `<lead-app>`'s routes read about it, written
 * once.
 */
export interface Widget<P extends object = object> {
  /** The top component (`<name>.tsx`): the attributes of its tag are its props. */
  readonly component: (props: P) => ReactNode;
  /**
   * The texts of its first screen: its parts of the en-US catalogue (`<name>-messages.ts`).
   * Lazily loaded parts bring their own (`withMessages` in their loader).
   */
  readonly catalogue: MessageCatalogue;
  /**
   * Starts the lazy parts of its first screen (its list, its body, a route's widget) so they are
   * here by its first render: called by its element as it connects (with the element, whose
   * attributes may choose the parts), and by `<lead-app>` once the widget's code arrived for a
   * route (without one). Absent when the first screen has no lazy part. An element passes its
   * `start` too: a widget may begin its first data with it (without, it begins at its render).
   *
   * Settles once they are here (rejects when one failed to load): a server's first screen
   * hydrates only then, so each boundary hydrates with the props the server rendered it with.
   */
  readonly preload?: ((element?: Element, start?: ElementStart) => Promise<unknown>) | undefined;
}
