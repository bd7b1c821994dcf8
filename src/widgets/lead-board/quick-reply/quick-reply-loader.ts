import { lazyPart } from '../../../ui/lazy-part';

/** The quick answer's part (quick-reply-part.ts), with its texts: fetched on first use, never with the board. */
export const QuickReplyComposer = lazyPart(
  () => import('./quick-reply-part'),
  (part) => part.QuickReplyComposer,
);
