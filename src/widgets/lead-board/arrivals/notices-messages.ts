import { leadNotificationMessages } from '../../../i18n/en-US/lead-notifications';

/** The new-lead notices' texts (the control, the notification, the title count): loaded with the new-leads part, never in the board's first load. */
export const NOTICES_CATALOGUE = { ...leadNotificationMessages } as const;
