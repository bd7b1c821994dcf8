// CDN chunk: defines <message-thread> (loaded by the loader when the tag appears).
import { messageThreadElement } from '../elements/message-thread.element';
import { defineElement } from '../elements/registry';

defineElement(messageThreadElement);
