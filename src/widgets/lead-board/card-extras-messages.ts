import { reviewMessages } from '../../i18n/en-US/review';

/** The texts of the review request an open card opens: they come with it (card-extras-part.ts), not with the card body. */
export const CARD_EXTRAS_CATALOGUE = { ...reviewMessages } as const;
