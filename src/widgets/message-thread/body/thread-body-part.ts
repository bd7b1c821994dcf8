/** What the thread loads beside its first data: the list and composer, and their texts, one chunk. */
export { ThreadBody } from './thread-body';
export { THREAD_BODY_CATALOGUE } from './thread-body-messages';
