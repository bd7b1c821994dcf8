import { withMessages } from '../../runtime/runtime';
import type { ElementStart } from '../../runtime/widget';
import { lazyPart } from '../../ui/lazy-part';

/**
 * The thread's parts (docs/widget-shape.md, "Lazy parts"). The message list and the composer
 * (with the chat session, the virtualiser and their texts) are a part of their own: the thread
 * starts loading it as its element connects, beside its first data, while the skeleton of their
 * final size shows. They are first content: the CDN build puts them in the thread's first-screen
 * chunk (scripts/first-screen-chunks.ts), which the loader starts with the element's code.
 */
export const ThreadBody = lazyPart(
  () => import(/* lk:first-content */ './body/thread-body-part'),
  (part) => withMessages(part.ThreadBody, part.THREAD_BODY_CATALOGUE),
);

/** 'Message History' is a chunk of its own, loaded only for that view. */
export const ThreadHistory = lazyPart(
  () => import('./history/thread-history-part'),
  (part) => withMessages(part.ThreadHistory, part.THREAD_HISTORY_CATALOGUE),
);

/** The contact modal loads on the way to 'Contact' (hover, focus) or on opening: not in the first load. */
export const ContactDialog = lazyPart(
  () => import('./contact-dialog'),
  (dialog) => dialog.ContactDialog,
);

/**
 * Starts the thread's first screen as its element connects: the list and composer, or for an
 * `archived` thread the 'Message History' view (see ui/lazy-part.ts). A live thread's element
 * also opens its chat (thread-opening.ts), without waiting for its first render.
 */
export function preloadMessageThread(element?: Element, start?: ElementStart): Promise<unknown> {
  if (element?.hasAttribute('archived')) return ThreadHistory.preload();
  if (element && start)
    void import(/* lk:first-content */ './session/thread-opening').then(
      (opening) => opening.startThreadOpening(element, start),
      () => undefined, // offline: the body's session opens the chat (or says it cannot)
    );
  return ThreadBody.preload();
}
