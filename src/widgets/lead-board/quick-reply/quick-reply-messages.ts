import { boardQuickReplyMessages } from '../../../i18n/en-US/board-quick-reply';
import { savedRepliesMessages } from '../../../i18n/en-US/saved-replies';
import { threadBodyMessages } from '../../../i18n/en-US/thread';

/**
 * The quick answer's texts, loaded with its part (quick-reply-composer.tsx), never in the board's
 * first load: its own, the thread's default saved replies, and the thread's Send, Retry and
 * message states (the same words as in the thread).
 */
export const QUICK_REPLY_CATALOGUE = {
  ...boardQuickReplyMessages,
  'thread.savedReplies.default1': savedRepliesMessages['thread.savedReplies.default1'],
  'thread.savedReplies.default2': savedRepliesMessages['thread.savedReplies.default2'],
  'thread.savedReplies.default3': savedRepliesMessages['thread.savedReplies.default3'],
  'thread.savedReplies.default4': savedRepliesMessages['thread.savedReplies.default4'],
  'thread.savedReplies.default5': savedRepliesMessages['thread.savedReplies.default5'],
  'thread.send': threadBodyMessages['thread.send'],
  'thread.retry': threadBodyMessages['thread.retry'],
  'thread.state.sending': threadBodyMessages['thread.state.sending'],
  'thread.state.sent': threadBodyMessages['thread.state.sent'],
  'thread.state.delivered': threadBodyMessages['thread.state.delivered'],
  'thread.state.failed': threadBodyMessages['thread.state.failed'],
  'thread.state.held': threadBodyMessages['thread.state.held'],
} as const;
