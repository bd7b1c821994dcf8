import { boardBulkMessages } from '../../../i18n/en-US/board-bulk';

/** The texts of the board's bulk toolbar and its summary (loaded with the bulk part). */
export const BOARD_BULK_CATALOGUE = { ...boardBulkMessages } as const;
