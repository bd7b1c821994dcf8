import type { SetupCause, SetupProblem } from './setup-causes';

/**
 * What a developer is told of each setup problem (setup-problems.ts): one sentence or two, naming
 * the setting to change, and its section of the troubleshooting page. A chunk of its own: fetched
 * only when something is wrong.
 */

/**
 * The docs site's troubleshooting page: one section per cause, its anchor the cause's code.
 * @internal Exported for tests.
 */
export const TROUBLESHOOTING_URL = 'https://leadkit.github.io/leadkit/?path=/docs/troubleshooting--docs';

/**
 * The docs section of a cause.
 * @internal Exported for tests.
 */
export const troubleshootingUrl = (cause: SetupCause): string => `${TROUBLESHOOTING_URL}#${cause}`;

const SAYS: { readonly [C in SetupCause]: (seen: SetupProblem) => string } = {
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
  'link-refused': ({ input = 'a setting', origin = 'a URL it cannot take' }) =>
    `${input} gave a link leadkit does not show (${origin}): a link may be an https:, mailto: or tel: URL, or a path that stays on this page's origin as the browser reads it (no \\ or //host, no tab or newline, nor their %-encoded forms). It was left out (a route of the app's own uses its default; \`<lead-app base>\`, /app).`,
  'server-version-mismatch': ({ version }) =>
    `this page's server-rendered widget was rendered by leadkit ${version}, and the browser runs a different version: it was rendered afresh. Serve the same leadkit version to the server and the browser.`,
};

/** The problem's sentence, ending with its docs section. */
export function sentenceOf(problem: SetupProblem): string {
  return `${SAYS[problem.cause](problem)} ${troubleshootingUrl(problem.cause)}`;
}
