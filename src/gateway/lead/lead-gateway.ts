/**
 * `leadGateway`, the public namespace of the gateway's lead service (`/gateway/lead`): the
 * board's calls (calls.ts), the request-a-quote funnel's (funnel/calls.ts), the one-time token's
 * (funnel/one-time-token-calls.ts), the provider's lead (provider-lead-calls.ts) and the contacts
 * (contact-calls.ts) — the 41 names it had in 0.2.0.
 *
 * For hosts only: src/index.ts is the one module that imports this file
 * (test/api-namespaces.test.ts), so no widget loads it. A widget imports each call from the
 * module that declares it and loads none of the others; the forwards here are why this file
 * exists (eslint/no-reexport.js lists it).
 */
export * from './calls';
export * from './funnel/calls';
export * from './funnel/one-time-token-calls';
export * from './provider-lead-calls';
export * from './contact-calls';
