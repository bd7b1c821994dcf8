/**
 * A host's setting that leadkit can tell is wrong (docs/troubleshooting.md): each cause has a
 * stable code, the setting to change and its docs section, and is said to the developer once per
 * page as one console line prefixed `leadkit:` — and on `lk-error` (`kind: 'setup'`, `cause`,
 * `message`) by each element it affects. The user sees the spec's texts as for any failure.
 *
 * What a line may name: a setting, an operation's name, a gateway's origin. Never a token, a
 * customer's data, or a URL's path or query (they can hold a customer's name).
 */

/**
 * The docs site's troubleshooting page: one section per cause, its anchor the cause's code.
 * @internal Exported for tests.
 */
export const TROUBLESHOOTING_URL = 'https://leadkit.github.io/leadkit/?path=/docs/troubleshooting--docs';

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
] as const;

/** A wrong host setting's stable code (`SETUP_CAUSES`). */
export type SetupCause = (typeof SETUP_CAUSES)[number];

/** A wrong host setting leadkit found: its code, and what to change. */
export interface SetupProblem {
  /** Which setting (docs/troubleshooting.md#<cause>). */
  readonly cause: SetupCause;
  /** One sentence or two for the developer (English): what went wrong, the setting to change, the docs. */
  readonly message: string;
}

/**
 * The docs section of a cause.
 * @internal Exported for tests.
 */
export const troubleshootingUrl = (cause: SetupCause): string => `${TROUBLESHOOTING_URL}#${cause}`;

/** What a developer is told of each cause, from what was seen (`origin`: the gateway's or the media's; `operation`: the call's name). */
interface Facts {
  readonly origin?: string | undefined;
  readonly operation?: string | undefined;
  readonly version?: string | undefined;
}

const SAYS: { readonly [C in SetupCause]: (facts: Facts) => string } = {
  'gateway-unreachable': ({ origin }) =>
    `the gateway at ${origin} could not be reached (no answer to any call yet). Check \`gateway-url\` (or \`gateway.baseURL\`): it must be the gateway's origin, and a gateway on another origin must allow this page by CORS.`,
  'gateway-not-found': ({ origin, operation }) =>
    `the gateway at ${origin} answered 404 to ${operation} before any call succeeded. If every call fails so, \`gateway-url\` (or \`gateway.baseURL\`) is not where the gateway is: it must be the origin (and any path prefix) under which /gateway/… is served.`,
  'provider-token-refused': () =>
    `the gateway refused the provider's token (401), also after asking \`auth.token\` for a new one. Check the token your server gives \`auth.token\` (and \`providerTokenScheme\` / \`headerNames\` if your gateway reads it elsewhere).`,
  'provider-token-failed': () =>
    `\`auth.token\` threw or gave no token (a non-empty string), so the provider's calls were not sent. Check your server's token route and what the function returns.`,
  'provider-cookie-not-sent': ({ origin }) =>
    `the gateway at ${origin} answered 401, and no session cookie was sent to it: it is on another origin. Set \`gateway-credentials="include"\` (\`gateway.credentials: 'include'\`), or sign the provider in by a token (\`auth.token\`).`,
  'chat-token-missing': () =>
    `the gateway has no chat-session call (leadkit's own answered as not offered): messaging is unavailable. Give \`gateway.getChatToken\` (your server's chat session).`,
  'one-time-token-missing': () =>
    `the gateway has no one-time token call (leadkit's own answered as not offered): the funnel cannot send a customer's request. Give \`gateway.getOneTimeToken\` (your server's customer token).`,
  'lead-counts-missing': () =>
    `the gateway has no counts call (leadkit's own answered as not offered): the board shows no counts. Set \`gateway.leadCounts: false\` (or the \`no-lead-counts\` attribute) to stop asking, or give your own \`leadCounts\`.`,
  'contact-record-missing': () =>
    `the gateway has no contact-record call (leadkit's own answered as not offered): no contact is recorded after a message. Give \`gateway.recordContact\` (your server sends it on), or set it to \`false\` (\`no-contact-record\`).`,
  'challenge-unhandled': () =>
    `the gateway asked for a security check (511) and the page gave no \`gateway.onChallenge\`: the widget shows the check's link, but nothing is sent again once it is passed. Give \`onChallenge\`.`,
  'media-refused': ({ origin }) =>
    `<message-thread> shows a placeholder instead of media from ${origin}: a message's photos and files load only from https: URLs, blob: URLs or this page's own origin. Serve the media over https: (or from this page's origin), or have the chat hand out object URLs (\`createSandboxChatClientFactory({ mediaUrls: 'object-url' })\`).`,
  'server-version-mismatch': ({ version }) =>
    `this page's server-rendered widget was rendered by leadkit ${version}, and the browser runs a different version: it was rendered afresh. Serve the same leadkit version to the server and the browser.`,
};

/** A cause with its sentence. */
export function setupProblem(cause: SetupCause, facts: Facts = {}): SetupProblem {
  return { cause, message: `${SAYS[cause](facts)} ${troubleshootingUrl(cause)}` };
}

/**
 * The console line of a problem.
 * @internal Exported for tests.
 */
export const setupLine = (problem: SetupProblem): string => `leadkit: ${problem.message}`;

/**
 * The lines already written, per page: keyed by the Document (as the thread's media warnings once
 * were), so another document (an iframe, a test's fresh page) is told afresh and a page's memory
 * goes with it. Without a document (a server render, Node), per process: a server's log is told
 * once too.
 */
const saidOnPage = new WeakMap<object, Set<string>>();
const PROCESS = {};

/**
 * Writes the problem's line unless this page (`on`, default the document) already has it: one line
 * per cause and origin per page. Returns whether it wrote.
 */
export function warnSetupProblem(problem: SetupProblem, on?: object): boolean {
  const page: object = on ?? (typeof document === 'undefined' ? PROCESS : document);
  let said = saidOnPage.get(page);
  if (!said) saidOnPage.set(page, (said = new Set()));
  if (said.has(problem.message)) return false;
  said.add(problem.message);
  console.warn(setupLine(problem));
  return true;
}

/** The origin a gateway base URL names: the page's own for a relative one ('' or a path). Never its path. */
export function originOf(baseURL: string): string {
  const here = typeof location === 'undefined' ? undefined : location.href;
  try {
    const origin = new URL(baseURL || '/', here).origin;
    return origin === 'null' ? 'this page' : origin;
  } catch {
    return baseURL === '' ? "this page's origin" : 'the configured gateway';
  }
}

/** Whether a gateway base URL is on another origin than the page's (false without a page). */
export function isCrossOrigin(baseURL: string): boolean {
  if (typeof location === 'undefined' || baseURL === '') return false;
  try {
    return new URL(baseURL, location.href).origin !== location.origin;
  } catch {
    return false;
  }
}
