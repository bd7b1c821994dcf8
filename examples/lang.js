// The examples' language switch (the links on examples/index.html): `?lang=es` shows the widgets
// in es-US (the page's <html lang>, which they follow when no `locale` attribute is set),
// `?lang=ar` makes an Arabic right-to-left host page (the widgets mirror; their texts stay en-US,
// a language leadkit does not speak), `?lang=en` goes back. The choice is kept for the tab
// (sessionStorage: a UI preference, nothing about anyone). A deferred classic script in <head>:
// it never holds the page's parsing or first paint (no round trip between the HTML and what the
// page shows), and runs once the page is parsed, before the loader and the page's module scripts
// (deferred and module scripts run in document order), so the first widget already sees the
// language; a file, so the strict-CSP page may run it too.
(() => {
  const KEY = 'leadkit-examples-lang';
  const LANGS = { en: { lang: 'en' }, es: { lang: 'es-US' }, ar: { lang: 'ar', dir: 'rtl' } };
  let chosen = 'en';
  let made = false;
  try {
    const asked = new URLSearchParams(location.search).get('lang');
    if (asked && asked in LANGS) sessionStorage.setItem(KEY, asked);
    const kept = sessionStorage.getItem(KEY);
    if (kept && kept in LANGS) [chosen, made] = [kept, true];
  } catch {
    // No storage (a privacy mode): English.
  }
  const script = document.currentScript;
  // The index itself stays an English page: it only keeps the choice and marks it. Without a
  // choice a page keeps the language it was written in.
  if (made && (!script || script.dataset.storeOnly === undefined)) {
    const { lang, dir } = LANGS[chosen];
    document.documentElement.lang = lang;
    if (dir) document.documentElement.dir = dir;
  }
  document.addEventListener('DOMContentLoaded', () => {
    for (const link of document.querySelectorAll('[data-lang-switch] a[data-lang]')) {
      if (link.dataset.lang === chosen) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }
  });
})();
