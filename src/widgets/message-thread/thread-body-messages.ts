import { threadBodyMessages } from '../../i18n/en-US/thread';
import { validationMessages } from '../../i18n/en-US/validation';

/** The texts of the message list and the composer (attachment messages of §5 included). */
export const THREAD_BODY_CATALOGUE = { ...validationMessages, ...threadBodyMessages } as const;
