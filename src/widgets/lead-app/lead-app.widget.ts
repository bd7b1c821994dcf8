import type { Widget } from '../../runtime/widget';
import { LeadAppRoot, type LeadAppProps } from './lead-app';
import { LEAD_APP_CATALOGUE } from './lead-app-messages';
import { preloadLeadApp } from './route-loaders';

/** `<lead-app>`'s descriptor (docs/widget-shape.md): read by its element. */
export const leadAppWidget: Widget<LeadAppProps> = {
  component: LeadAppRoot,
  catalogue: LEAD_APP_CATALOGUE,
  preload: preloadLeadApp,
};
