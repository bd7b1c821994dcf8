import type { Widget } from '../../runtime/widget';
import { LeadPageRoot, type LeadPageProps } from './lead-page';
import { LEAD_PAGE_CATALOGUE } from './lead-page-messages';

/** `<lead-page>`'s descriptor (docs/widget-shape.md): read by its element and `<lead-app>`'s lead-page route. No lazy part in its first screen: nothing to preload. */
export const leadPageWidget: Widget<LeadPageProps> = {
  component: LeadPageRoot,
  catalogue: LEAD_PAGE_CATALOGUE,
};
