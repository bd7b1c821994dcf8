import { commonMessages } from '../../i18n/core/en-US-common';
import { boardMessages } from '../../i18n/en-US/board';

/**
 * The texts of the board's first screen (its element's catalogue). The open card and the filter
 * panel load later with their own parts: `LEAD_CARD_CATALOGUE`, `BOARD_FILTER_CATALOGUE`.
 */
export const LEAD_BOARD_CATALOGUE = { ...commonMessages, ...boardMessages } as const;
