/**
 * Every HTML block of README.md and docs/ rendered in Chromium against the sandbox
 * (test/doc-snippets.test.ts type-checks the TS blocks and these blocks' module scripts, and
 * lists the blocks no check runs). Each block is the body of a page served on the example
 * server's origin, with only what a real host would change:
 * - the docs' placeholder origins — `https://cdn.example.com/leadkit/` (@leadkit/cdn's files, the build's `dist/cdn`,
 *   served here under /cdn/) and the gateway's (`https://gateway.example.com`,
 *   `https://www.example.com`: the sandbox, on this origin);
 * - a block that shows only a tag gets the CDN loader and `leadkit.css`, as a CDN page has them;
 * - `<message-thread>` gets `chat-service="sandbox"` (Twilio is not reachable from here);
 * - a block with `<lead-app>` is served at the board's route of its base (`<base>/lead/board/<sp-id>`).
 * Each tag in the block must then render its widget (text in its shadow root; the board and the
 * lead page their data: `lk-load`) with no `lk-error` and no console error.
 */
import { describe, expect, it } from 'vitest';
import { TAG_NAMES } from '../../src/contract/tags';
import { extractSnippets, where } from '../helpers/doc-snippets';
import { useE2eSession, watchPage } from './harness';

const e2e = useE2eSession();

/** The widgets that fire `lk-load` once their data is on screen. */
const LOAD_EVENT_WIDGETS: ReadonlySet<string> = new Set(['lead-page', 'lead-board']);

const html = extractSnippets().snippets.filter((snippet) => snippet.lang === 'html' && snippet.marker === null);

/** The block as a page body on `origin`, and the path it is served at. */
function pageOf(code: string, origin: string): { path: string; body: string } {
  let body = code
    .replaceAll('https://cdn.example.com/leadkit/', '/cdn/')
    .replaceAll('https://gateway.example.com', origin)
    .replaceAll('https://www.example.com', origin)
    .replaceAll('<message-thread ', '<message-thread chat-service="sandbox" ');
  if (!body.includes('/cdn/leadkit.js'))
    body = `<link rel="stylesheet" href="/cdn/leadkit.css" />\n<script type="module" src="/cdn/leadkit.js"></script>\n${body}`;
  const app = /<lead-app\b[^>]*>/.exec(body)?.[0];
  const base = (app && /\bbase="([^"]*)"/.exec(app)?.[1]) ?? '/app';
  const spId = (app && /\bsp-id="(\d+)"/.exec(app)?.[1]) ?? '1001';
  const path = app ? `${base}/lead/board/${spId}` : '/doc-snippet.html';
  return { path, body: `<!doctype html>\n<html lang="en"><head><meta charset="utf-8" /><title>doc snippet</title></head><body>\n${body}\n</body></html>` };
}

describe('doc snippets in Chromium', () => {
  it('has HTML blocks to render', () => {
    expect(html.length).toBeGreaterThanOrEqual(5);
  });

  for (const snippet of html) {
    it(`${where(snippet)} renders its widgets`, async () => {
      const tags = TAG_NAMES.filter((tag) => snippet.code.includes(`<${tag}`));
      expect(tags.length, 'a tag in the block').toBeGreaterThan(0);
      const { origin } = e2e.server;
      const { path, body } = pageOf(snippet.code, origin);
      const page = await e2e.context.newPage();
      const watch = await watchPage(page);
      await page.route(`${origin}${path}`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body }));
      await page.goto(`${origin}${path}`);
      for (const tag of tags) {
        await expect
          .poll(() => page.evaluate((name) => document.querySelector(name)?.shadowRoot?.textContent?.trim().length ?? 0, tag), {
            message: `${tag} shows its widget`,
          })
          .toBeGreaterThan(0);
      }
      // The widgets that say when their data is shown: they must have said it (the app's board route too).
      const loading = tags.flatMap((tag) => (tag === 'lead-app' ? ['lead-board'] : LOAD_EVENT_WIDGETS.has(tag) ? [tag] : []));
      for (const widget of loading) {
        await expect
          .poll(
            async () => (await watch.record()).events.some((event) => event.type === 'lk-load' && (event.detail as { widget?: string }).widget === widget),
            { message: `${widget} fired lk-load` },
          )
          .toBe(true);
      }
      const errors = (await watch.record()).events.filter((event) => event.type === 'lk-error');
      expect(errors, 'lk-error events').toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
      await page.close();
    });
  }
});
