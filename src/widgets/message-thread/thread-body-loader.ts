import { withMessages } from '../../runtime/runtime';
import { lazyPart } from '../../ui/lazy-part';

/**
 * The message list and the composer (with the chat session, the virtualiser and their texts)
 * are a chunk of their own: the thread starts loading it as its element connects, beside its
 * first data, while the skeleton of their final size shows. So they are not in the thread's
 * first load.
 */
export const ThreadBody = lazyPart(
  () => import(/* lk:first-content */ './thread-body-part'),
  (part) => withMessages(part.ThreadBody, part.THREAD_BODY_CATALOGUE),
);
