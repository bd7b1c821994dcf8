/**
 * The office app page's nav (a host script, external so the page needs no inline script):
 * links into the app become client-side navigations. <lead-app> routes on the browser
 * location, so pushState plus a popstate event is all a host router has to do.
 */
const nav = document.querySelector('.app-nav');

function markCurrent() {
  const here = location.pathname + location.search;
  for (const link of nav?.querySelectorAll('a[data-app-link]') ?? []) {
    const target = new URL(link.href);
    if (target.pathname + target.search === here) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}

nav?.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[data-app-link]') : null;
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const target = new URL(link.href);
  if (target.origin !== location.origin) return;
  event.preventDefault();
  if (target.pathname + target.search !== location.pathname + location.search) {
    history.pushState(null, '', target.pathname + target.search);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }
  markCurrent();
});

addEventListener('popstate', markCurrent);
markCurrent();
