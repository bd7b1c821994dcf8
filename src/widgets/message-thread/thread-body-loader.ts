/**
 * The message list and the composer (with the chat session, the virtualiser and their texts)
 * are a chunk of their own: the thread starts loading it as it mounts, beside its first data,
 * while the skeleton of their final size shows. So they are not in the thread's first load.
 */
export const loadThreadBody = () => import(/* lk:first-content */ './thread-body-part');
