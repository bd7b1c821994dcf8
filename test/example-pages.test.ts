/**
 * The example host pages (examples/*.html) show hosts what to do: none holds the parser with a
 * script (a classic `<script src>` without `defer`/`async` is a round trip between the HTML and
 * the first paint), and the examples' language switch (examples/lang.js) is deferred, ahead of
 * the loader. The server-rendered pages (scripts/server-pages.ts): leadkit's CSS written into the
 * HTML when asked, and each page rendered once at a server's start (warmServerPages).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_RENDERED_PAGES, WARM_PAGES, warmServerPages, withoutScripts, withPageCssInline } from '../scripts/server-pages';

const ROOT = path.resolve(__dirname, '..');
const EXAMPLES = path.join(ROOT, 'examples');
const pages = readdirSync(EXAMPLES).filter((name) => name.endsWith('.html'));
const scriptsOf = (html: string) => [...html.matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => attributes as string);
const blocking = (attributes: string) =>
  /\bsrc=/.test(attributes) && !/\btype="module"/.test(attributes) && !/\bdefer\b/.test(attributes) && !/\basync\b/.test(attributes);

describe('example host pages', () => {
  it('are there to check', () => {
    expect(pages.length).toBeGreaterThan(5);
  });

  it.each(pages)('%s: no script holds the parser (each one a module, deferred or async)', (name) => {
    const html = readFileSync(path.join(EXAMPLES, name), 'utf8');
    expect(scriptsOf(html).filter(blocking)).toEqual([]);
  });

  it.each(pages.filter((name) => readFileSync(path.join(EXAMPLES, name), 'utf8').includes('/examples/lang.js')))(
    '%s: the language switch is a deferred classic script before the loader (it runs first, after parsing)',
    (name) => {
      const html = readFileSync(path.join(EXAMPLES, name), 'utf8');
      const lang = scriptsOf(html).find((attributes) => attributes.includes('/examples/lang.js'));
      expect(lang).toMatch(/\bdefer\b/);
      expect(lang).not.toMatch(/\btype="module"|\basync\b/);
      const loader = html.indexOf('/cdn/leadkit.js');
      if (loader >= 0) expect(html.indexOf('/examples/lang.js')).toBeLessThan(loader);
    },
  );
});

describe('server-rendered example pages (scripts/server-pages.ts)', () => {
  it('writes leadkit.css into <head> in place of its link, and the floor keeps it (it has no script, not no style)', () => {
    const page = readFileSync(path.join(EXAMPLES, 'office-board.html'), 'utf8');
    const css = 'lead-board:not(:defined) { display: block; } /* </style> */';
    const inline = withPageCssInline(page, css);
    expect(inline).not.toContain('href="/cdn/leadkit.css"');
    expect(inline).toContain('<style data-lk-page-css>lead-board:not(:defined) { display: block; } /* <\\/style> */</style>');
    expect(withoutScripts(inline)).toContain('<style data-lk-page-css>');
    expect(withPageCssInline('<head></head>', css)).toBe('<head></head>');
  });

  it('warms a server at start: every server-rendered page rendered once, one after another, a failure named and not thrown', async () => {
    expect(WARM_PAGES.map((page) => page.name)).toEqual(expect.arrayContaining([...SERVER_RENDERED_PAGES, 'app.html']));
    const seen: string[] = [];
    let running = 0;
    const warmed = await warmServerPages(async ({ name, url }) => {
      running += 1;
      expect(running).toBe(1);
      seen.push(url ?? name);
      await Promise.resolve();
      running -= 1;
      if (name === 'cms.html') throw new Error('401 from the gateway');
    });
    expect(seen).toEqual(WARM_PAGES.map((page) => page.url ?? page.name));
    expect(warmed.failed).toEqual(['cms.html (401 from the gateway)']);
    expect(warmed.rendered).toEqual(seen.filter((name) => name !== 'cms.html'));
  });
});
