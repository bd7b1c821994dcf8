import { withMessages } from '../../../runtime/runtime';
import { lazyPart } from '../../../ui/lazy-part';

/** The quick answer's part (quick-reply-part.ts): fetched on first use, never with the board. */
const loadQuickReply = () => import('./quick-reply-part');

export const QuickReplyComposer = lazyPart(loadQuickReply, (part) => withMessages(part.QuickReplyComposer, part.QUICK_REPLY_CATALOGUE));
