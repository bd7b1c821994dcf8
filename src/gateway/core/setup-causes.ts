/**
 * The codes of the wrong host settings leadkit tells (setup-problems.ts says how; setup-sentences.ts
 * what): the facts every layer above names, in a module that imports nothing.
 */

/**
 * Every cause a setup problem can have: the stable codes of `lk-error`'s `cause` (`kind: 'setup'`),
 * each the anchor of its section of docs/troubleshooting.md. A new code is a minor change, a removed
 * one a breaking one.
 */
export const SETUP_CAUSES = [
  'gateway-unreachable',
  'gateway-not-found',
  'provider-token-refused',
  'provider-token-failed',
  'provider-cookie-not-sent',
  'chat-token-missing',
  'one-time-token-missing',
  'lead-counts-missing',
  'contact-record-missing',
  'challenge-unhandled',
  'media-refused',
  'server-version-mismatch',
  'link-refused',
] as const;

/** A wrong host setting's stable code (`SETUP_CAUSES`). */
export type SetupCause = (typeof SETUP_CAUSES)[number];

/**
 * A wrong host setting leadkit found: its code, and what was seen — never a token, a customer's
 * data, or a URL's path or query. Its sentence for the developer is `lk-error`'s `message` and the
 * console line (setup-sentences.ts, loaded only when there is something to say).
 */
export interface SetupProblem {
  /** Which setting: its code, the anchor of its section of docs/troubleshooting.md. */
  readonly cause: SetupCause;
  /** The gateway's origin, the refused media's or link's (its origin, or its scheme, or what is wrong with it). */
  readonly origin?: string | undefined;
  /** Where a refused link came from: the attribute, property, route or gateway field (`routes.logIn`, `<lead-app base>`). */
  readonly input?: string | undefined;
  /** The call's name (`office.getLeads`). */
  readonly operation?: string | undefined;
  /** The leadkit version that rendered a server's markup. */
  readonly version?: string | undefined;
}

/** A cause with what was seen. */
export function setupProblem(cause: SetupCause, facts: Omit<SetupProblem, 'cause'> = {}): SetupProblem {
  return { cause, ...facts };
}
