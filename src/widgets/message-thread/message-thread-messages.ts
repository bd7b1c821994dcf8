import { commonMessages } from '../../i18n/core/en-US-common';
import { threadHeaderMessages } from '../../i18n/en-US/thread';

/**
 * The texts of the thread's first screen (its element's catalogue): header, breadcrumb and
 * contact modal. The list and the composer load beside the first data with their own part,
 * `THREAD_BODY_CATALOGUE`.
 */
export const MESSAGE_THREAD_CATALOGUE = { ...commonMessages, ...threadHeaderMessages } as const;
