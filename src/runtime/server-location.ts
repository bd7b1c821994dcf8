import { createContext, useContext } from 'react';

/**
 * The page's URL as a server render knows it (leadkit/server's `url` option): a server has no
 * `location`, and `<lead-app>` renders the route of the page it is in. Null in the browser.
 */
export interface ServerLocation {
  /** The path (`/app/lead/board/1001`). */
  readonly path: string;
  /** The query, without `?` (`leadId=300002`), or ''. */
  readonly search: string;
}

export const ServerLocationContext = createContext<ServerLocation | null>(null);

/**
 * Where the page is for a render that may be a server's or a hydration of one: on a server the
 * given URL; in the browser the document's (React asks a router for its location as the server
 * saw it while hydrating, and the page is at that URL then).
 */
export function usePageLocation(): Partial<ServerLocation> {
  const server = useContext(ServerLocationContext);
  if (server) return server;
  if (typeof location === 'undefined') return {};
  return { path: location.pathname, search: location.search.replace(/^\?/, '') };
}
