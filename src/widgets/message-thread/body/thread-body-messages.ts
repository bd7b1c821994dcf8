import { savedRepliesComposerMessages, threadBodyMessages, threadHistoryMessages } from '../../../i18n/en-US/thread';
import { validationMessages } from '../../../i18n/en-US/validation';

/** The texts of the message list and the composer (attachment messages included). */
export const THREAD_BODY_CATALOGUE = { ...validationMessages, ...threadBodyMessages, ...savedRepliesComposerMessages } as const;

/** The texts of 'Message History' (the archived thread): its own, and the list's it shares ('You', older pages). */
export const THREAD_HISTORY_CATALOGUE = {
  ...threadHistoryMessages,
  'thread.you': threadBodyMessages['thread.you'],
  'thread.loadingOlder': threadBodyMessages['thread.loadingOlder'],
  'thread.olderFailed': threadBodyMessages['thread.olderFailed'],
} as const;
