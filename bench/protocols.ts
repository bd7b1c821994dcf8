/**
 * The protocols every page of `npm run bench` is loaded over (bench/server.ts serves both):
 * `h1` plain HTTP/1.1, no TLS — as `npm start` and many CMS and office origins serve static files,
 * six connections an origin in the browser; `h2` HTTP/2 over TLS, as a CDN serves, one connection.
 */
export const PROTOCOLS = ['h1', 'h2'] as const;
export type Protocol = (typeof PROTOCOLS)[number];
export const PROTOCOL_NAMES: Record<Protocol, string> = { h1: 'HTTP/1.1', h2: 'HTTP/2' };

/**
 * The protocols of this run: both, unless BENCH_PROTOCOLS names one (`h1` or `h2`, comma-separated)
 * — for a quicker look while working on one; a full run loads over both.
 */
export function benchProtocols(value = process.env.BENCH_PROTOCOLS): readonly Protocol[] {
  if (!value) return PROTOCOLS;
  const chosen = value.split(',').map((name) => name.trim());
  const unknown = chosen.filter((name) => !(PROTOCOLS as readonly string[]).includes(name));
  if (unknown.length || !chosen.length) throw new Error(`bench: BENCH_PROTOCOLS is h1, h2 or both (got ${value})`);
  return PROTOCOLS.filter((protocol) => chosen.includes(protocol));
}
