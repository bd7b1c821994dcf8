/** 'Message History' (the archived thread) with its texts: a chunk of its own, loaded only for that view. */
export { ThreadHistory } from './thread-history';
export { THREAD_HISTORY_CATALOGUE } from '../body/thread-body-messages';
