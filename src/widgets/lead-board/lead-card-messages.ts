import { validationMessages } from '../../i18n/en-US/validation';
import { boardCardMessages } from '../../i18n/en-US/board-card';
import { reviewMessages } from '../../i18n/en-US/review';

/** The texts of the board's open card, its dialogs and the review request it opens (loaded with the card body). */
export const LEAD_CARD_CATALOGUE = { ...validationMessages, ...boardCardMessages, ...reviewMessages } as const;
