import { commonMessages } from '../../i18n/core/en-US-common';
import { reviewMessages } from '../../i18n/en-US/review';
import { validationMessages } from '../../i18n/en-US/validation';

/** The texts the review-request modal shows (its parts of the catalogue). */
export const REVIEW_REQUEST_CATALOGUE = { ...commonMessages, ...validationMessages, ...reviewMessages } as const;
