/**
 * The protocols every page of `npm run bench` is loaded over (bench/server.ts serves both):
 * `h1` plain HTTP/1.1, no TLS — as `npm start` and many CMS and office origins serve static files,
 * six connections an origin in the browser; `h2` HTTP/2 over TLS, as a CDN serves, one connection.
 */
export const PROTOCOLS = ['h1', 'h2'] as const;
export type Protocol = (typeof PROTOCOLS)[number];
export const PROTOCOL_NAMES: Record<Protocol, string> = { h1: 'HTTP/1.1', h2: 'HTTP/2' };
