import { savedRepliesMessages } from '../../../i18n/en-US/saved-replies';

/** The texts of the saved-replies menu and the `/` suggestions: they load with that part. */
export const SAVED_REPLIES_CATALOGUE = { ...savedRepliesMessages } as const;
