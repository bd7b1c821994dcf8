/**
 * The office app page's own part (a host script, external so the page needs no inline script;
 * it runs before the leadkit loader, as module scripts run in document order):
 *
 * - Signs in as the provider the address names (the sandbox lets any of its providers in; see
 *   `providerInAddress` in site-routes.js), with the site's flags for it (`office_inbox`).
 * - Gives `<lead-app>` the site's routes to its own office pages (site-routes.js): the spec does
 *   not locate them, so without these the links to them are not shown.
 * - Gives the gateway an `onChallenge` (a 511 challenge): the site's own check (the dialog in
 *   app.html), as the funnel's partner page does; once it is passed the widgets' held calls — a
 *   status chosen on the board, a note, a message — are sent again, once each.
 * - Shows those pages — inbox, call log, service area, services offered, connected numbers —
 *   that leadkit links to but `<lead-app>` has no route for: a widget's link to one is a real
 *   navigation (after `lk-navigate`), landing here.
 */
import { providerInAddress, siteFlags, SITE_ROUTES } from './site-routes.js';

const app = document.querySelector('#office-app');
const signedIn = document.querySelector('[data-signed-in]');

const OFFICE_PAGES = {
  inbox: 'Office inbox',
  'call-log': 'Call log',
  'service-area': 'Service area',
  services: 'Services offered',
  'connected-numbers': 'Connected numbers',
};

function signIn() {
  const spId = providerInAddress(location.pathname, location.search);
  if (app && app.getAttribute('sp-id') !== spId) {
    app.flags = siteFlags(spId);
    app.setAttribute('sp-id', spId);
  }
  if (signedIn) signedIn.textContent = spId;
}

/** The host page for an office path (`/app/office/{sp}/inbox?userId=…`), or false. */
function officePage() {
  const match = /^\/app\/(?:office|ads)\/(\d+)\/([\w-]+)\/?$/.exec(location.pathname);
  const title = match && OFFICE_PAGES[match[2]];
  if (!title || !app) return false;
  const page = document.createElement('section');
  page.className = 'office-page';
  const heading = document.createElement('h1');
  heading.textContent = title;
  const detail = document.createElement('p');
  const customer = new URLSearchParams(location.search).get('userId');
  detail.textContent = `The office site's own page for provider ${match[1]}${customer ? `, open at customer ${customer}` : ''}: leadkit links here, and <lead-app> leaves it to the site.`;
  const back = document.createElement('a');
  back.href = `/app/lead/board/${match[1]}`;
  back.textContent = 'Back to the lead board';
  page.append(heading, detail, back);
  app.replaceWith(page);
  return true;
}

/** A 511 challenge: the page asks the person, then tells the gateway (the sandbox passes it with one call). */
function passChallenge(challenge) {
  const check = document.querySelector('#security-check');
  if (!check) return false;
  return new Promise((resolve) => {
    check.addEventListener(
      'close',
      async () => {
        if (check.returnValue !== 'pass') return resolve(false);
        const answer = await fetch(`/sandbox/challenge/${encodeURIComponent(challenge.challengeId)}/pass`, { method: 'POST' });
        resolve(answer.ok);
      },
      { once: true },
    );
    check.returnValue = '';
    check.showModal();
  });
}

if (!officePage()) {
  if (app) {
    // Spread first: in the sandbox's spec profile the host's stand-ins may have set the gateway already.
    app.gateway = { ...app.gateway, baseURL: '', onChallenge: passChallenge };
    app.routes = SITE_ROUTES;
    app.flags = siteFlags(app.getAttribute('sp-id'));
  }
  signIn();
  // The thread route's saved replies, kept by the host for the signed-in provider (saved-replies.js).
  // On another route they are fetched once the app's first screen is there (its first lk-load or
  // lk-error) or the thread route is reached, never before: a host's extras are not in its first
  // screen's chain (HTML → app-host.js → saved-replies.js → its fetch was the board route's fourth
  // round trip, issue 50). The thread route shows them (its replies menu): fetched at once there.
  if (app) {
    let kept = false;
    const keep = () => {
      if (kept) return;
      kept = true;
      app.removeEventListener('lk-load', keep);
      app.removeEventListener('lk-error', keep);
      // A page left before it arrived cancels it (WebKit and Firefox reject the import then): not an
      // error worth an unhandled rejection in the host's error monitor.
      import('./saved-replies.js')
        .then(({ keepSavedReplies }) => {
          addEventListener(
            'popstate',
            keepSavedReplies(app, () => app.getAttribute('sp-id')),
          );
        })
        .catch(() => undefined);
    };
    const onThreadRoute = () => {
      if (!/\/conversation\//.test(location.pathname)) return false;
      removeEventListener('popstate', onThreadRoute);
      keep();
      return true;
    };
    if (!onThreadRoute()) {
      app.addEventListener('lk-load', keep);
      app.addEventListener('lk-error', keep);
      addEventListener('popstate', onThreadRoute);
    }
  }
  // The nav's client-side navigations (app-nav.js) may change the provider the address names.
  addEventListener('popstate', signIn);
}
