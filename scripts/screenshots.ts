/**
 * `npm run screenshots`: the widgets on a 390×844 phone viewport in Chromium, Firefox ESR and
 * WebKit (Debian's browsers, driven as in test/engines), written to
 * docs/screenshots/<widget>-<engine>-390.png for a side-by-side look:
 *   lead-board      /app/lead/board/1001, the first card open (scrolled to it)
 *   message-thread  /examples/message-thread.html, the chat open
 *   raq-funnel      /examples/raq-funnel.html, the first step
 *   review-request  /examples/review-request.html, the modal open
 * Starts its own example server (it builds what is stale). ENGINES=webkit (a comma list)
 * limits the engines.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, startExampleServer } from '../test/e2e/harness';
import { ENGINES, withQuery, type EngineDriver, type EngineName } from '../test/engines/driver';
import { launchEngine } from '../test/engines/engines';
import { toWire, type Query } from '../test/engines/in-page';

const VIEWPORT = { width: 390, height: 844 };
const OUT = path.join(ROOT, 'docs', 'screenshots');

const within = (scope: Query, query: Query): Query => ({ ...query, within: scope });

/** Fonts loaded, finite animations (a modal opening) done, two frames painted. */
async function settled(driver: EngineDriver): Promise<void> {
  await driver.evaluate(`return (async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((animation) => animation.effect && animation.effect.getComputedTiming().endTime !== Infinity);
    await Promise.race([Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))), new Promise((done) => setTimeout(done, 3000))]);
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    return true;
  })();`);
}

const SHOTS: { widget: string; path: string; ready(driver: EngineDriver): Promise<void> }[] = [
  {
    widget: 'lead-board',
    path: '/app/lead/board/1001',
    async ready(driver) {
      const board = within({ css: '#office-app' }, { css: '[part="lead-board"]' });
      await driver.waitFor(within(board, { text: /^Showing \d+ - \d+ of \d+ results$/ }));
      await driver.waitFor(within(board, { css: '.lk-filters__panel--loading' }), { state: 'detached' });
      const open = within(board, { css: 'li[data-expanded="true"]' });
      await driver.waitFor(within(open, { role: 'combobox', name: 'Lead status' }));
      await driver.evaluate(withQuery("q.first(arguments[0], true).scrollIntoView({ block: 'start' });"), toWire(open));
    },
  },
  {
    widget: 'message-thread',
    path: '/examples/message-thread.html?user-id=5001&lead-id=300001',
    async ready(driver) {
      const attach = within({ css: 'message-thread' }, { role: 'button', name: 'Attach a file' });
      await driver.waitUntil(withQuery('const el = q.first(arguments[0], true); return el && !el.disabled;'), [toWire(attach)], {
        message: 'the chat to open',
      });
      await driver.waitFor(within({ css: 'message-thread' }, { css: '.lk-msg__body' }));
    },
  },
  {
    widget: 'raq-funnel',
    path: '/examples/raq-funnel.html',
    async ready(driver) {
      const funnel: Query = { css: '#quote' };
      await driver.waitFor(within(funnel, { role: 'heading', name: 'Request a quote from Acme Plumbing & Heating' }));
      await driver.waitFor(within(funnel, { text: 'Denver, CO' }));
    },
  },
  {
    widget: 'review-request',
    path: '/examples/review-request.html',
    async ready(driver) {
      const element: Query = { css: '#review-300013' };
      await driver.click(within(element, { role: 'button', name: 'Request a Review' }));
      await driver.waitFor(within(within(element, { role: 'region', name: 'Customer contact' }), { text: 'Priya Patel' }));
    },
  },
];

async function main(): Promise<void> {
  const names = (process.env.ENGINES ?? ENGINES.join(',')).split(',').map((name) => name.trim());
  const engines = ENGINES.filter((engine) => names.includes(engine));
  mkdirSync(OUT, { recursive: true });
  const server = await startExampleServer();
  const written: string[] = [];
  try {
    for (const engine of engines as EngineName[]) {
      const driver = await launchEngine(engine, VIEWPORT);
      try {
        console.log(`screenshots: ${engine} is ${driver.version}`);
        for (const shot of SHOTS) {
          await fetch(`${server.origin}/sandbox/reset`, { method: 'POST' });
          await driver.goto(`${server.origin}${shot.path}`);
          await shot.ready(driver);
          await settled(driver);
          const file = path.join(OUT, `${shot.widget}-${engine}-390.png`);
          writeFileSync(file, await driver.screenshot());
          written.push(path.relative(ROOT, file));
        }
      } finally {
        await driver.close();
      }
    }
  } finally {
    await server.stop();
  }
  console.log(`screenshots: wrote ${written.length} files\n  ${written.join('\n  ')}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
