import type { FunnelLocation } from '../../domain/funnel/routes';
import type { WidgetAttributeProps } from '../../contract/tags';

/**
 * The funnel's props: its tag's attributes (src/contract/tags.ts; described on its element), and
 * its route's location inside the office app. Here, so the lazily loaded frame never imports the
 * widget's top file (parts load one way).
 */
export interface RaqFunnelProps extends WidgetAttributeProps<'raq-funnel'> {
  /**
   * Inside the office app: the funnel route's location (a deep link opens its step). The
   * funnel follows it, and tells the app about its own step changes with `lk-navigate`.
   * Standalone (null) the steps change inside the element and `lk-navigate` lets the host follow.
   */
  location?: FunnelLocation | null;
}
