import { appMessages } from '../../i18n/en-US/app';
import { commonMessages } from '../../i18n/core/en-US-common';

/**
 * The office app's own texts (the not-found view); each route's widget brings its own when it
 * loads (its descriptor's catalogue, route-loaders.ts), so the board route carries no lead-page or thread texts.
 */
export const LEAD_APP_CATALOGUE = { ...commonMessages, ...appMessages } as const;
