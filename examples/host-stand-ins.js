/**
 * The host's providers, for the sandbox's spec profiles (`SANDBOX_PROFILE=spec npm start`, and
 * `SANDBOX_PROFILE=spec-variants`, which answers as strictly as the spec allows).
 *
 * The real gateway has no chat-session call, no one-time-token call and no counts call, and the
 * contact call's path is not shown (the spec profile answers leadkit's invented ones 404). A host
 * gives leadkit the tokens from its own server instead, through the gateway config's providers
 * `getChatToken` and `getOneTimeToken`, records a message's contact itself (`recordContact`) and
 * turns the board's counts off (`leadCounts: false`: the spec has no counts). Here the host's
 * server is the sandbox's stand-in for one (`/host-stand-in/*`, outside `/gateway`).
 *
 * `npm start` adds this script to every example page in the spec profiles only, before the page's
 * other module scripts (scripts/start.ts): the pages stay as they are in the full profile. It
 * gives every leadkit element that has no `gateway` property of its own
 * `{ baseURL: <its gateway-url>, ...hostProviders }`, now and when one is added
 * later. A page that sets `gateway` itself keeps the providers by spreading the element's
 * `gateway` into its own (examples/raq-funnel.html). The guest's token lives in this module's
 * memory only (never storage, a URL or the DOM).
 */

const TAGS = new Set(['lead-app', 'lead-board', 'lead-page', 'message-thread', 'review-request', 'raq-funnel']);

/** The token of the guest this page signed in (renewals keep it). */
let guestToken = null;

async function post(path, body, { signal, token } = {}) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `OneTime ${token}` } : {}) },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

export const hostProviders = {
  /** The chat token of the signed-in provider's thread with a member (leadkit asks on opening and before it expires). */
  getChatToken: ({ serviceProviderId, userId, leadId, signal }) =>
    post('/host-stand-in/chat-token', { serviceProviderId, userId, ...(leadId === undefined || leadId === null ? {} : { leadId }) }, { signal }),
  /** A guest's one-time token: a new guest on 'issue', the same token for longer on 'renew'. */
  async getOneTimeToken({ reason, signal }) {
    const renew = reason === 'renew' && guestToken !== null;
    const answer = await post('/host-stand-in/one-time-token', { reason: renew ? 'renew' : 'issue' }, { signal, token: renew ? guestToken : null });
    guestToken = answer.token;
    return { token: answer.token, expiresAt: answer.expiresAt };
  },
  /** The spec has no counts call: the board shows none. */
  leadCounts: false,
  /** The contact record after a message send, through the host's server (which knows the gateway's path). */
  async recordContact(payload, { signal }) {
    await post('/host-stand-in/contact', payload, { signal });
  },
};

function configure(element) {
  // A gateway the page gave (before or after the tag was defined) stays.
  if (!TAGS.has(element.localName) || element.gateway != null) return;
  element.gateway = { baseURL: element.getAttribute('gateway-url') ?? '', ...hostProviders };
}

function configureWithin(root) {
  if (root.nodeType !== Node.ELEMENT_NODE) return;
  configure(root);
  for (const element of root.querySelectorAll([...TAGS].join(','))) configure(element);
}

configureWithin(document.documentElement);
new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes) configureWithin(node);
}).observe(document.documentElement, { childList: true, subtree: true });
