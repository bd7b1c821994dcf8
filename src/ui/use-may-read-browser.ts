import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/**
 * Whether a render may read what only this browser knows (its storage, the viewport): false on a
 * server and while React hydrates a server's HTML (that render must give the server's HTML back),
 * true in the render right after, and at once in a render with no server HTML.
 */
export function useMayReadBrowser(): boolean {
  return useSyncExternalStore(noSubscription, inBrowser, onServer);
}
