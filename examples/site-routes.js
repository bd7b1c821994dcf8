/**
 * The example site's own facts that leadkit cannot know (docs/elements.md#routes-a-real-host-must-give):
 * where its office pages are, and which of its providers use the office inbox. One module,
 * shared by the example pages' host scripts (`site-host.js`, `app-host.js`), the pages rendered
 * on the server (scripts/server-pages.ts) and Storybook's frames (stories/support).
 *
 * The spec names these pages but does not locate them, so leadkit has no default for them: a
 * link to one is shown only when the host gives its route. This site keeps them under the
 * office app's base, where `app-host.js` shows a page of the site's for each.
 */

/** The host's route builders (`routes`) for the pages the spec does not locate. */
export const SITE_ROUTES = Object.freeze({
  officeInbox: ({ serviceProviderId, userId }) => `/app/office/${serviceProviderId}/inbox?userId=${userId}`,
  callLog: ({ serviceProviderId }) => `/app/office/${serviceProviderId}/call-log`,
  connectedNumbers: ({ serviceProviderId }) => `/app/ads/${serviceProviderId}/connected-numbers`,
  editServiceArea: ({ serviceProviderId }) => `/app/office/${serviceProviderId}/service-area`,
  servicesOffered: ({ serviceProviderId }) => `/app/office/${serviceProviderId}/services`,
  logIn: ({ returnUrl }) => `/login?returnUrl=${encodeURIComponent(returnUrl)}`,
});

/** The site's providers that use the office inbox: the board's Message link goes there. */
const OFFICE_INBOX_PROVIDERS = new Set([1003]);

/** The host's flags (`flags`) for a signed-in provider: `office_inbox` for those that use it. */
export function siteFlags(spId) {
  return Object.freeze({ office_inbox: OFFICE_INBOX_PROVIDERS.has(Number(spId)) });
}

/**
 * The provider an office app address names: the board, thread and project routes' provider,
 * the site's office pages' one, or the lead page's `serviceProviderId`; 1001 otherwise. A real
 * office app knows its signed-in provider and would not read it from a URL.
 */
export function providerInAddress(pathname, search) {
  const route = /^\/app\/(?:lead\/board|conversation|lead\/request_a_quote|office|ads)\/(\d+)(?:\/|$)/.exec(pathname);
  const id = route?.[1] ?? new URLSearchParams(search).get('serviceProviderId');
  return id && /^\d{1,9}$/.test(id) ? id : '1001';
}
