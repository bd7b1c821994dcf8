import { commonMessages, reviewMessages, validationMessages } from '../../i18n/en-US';

/** The texts the review-request modal shows (its parts of the catalogue). */
export const REVIEW_REQUEST_CATALOGUE = { ...commonMessages, ...validationMessages, ...reviewMessages } as const;
