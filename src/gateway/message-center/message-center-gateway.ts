/**
 * `messageCenterGateway`, the public namespace of the message center's calls (`/gateway/message-center`):
 * calls.ts and the chat session call (chat-session.ts) — the 5 calls it had in 0.2.0.
 *
 * For hosts only: src/index.ts is the one module that imports this file
 * (test/api-namespaces.test.ts), so no widget loads it. A widget imports each call from the
 * module that declares it; the forwards here are why this file exists (eslint/no-reexport.js
 * lists it).
 */
export * from './calls';
export { getChatSession } from './chat-session';
