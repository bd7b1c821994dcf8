import { boardMessages, commonMessages, leadPageMessages, reviewMessages, validationMessages } from '../../i18n/en-US';

/** The office app shows every widget it routes to: their catalogue parts together. */
export const LEAD_APP_CATALOGUE = { ...commonMessages, ...validationMessages, ...leadPageMessages, ...boardMessages, ...reviewMessages } as const;
