import { boardCardExtrasMessages } from '../../../i18n/en-US/board-card-extras';
import { reviewMessages } from '../../../i18n/en-US/review';

/**
 * The texts of what an open card shows on request or below its first screen — the review
 * request, the feedback popover's panel, the insurance offer: they come with those parts
 * (card-extras-part.ts), not with the card body.
 */
export const CARD_EXTRAS_CATALOGUE = { ...reviewMessages, ...boardCardExtrasMessages } as const;
