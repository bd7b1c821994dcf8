import { boardMessages, commonMessages, reviewMessages, validationMessages } from '../../i18n/en-US';

/** The texts the lead board shows (its parts of the catalogue). */
export const LEAD_BOARD_CATALOGUE = { ...commonMessages, ...validationMessages, ...boardMessages, ...reviewMessages } as const;
