import { commonMessages } from '../../i18n/core/en-US-common';
import { leadPageMessages } from '../../i18n/en-US/lead-page';

/** The texts the lead page shows (its parts of the catalogue). */
export const LEAD_PAGE_CATALOGUE = { ...commonMessages, ...leadPageMessages } as const;
