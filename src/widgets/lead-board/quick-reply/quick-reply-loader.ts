import { lazyPart } from '../../../ui/lazy-part';

/** The quick answer's part (quick-reply-composer.tsx), with its texts: fetched on first use, never with the board. */
export const QuickReplyComposer = lazyPart(
  () => import('./quick-reply-composer'),
  (part) => part.QuickReplyComposer,
);
