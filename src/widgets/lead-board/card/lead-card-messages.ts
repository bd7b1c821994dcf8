import { validationMessages } from '../../../i18n/en-US/validation';
import { boardCardMessages } from '../../../i18n/en-US/board-card';

/** The texts of the board's open card and its dialogs (loaded with the card body; the review request brings its own: card-extras-part.ts). */
export const LEAD_CARD_CATALOGUE = { ...validationMessages, ...boardCardMessages } as const;
