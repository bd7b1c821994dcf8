import { boardFilterMessages } from '../../../i18n/en-US/board-filters';

/** The texts of the board's filter panel and date-range picker (loaded with the panel). */
export const BOARD_FILTER_CATALOGUE = { ...boardFilterMessages } as const;
