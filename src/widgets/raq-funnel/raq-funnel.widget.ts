import type { Widget } from '../../runtime/widget';
import { RaqFunnelRoot } from './raq-funnel';
import type { RaqFunnelProps } from './raq-funnel-props';
import { RAQ_FUNNEL_CATALOGUE } from './raq-funnel-messages';
import { preloadRaqFunnel } from './frame-loader';

/** `<raq-funnel>`'s descriptor (docs/widget-shape.md): read by its element and `<lead-app>`'s funnel routes. */
export const raqFunnelWidget: Widget<RaqFunnelProps> = {
  component: RaqFunnelRoot,
  catalogue: RAQ_FUNNEL_CATALOGUE,
  preload: preloadRaqFunnel,
};
