import type { Widget } from '../../runtime/widget';
import { MessageThreadRoot, type MessageThreadProps } from './message-thread';
import { MESSAGE_THREAD_CATALOGUE } from './message-thread-messages';
import { preloadMessageThread } from './thread-loaders';

/** `<message-thread>`'s descriptor (docs/widget-shape.md): read by its element and `<lead-app>`'s thread route. */
export const messageThreadWidget: Widget<MessageThreadProps> = {
  component: MessageThreadRoot,
  catalogue: MESSAGE_THREAD_CATALOGUE,
  preload: preloadMessageThread,
};
