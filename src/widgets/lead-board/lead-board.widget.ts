import type { Widget } from '../../runtime/widget';
import { preloadLeadBoard } from './board-loaders';
import { LeadBoardRoot, type LeadBoardProps } from './lead-board';
import { LEAD_BOARD_CATALOGUE } from './lead-board-messages';

/** `<lead-board>`'s descriptor (docs/widget-shape.md): read by its element and `<lead-app>`'s board route. */
export const leadBoardWidget: Widget<LeadBoardProps> = {
  component: LeadBoardRoot,
  catalogue: LEAD_BOARD_CATALOGUE,
  preload: preloadLeadBoard,
};
