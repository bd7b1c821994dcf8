import type { FunnelLocation } from '../../domain/funnel-routes';

/** The funnel's props: here, so the lazily loaded frame never imports the widget's top file (parts load one way). */
export interface RaqFunnelProps {
  /** A category to start with (`category-id`): the spec's "query" category. */
  categoryId?: number | null;
  /** A postal code to start with (`postal-code`). */
  postalCode?: string | null;
  /** The pro the customer came from (`sp-id`): the request goes to this provider. */
  spId?: number | null;
  /** Where the customer entered from (`referrer`): kept without its query string. */
  referrer?: string | null;
  /**
   * Inside the office app: the funnel route's location (a deep link opens its step). The
   * funnel follows it, and tells the app about its own step changes with `lk-navigate`.
   * Standalone (null) the steps change inside the element and `lk-navigate` lets the host follow.
   */
  location?: FunnelLocation | null;
}
