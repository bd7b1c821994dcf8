/**
 * The host fixtures suite (`node --import tsx test/hosts/run.ts`; README.md beside this file).
 *
 * Installs the PACKED packages (npm pack: leadkit, and @leadkit/cdn for the CDN page) into small host apps — Vue 3, Svelte 5, Preact
 * (preact/compat in place of React), React 19 through `leadkit/react`, Angular 21 (the tags in a
 * standalone component's template, built by `ng build`), a Next.js 16 App Router app (built with
 * Turbopack and with webpack, served by `next start`), and a plain page on the CDN
 * build — builds them as their authors would, and drives each in Debian's
 * Chromium against the sandbox gateway on origins of its own. Per host it checks what a host
 * developer relies on:
 *   - <lead-page> and <lead-board> render sandbox data (visible text);
 *   - the host's own handlers get `lk-load` from both widgets;
 *   - a link clicked inside each widget fires a cancelable `lk-navigate` that the host cancels,
 *     and the page stays where it is;
 *   - swapping the `gateway` property to a client of the second sandbox origin refetches both
 *     widgets through it (as that server received), and nothing goes to the first any more;
 *   - no console error, and no request to the host page's own origin other than its static files;
 *   - (Angular) the properties it bound before the tags were defined are the elements' own after.
 * Prints PASS/FAIL per host with the reasons and exits non-zero when one fails.
 *
 * Then the bundlers (bundlers/bundlers.ts): esbuild, Rollup and Vite build leadkit with no
 * configuration, without the optional peers and, for leadkit/twilio and leadkit/heic, with them;
 * and the docs' snippets (snippets.ts): every TS/TSX block of README.md and docs/ type-checked
 * with `strict` against the installed tarball's .d.ts and the real frameworks' types.
 *
 * Flags: --reuse (skip `npm ci` when the work folder's install matches the lock: for iterating locally,
 *        and for `npm test`, which installs first with --install-only beside lint and types),
 *        --install-only (the fixtures' `npm ci` and nothing else: it waits on the network, not the CPU),
 *        --nice-after-install (the npm steps at the caller's priority, then everything after them at
 *        nice 10: `npm test` runs the fixtures beside vitest; an `npm ci` starved at nice 10 by the
 *        browsers once ran past npm's 900 s limit on a fresh CI machine, printing nothing),
 *        --only=vue,angular,bundlers,snippets (a subset of hosts).
 * Environment: LEADKIT_TARBALL and LEADKIT_CDN_TARBALL (test those packed tarballs, leadkit's and
 * @leadkit/cdn's, instead of building and packing this checkout), CHROME_PATH (see ../helpers/browser.ts).
 */
import { execFile, spawn } from 'node:child_process';
import { cpSync, createReadStream, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page, Request } from 'playwright-core';
import { launchChromium } from '../helpers/browser';
import { checkBundlers } from './bundlers/bundlers';
import { startSandbox, type SandboxServers } from './sandbox';
import { checkSnippets } from './snippets';
import { prepareForTests } from '../../scripts/test-prepare.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/**
 * Where the fixtures are installed and built: a copy of this folder outside the repository
 * (HOSTS_WORKDIR, default <tmp>/leadkit-host-fixtures). Inside it, a bundler looking for a package
 * from leadkit's files would walk up into the repository's own node_modules, which has the optional
 * peers (devDependencies): a host "without the peers" must not find them anywhere.
 */
const APPS = process.env.HOSTS_WORKDIR ? path.resolve(process.env.HOSTS_WORKDIR) : path.join(os.tmpdir(), 'leadkit-host-fixtures');
const run = promisify(execFile);

const ALL_HOSTS = ['vue', 'svelte', 'preact', 'react', 'angular', 'cdn', 'next-turbopack', 'next-webpack'] as const;
type HostName = (typeof ALL_HOSTS)[number];
/**
 * Hosts built into a static folder: with Vite from test/hosts/<host>/vite.config.js, or (Angular)
 * by the Angular CLI from test/hosts/angular/angular.json; `cdn` is a plain page.
 */
const BUILT_HOSTS: readonly HostName[] = ['vue', 'svelte', 'preact', 'react', 'angular'];
/**
 * Hosts that set properties on the tags before leadkit defines them (the Angular app imports
 * `leadkit/define` once it has rendered): per tag, the properties the element must have taken
 * over when it was defined, and their values (`gateway`: the very object the host set).
 */
const BOUND_BEFORE_DEFINITION: Partial<Record<HostName, Record<string, Record<string, number | 'object'>>>> = {
  angular: { 'lead-page': { leadId: 300002, spId: 1001, gateway: 'object' }, 'lead-board': { spId: 1001, gateway: 'object' } },
};
/**
 * One Next.js App Router app (test/hosts/next), built with each of Next's bundlers (`next build`:
 * Turbopack, `next build --webpack`) and served by `next start`: its page renders on the server.
 */
const NEXT_HOSTS: Partial<Record<HostName, { distDir: string; buildArgs: string[] }>> = {
  'next-turbopack': { distDir: '.next-turbopack', buildArgs: [] },
  'next-webpack': { distDir: '.next-webpack', buildArgs: ['--webpack'] },
};
const NEXT_APP = path.join(APPS, 'next');

const args = process.argv.slice(2);
const REUSE = args.includes('--reuse');
const INSTALL_ONLY = args.includes('--install-only');
const NICE_AFTER_INSTALL = args.includes('--nice-after-install');
const onlyArg = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const HOSTS: HostName[] = onlyArg ? ALL_HOSTS.filter((host) => onlyArg.split(',').includes(host)) : [...ALL_HOSTS];

const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];
/** A bound for a hung install, not a speed check: at low priority beside the suites an install can take minutes. */
const NPM_TIMEOUT_MS = 900_000;
/**
 * A bound for a state that does not come, not a speed check: `npm test` runs the fixtures at a
 * low CPU priority beside vitest (scripts/test-all.mjs), where a page can take a while.
 */
const UI_TIMEOUT_MS = 30_000;

/** The sandbox calls the two widgets make when they load (lead-page GET, board list POST). */
const LEAD_PAGE_CALL = { method: 'GET', path: '/gateway/lead/office/v2/leads/300002' };
const BOARD_LIST_CALL = { method: 'POST', path: '/gateway/lead/office/v6/leads/serviceProvider/1001' };
const BOARD_HEADING = 'Leads for Acme Plumbing & Heating';
/** (Next.js) A session cookie of the host's page: its server component forwards the Cookie header to the gateway. */
const SESSION_COOKIE = { name: 'host_session', value: 'signed-in' };

const started = performance.now();
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const timings: string[] = [];

async function step<T>(label: string, work: () => Promise<T> | T): Promise<T> {
  const at = performance.now();
  const result = await work();
  timings.push(`${label} ${seconds(at)} s`);
  console.log(`hosts: ${label} done in ${seconds(at)} s`);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Preparing: build, pack, install, build the hosts

/** The leadkit and @leadkit/cdn tarballs: the ones `npm test` packed (LEADKIT_TARBALL, LEADKIT_CDN_TARBALL), or built when stale and packed now. */
function tarballs(): { leadkit: string; cdn: string } {
  const leadkit = process.env.LEADKIT_TARBALL;
  const cdn = process.env.LEADKIT_CDN_TARBALL;
  if (leadkit && cdn) return { leadkit: path.resolve(leadkit), cdn: path.resolve(cdn) };
  const packed = prepareForTests({ parts: ['library', 'cdn', 'manifest', 'sandbox'] });
  if (!packed) throw new Error('hosts: nothing was packed');
  return { leadkit: packed.leadkit.tarball, cdn: packed.cdn.tarball };
}

/**
 * npm with the fixtures' flags in `cwd`; a failure says what npm printed and whether it was cut
 * off by its time limit (an `npm ci` at low priority beside the suites once failed with neither).
 */
async function npm(args: string[], cwd: string): Promise<void> {
  try {
    await run('npm', [...args, ...NPM_FLAGS], { cwd, timeout: NPM_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const failed = error as Error & { killed?: boolean; signal?: string | null; stdout?: string; stderr?: string };
    const cut = failed.killed ? ` (cut off after ${NPM_TIMEOUT_MS / 1000} s${failed.signal ? `, ${failed.signal}` : ''})` : '';
    const output = `${failed.stderr ?? ''}\n${failed.stdout ?? ''}`.trim().split('\n').slice(-20).join('\n');
    throw new Error(`npm ${args[0]} failed${cut}:\n${output || '(it printed nothing)'}`, { cause: error });
  }
}

/** The fixtures' sources copied fresh into APPS and their dependencies installed (`npm ci`, unless --reuse finds them installed). */
async function installFixtures(): Promise<void> {
  const lock = (dir: string) => (existsSync(path.join(dir, 'package-lock.json')) ? readFileSync(path.join(dir, 'package-lock.json'), 'utf8') : null);
  const installed = existsSync(path.join(APPS, 'node_modules', 'vite')) && lock(APPS) === lock(HERE);
  // The fixtures' sources, fresh each run (their installs and build folders are left alone).
  mkdirSync(APPS, { recursive: true });
  for (const name of readdirSync(HERE)) {
    if (name === 'node_modules' || name.endsWith('.ts') || name === 'README.md') continue;
    rmSync(path.join(APPS, name), { recursive: true, force: true });
    cpSync(path.join(HERE, name), path.join(APPS, name), { recursive: true, filter: (source) => !/[\\/](node_modules|\.next[^\\/]*)$/.test(source) });
  }
  if (!(REUSE && installed)) await npm(['ci'], APPS);
}

async function install(packed: { leadkit: string; cdn: string }): Promise<void> {
  await installFixtures();
  // The tarballs are installed as a host installs a release, without touching the fixture's lock.
  await npm(['install', '--no-save', packed.leadkit, packed.cdn], APPS);
}

/** Runs a Node CLI of the fixtures' node_modules; rejects with its output when it fails. */
function runTool(label: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${label} failed (exit ${code}):\n${output}`))));
  });
}

/** `vite build` of one host with the fixture's own Vite, as its author would run it. */
function viteBuild(host: HostName, outDir: string): Promise<void> {
  const vite = path.join(APPS, 'node_modules', 'vite', 'bin', 'vite.js');
  return runTool(`vite build of the ${host} host`, [vite, 'build', '--config', path.join(APPS, host, 'vite.config.js'), '--outDir', outDir], {
    cwd: APPS,
    env: { NODE_ENV: 'production' },
  });
}

/**
 * `ng build` of the Angular host with the fixture's own Angular CLI (its application builder,
 * @angular/build), as its author would run it. The builder writes the page to `<out>/browser`.
 */
async function angularBuild(outDir: string): Promise<void> {
  const ng = path.join(APPS, 'node_modules', '@angular', 'cli', 'bin', 'ng.js');
  const out = `${outDir}.ng`;
  await runTool('ng build of the angular host', [ng, 'build', '--output-path', out], { cwd: path.join(APPS, 'angular') });
  renameSync(path.join(out, 'browser'), outDir);
  rmSync(out, { recursive: true, force: true });
}

async function buildHosts(site: string): Promise<void> {
  // The Angular build first: the longest (a type check of its templates, then esbuild).
  const queue = HOSTS.filter((host) => BUILT_HOSTS.includes(host)).sort((a, b) => Number(b === 'angular') - Number(a === 'angular'));
  // Two at a time: two cores.
  const worker = async () => {
    for (let host = queue.shift(); host; host = queue.shift())
      await (host === 'angular' ? angularBuild(path.join(site, host)) : viteBuild(host, path.join(site, host)));
  };
  await Promise.all([worker(), worker()]);
}

/** The CDN page, as README's CDN snippet: the CDN origin in its links, the gateway's origin in its tags' `gateway-url`. */
function writeCdnPage(site: string, cdnOrigin: string, gatewayOrigin: string): void {
  if (!HOSTS.includes('cdn')) return;
  mkdirSync(path.join(site, 'cdn'), { recursive: true });
  const page = readFileSync(path.join(APPS, 'cdn', 'index.html'), 'utf8')
    .replaceAll('__LEADKIT_CDN__', cdnOrigin)
    .replaceAll('__GATEWAY_URL__', gatewayOrigin);
  writeFileSync(path.join(site, 'cdn', 'index.html'), page);
}

const NEXT_BIN = () => path.join(APPS, 'node_modules', 'next', 'dist', 'bin', 'next');
const NEXT_ENV = (distDir: string): NodeJS.ProcessEnv => ({ NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' });

/**
 * `next build` of the Next.js host with each bundler, as its author would run it: no
 * configuration for leadkit. A failed build is that host's failure (its first lines), not the run's.
 */
async function buildNextHosts(): Promise<Map<HostName, string>> {
  const failed = new Map<HostName, string>();
  // One at a time: each build already uses both cores.
  for (const host of HOSTS) {
    const next = NEXT_HOSTS[host];
    if (!next) continue;
    await runTool(`next build (${host})`, [NEXT_BIN(), 'build', ...next.buildArgs], { cwd: NEXT_APP, env: NEXT_ENV(next.distDir) }).catch((error: unknown) => {
      const lines = (error instanceof Error ? error.message : String(error)).split('\n').filter((line) => /error|failed|not found/i.test(line));
      failed.set(host, lines.slice(0, 6).join(' | '));
    });
  }
  return failed;
}

/** `next start` on a free port; resolves once it answers. */
async function startNext(host: HostName): Promise<{ origin: string; stop(): Promise<void> }> {
  const next = NEXT_HOSTS[host];
  if (!next) throw new Error(`${host} is not a Next.js host`);
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const child = spawn(process.execPath, [NEXT_BIN(), 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: NEXT_APP,
    env: { ...process.env, ...NEXT_ENV(next.distDir) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start (${host}) exited ${child.exitCode}:\n${output}`);
    const up = await fetch(`${origin}/_not-found`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`next start (${host}) did not answer within 120 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    origin,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// Static servers: the host pages on one origin, the CDN build on another

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json; charset=utf-8',
};

interface StaticServer {
  origin: string;
  /** The file a URL path maps to, when it exists. */
  fileFor(pathname: string): string | null;
  close(): Promise<void>;
}

async function serveStatic(dir: string, headers: Record<string, string> = {}): Promise<StaticServer> {
  const fileFor = (pathname: string): string | null => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    const file = path.join(dir, path.normalize(decoded));
    if (!file.startsWith(dir + path.sep)) return null;
    return existsSync(file) && statSync(file).isFile() ? file : null;
  };
  const server: Server = createServer((request, response) => {
    const file = request.method === 'GET' ? fileFor(new URL(request.url ?? '/', 'http://host').pathname) : null;
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain', ...headers }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store', ...headers });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    fileFor,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// One host in the browser

interface HostLog {
  loads: string[];
  navigations: { url: string; kind: string; cancelable: boolean; prevented: boolean }[];
  swaps: number;
}

interface HostResult {
  host: HostName | 'bundlers' | 'snippets';
  failures: string[];
  seconds: string;
}

const message = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0] : String(error));

/** Where a host's page is, and which requests to its own origin are its own files. */
interface HostSite {
  origin: string;
  page(query: string): string;
  isOwnFile(request: Request): boolean;
}

/** A page of the static server: `/<host>/index.html`, its own files under `/<host>/`. */
function staticSite(site: StaticServer, host: HostName): HostSite {
  return {
    origin: site.origin,
    page: (query) => `${site.origin}/${host}/index.html?${query}`,
    isOwnFile: (request) => {
      const { pathname } = new URL(request.url());
      return request.method() === 'GET' && pathname.startsWith(`/${host}/`) && site.fileFor(pathname) !== null;
    },
  };
}

/** The Next.js server: its page at `/`, its own GETs (the page, `/_next/…`) but never a gateway path. */
function nextSite(origin: string): HostSite {
  return {
    origin,
    page: (query) => `${origin}/?${query}`,
    isOwnFile: (request) => request.method() === 'GET' && !new URL(request.url()).pathname.startsWith('/gateway/'),
  };
}

/**
 * What a server-rendered host's HTML holds before any script runs: status 200 (never the 500 of a
 * server render that touched the DOM), the server component's own gateway call, and both tags
 * with their first screens as declarative shadow DOM.
 */
async function checkServerHtml(url: string, failures: string[]): Promise<void> {
  try {
    const response = await fetch(url);
    const html = await response.text();
    if (response.status !== 200) failures.push(`server render: HTTP ${response.status}: ${html.slice(0, 300)}`);
    if (!html.includes(`Provider from a server component: ${BOARD_HEADING.replace('Leads for ', '').replace('&', '&amp;')}`)) {
      failures.push("server render: the server component's gateway call (createGatewayClient from leadkit) is not in the HTML");
    }
    // Each widget's first screen in a declarative shadow root (leadkit/react rendering on the server
    // from the server component's loadFirstScreen data), with its styles inlined (no stylesheet URL given).
    const firstScreens: [tag: string, text: string][] = [
      ['lead-page', 'Lead Unlocked'],
      ['lead-board', BOARD_HEADING.replace('&', '&amp;')],
      ['lead-board', 'Showing 1 - 10 of'],
    ];
    for (const [tag, text] of firstScreens) {
      const root = new RegExp(`<${tag} [^>]*><template shadowrootmode="open">([\\s\\S]*?)</template></${tag}>`).exec(html)?.[1];
      if (root === undefined) failures.push(`server render: no <${tag}> with a declarative shadow root in the HTML`);
      else if (!root.includes(text)) failures.push(`server render: <${tag}>'s first screen has no '${text}'`);
      else if (!/<style data-lk-stylesheet>[^<]*:host/.test(root)) failures.push(`server render: <${tag}>'s first screen has no inlined styles`);
    }
  } catch (error) {
    failures.push(`server render: ${message(error)}`);
  }
}

async function checkHost(browser: Browser, host: HostName, site: HostSite, sandbox: SandboxServers): Promise<HostResult> {
  const at = performance.now();
  const failures: string[] = [];
  const check = async (label: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      failures.push(`${label}: ${message(error)}`);
    }
  };
  const [first, second] = sandbox.origins;
  const [receivedFirst, receivedSecond] = sandbox.received;
  const fromFirst = receivedFirst.length;
  const fromSecond = receivedSecond.length;

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // (Next.js) the user's session cookie, which the server component forwards to the gateway.
  if (NEXT_HOSTS[host]) await context.addCookies([{ ...SESSION_COOKIE, url: site.origin }]);
  const page: Page = await context.newPage();
  const consoleErrors: string[] = [];
  const requests: Request[] = [];
  let documentLoads = 0;
  page.on('console', (entry) => {
    if (entry.type() === 'error') consoleErrors.push(entry.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
  page.on('request', (request) => requests.push(request));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) documentLoads += 1;
  });
  const hostLog = () => page.evaluate(() => (window as unknown as { hostLog: HostLog }).hostLog);
  /** Gateway calls (no preflights) a sandbox server received since this host's page opened. */
  const calls = (log: typeof receivedFirst, since: number) => log.slice(since).filter((request) => request.method !== 'OPTIONS');
  const received = (log: typeof receivedFirst, since: number, call: { method: string; path: string }) =>
    calls(log, since).some((request) => request.method === call.method && request.path.split('?')[0] === call.path);

  const pageUrl = site.page(`gateway=${encodeURIComponent(first)}&second=${encodeURIComponent(second)}`);
  if (NEXT_HOSTS[host]) await checkServerHtml(pageUrl, failures);
  const leadPage = page.locator('lead-page');
  const board = page.locator('lead-board');
  const bound = BOUND_BEFORE_DEFINITION[host];
  if (NEXT_HOSTS[host] || bound) {
    // As each tag gets defined (before its element upgrades or hydrates), what its element holds:
    // the first heading of a server-rendered root (hydrated in place, the very same node is there
    // afterwards), and the properties a host set on it while it was not a custom element yet (its
    // own data properties then).
    await page.addInitScript(
      (keys: string[]) => {
        const seen: Record<string, Element | null> = {};
        const ownBefore: Record<string, Record<string, unknown>> = {};
        Object.assign(window, { firstScreenNodes: seen, ownBeforeDefinition: ownBefore });
        const define = customElements.define.bind(customElements);
        customElements.define = (name, constructor, options) => {
          const element = document.querySelector(name);
          seen[name] = element?.shadowRoot?.querySelector('h1, h2') ?? null;
          ownBefore[name] = Object.fromEntries(
            keys.filter((key) => element && Object.hasOwn(element, key)).map((key) => [key, (element as unknown as Record<string, unknown>)[key]]),
          );
          define(name, constructor, options);
        };
      },
      [...new Set(Object.values(bound ?? {}).flatMap((props) => Object.keys(props)))],
    );
  }
  try {
    await page.goto(pageUrl);

    await check('<lead-page> renders the sandbox lead', async () => {
      await leadPage.getByText('Lead Unlocked', { exact: true }).first().waitFor({ timeout: UI_TIMEOUT_MS });
      if ((await leadPage.locator('a[href^="tel:+1"]').count()) !== 1) throw new Error("no customer's phone link");
    });
    await check('<lead-board> renders the sandbox board', async () => {
      await board.getByRole('heading', { name: BOARD_HEADING }).waitFor({ timeout: UI_TIMEOUT_MS });
      await board.locator('[part="lead-card"]').first().waitFor({ timeout: UI_TIMEOUT_MS });
    });
    if (NEXT_HOSTS[host]) {
      await check('each widget hydrated its server-rendered first screen in place', async () => {
        const kept = await page.evaluate(() => {
          const seen = (window as unknown as { firstScreenNodes: Record<string, Element | null> }).firstScreenNodes;
          return ['lead-page', 'lead-board'].map((tag) => {
            const before = seen[tag];
            if (!before) return `<${tag}> had no server-rendered heading when its tag was defined`;
            return before.isConnected && document.querySelector(tag)?.shadowRoot?.contains(before)
              ? null
              : `<${tag}> replaced its server-rendered first screen`;
          });
        });
        const problems = kept.filter((problem): problem is string => problem !== null);
        if (problems.length) throw new Error(problems.join('; '));
      });
    }
    await check('lk-load reaches the host from both widgets', async () => {
      await page
        .waitForFunction(
          () => {
            const loads = (window as unknown as { hostLog?: HostLog }).hostLog?.loads ?? [];
            return loads.includes('lead-page') && loads.includes('lead-board');
          },
          undefined,
          { timeout: UI_TIMEOUT_MS },
        )
        .catch(async () => {
          throw new Error(`the host saw lk-load from [${(await hostLog()).loads.join(', ')}]`);
        });
    });
    if (NEXT_HOSTS[host]) {
      // Issue 50 §2: what the server answered (the lead, the board's page with its filters, sort
      // and page) is not asked for again once hydrated — checked once the board's parts that
      // follow its first screen (the filter panel) are there too.
      await check('hydration asks the gateway for nothing the server answered', async () => {
        await board.locator('.lk-filters__panel--loading').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
        const again = requests
          .filter((request) =>
            [LEAD_PAGE_CALL, BOARD_LIST_CALL].some((call) => request.method() === call.method && new URL(request.url()).pathname === call.path),
          )
          .map((request) => `${request.method()} ${new URL(request.url()).pathname}`);
        if (again.length > 0) throw new Error(`asked again in the browser: ${again.join(', ')}`);
      });
    }
    if (bound) {
      await check('properties bound before the tags were defined are taken over on upgrade', async () => {
        const problems = await page.evaluate((expected) => {
          const before = (window as unknown as { ownBeforeDefinition: Record<string, Record<string, unknown>> }).ownBeforeDefinition;
          return Object.entries(expected).flatMap(([tag, props]) => {
            const element = document.querySelector(tag) as (Element & Record<string, unknown>) | null;
            const set = before[tag];
            if (!element || !set) return [`<${tag}> was ${element ? 'never defined' : 'not in the page'}`];
            return Object.entries(props).flatMap(([key, value]) => {
              if (!(key in set)) return [`<${tag}>.${key} was not set before the tag was defined (defined too early?)`];
              if (Object.hasOwn(element, key)) return [`<${tag}>.${key} is still a plain property of the element (not taken over)`];
              const now = element[key];
              if (value === 'object') return now === set[key] && typeof now === 'object' ? [] : [`<${tag}>.${key} is not the object the host set`];
              const attribute = element.getAttribute(key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`));
              return now === value && set[key] === value && attribute === String(value)
                ? []
                : [`<${tag}>.${key} is ${String(now)}, its attribute ${attribute} (set: ${String(set[key])})`];
            });
          });
        }, bound);
        if (problems.length > 0) throw new Error(problems.join('; '));
      });
    }
    await check('first requests go to the first gateway', async () => {
      for (const call of [LEAD_PAGE_CALL, BOARD_LIST_CALL]) {
        if (!received(receivedFirst, fromFirst, call)) throw new Error(`the first sandbox origin never received ${call.method} ${call.path}`);
      }
    });

    if (NEXT_HOSTS[host]) {
      await check("the server's first-screen calls forward the user's Cookie header", async () => {
        // Calls without an Origin header are the server's (the browser's cross-origin calls have one).
        const fromServer = calls(receivedFirst, fromFirst).filter((request) => request.origin === null && request.path.split('?')[0] === BOARD_LIST_CALL.path);
        if (!fromServer.some((request) => request.cookie?.includes(`${SESSION_COOKIE.name}=${SESSION_COOKIE.value}`)))
          throw new Error(`the server's board calls had Cookie [${fromServer.map((request) => request.cookie ?? 'none').join(', ')}]`);
      });
    }

    // lk-navigate: a link inside each widget; the host cancels, so the page stays. (The hosts give
    // no `routes`, so the board has no 'View Call Log': its page is not in the spec,
    // docs/elements.md#routes-a-real-host-must-give.)
    for (const [widget, link, kind] of [
      ['lead-board', board.locator('[part="lead-card"] [part="message-button"]'), 'conversation-thread'],
      ['lead-page', leadPage.locator('a[href^="mailto:"]'), 'external'],
    ] as const) {
      await check(`a link in <${widget}> (${kind}) fires a cancelable lk-navigate the host cancels`, async () => {
        const before = (await hostLog()).navigations.length;
        const url = page.url();
        const loads = documentLoads;
        await link.first().click({ timeout: UI_TIMEOUT_MS });
        const navigatedAway = () => (page.url() !== url || documentLoads !== loads ? new Error(`the page navigated to ${page.url()}`) : null);
        await page
          .waitForFunction((count) => (window as unknown as { hostLog: HostLog }).hostLog.navigations.length > count, before, { timeout: 5_000 })
          .catch((error: unknown) => {
            throw navigatedAway() ?? new Error(`the host's handler saw no lk-navigate (${message(error)})`);
          });
        await page.waitForTimeout(300); // a navigation the cancel failed to stop would start by now
        const away = navigatedAway();
        if (away) throw away;
        const event = (await hostLog()).navigations[before];
        if (event?.kind !== kind) throw new Error(`kind ${event?.kind}, expected ${kind}`);
        if (!event.cancelable || !event.prevented) throw new Error(`cancelable ${event.cancelable}, prevented ${event.prevented}`);
      });
    }

    // Swap the gateway property: the next requests go through the new client.
    await check('a swapped gateway property refetches through the new client', async () => {
      const sentBefore = requests.length;
      const firstBefore = receivedFirst.length;
      if (calls(receivedSecond, fromSecond).length > 0) throw new Error('the second origin was called before the swap');
      await page.getByRole('button', { name: 'Use the second gateway' }).click({ timeout: UI_TIMEOUT_MS });
      const deadline = Date.now() + UI_TIMEOUT_MS;
      const missing = () => [LEAD_PAGE_CALL, BOARD_LIST_CALL].filter((call) => !received(receivedSecond, fromSecond, call));
      while (missing().length > 0 && Date.now() < deadline) await page.waitForTimeout(100);
      if (missing().length > 0) {
        throw new Error(
          `the second origin never received ${missing()
            .map((call) => `${call.method} ${call.path}`)
            .join(', ')}`,
        );
      }
      await page.waitForTimeout(300);
      const stale = requests.slice(sentBefore).filter((request) => request.url().startsWith(`${first}/`));
      if (stale.length > 0 || calls(receivedFirst, firstBefore).length > 0) {
        throw new Error(
          `requests still went to the first origin: ${stale.map((request) => `${request.method()} ${new URL(request.url()).pathname}`).join(', ')}`,
        );
      }
      // The widgets show the data they got through the new client.
      await leadPage.getByText('Lead Unlocked', { exact: true }).first().waitFor({ timeout: UI_TIMEOUT_MS });
      await board.locator('[part="lead-card"]').first().waitFor({ timeout: UI_TIMEOUT_MS });
    });

    await page.waitForTimeout(200);
  } catch (error) {
    failures.push(`page: ${message(error)}`);
  }

  // Nothing but the page's own static files from the host's origin.
  const ownOrigin = requests.filter((request) => new URL(request.url()).origin === site.origin);
  const foreign = ownOrigin.filter((request) => !site.isOwnFile(request));
  if (foreign.length > 0) {
    const list = [...new Set(foreign.map((request) => `${request.method()} ${new URL(request.url()).pathname}${new URL(request.url()).search}`))];
    failures.push(`${foreign.length} request(s) to the host's own origin: ${list.slice(0, 6).join(', ')}${list.length > 6 ? ', …' : ''}`);
  }
  if (consoleErrors.length > 0) {
    failures.push(
      `${consoleErrors.length} console error(s): ${[...new Set(consoleErrors)]
        .slice(0, 4)
        .map((text) => text.slice(0, 200))
        .join(' | ')}`,
    );
  }
  await context.close();
  return { host, failures, seconds: seconds(at) };
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'leadkit-hosts-'));
  const site = path.join(work, 'site');
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(work, { recursive: true, force: true })];
  try {
    if (INSTALL_ONLY) {
      await step('install (npm ci)', installFixtures);
      return 0;
    }
    const packed = await step('tarballs (built and packed when not given)', tarballs);
    await step('install (npm ci + the tarballs)', () => install(packed));
    // What follows (builds, browsers) yields to the suites beside it; processes started from here inherit it.
    if (NICE_AFTER_INSTALL) os.setPriority(10);

    // The CDN build comes from the installed @leadkit/cdn, as a host serves it (docs/embedding.md#self-hosting-the-cdn-files).
    const cdnDir = path.join(work, 'cdn-origin');
    cpSync(path.join(APPS, 'node_modules', '@leadkit', 'cdn', 'dist'), cdnDir, { recursive: true });
    const cdn = await serveStatic(cdnDir, { 'access-control-allow-origin': '*' });
    cleanups.push(() => cdn.close());
    await step(`vite/ng build (${HOSTS.filter((host) => BUILT_HOSTS.includes(host)).join(', ')})`, () => buildHosts(site));
    const nextHosts = HOSTS.filter((host) => NEXT_HOSTS[host]);
    let nextBuildFailures = new Map<HostName, string>();
    if (nextHosts.length > 0) {
      cleanups.push(() => {
        for (const host of nextHosts) rmSync(path.join(NEXT_APP, NEXT_HOSTS[host]?.distDir ?? '.next'), { recursive: true, force: true });
      });
      nextBuildFailures = await step(`next build (${nextHosts.join(', ')})`, buildNextHosts);
    }

    const [hostsServer, sandbox, browser] = await Promise.all([serveStatic(site), startSandbox(), launchChromium()]);
    writeCdnPage(site, cdn.origin, sandbox.origins[0]);
    cleanups.push(
      () => hostsServer.close(),
      () => sandbox.stop(),
      () => browser.close(),
    );
    console.log(`hosts: pages on ${hostsServer.origin}, CDN on ${cdn.origin}, sandbox on ${sandbox.origins.join(' and ')}`);

    const results: HostResult[] = [];
    const browserStarted = performance.now();
    for (const host of HOSTS) {
      let result: HostResult;
      const buildFailure = nextBuildFailures.get(host);
      if (buildFailure) {
        result = { host, failures: [`next build: ${buildFailure}`], seconds: '0.0' };
      } else if (NEXT_HOSTS[host]) {
        const server = await startNext(host);
        try {
          result = await checkHost(browser, host, nextSite(server.origin), sandbox);
        } finally {
          await server.stop();
        }
      } else {
        result = await checkHost(browser, host, staticSite(hostsServer, host), sandbox);
      }
      results.push(result);
      console.log(
        result.failures.length === 0
          ? `PASS ${host} (${result.seconds} s)`
          : `FAIL ${host} (${result.seconds} s)\n${result.failures.map((failure) => `  - ${failure}`).join('\n')}`,
      );
    }
    timings.push(`browser checks ${seconds(browserStarted)} s`);

    // esbuild, Rollup and Vite's library build, with and without the optional peers (bundlers/).
    if (!onlyArg || onlyArg.split(',').includes('bundlers')) {
      const at = performance.now();
      const failures = await checkBundlers(APPS, packed.leadkit);
      const result: HostResult = { host: 'bundlers', failures, seconds: seconds(at) };
      results.push(result);
      timings.push(`bundlers ${result.seconds} s`);
      console.log(
        failures.length === 0
          ? `PASS bundlers (${result.seconds} s)`
          : `FAIL bundlers (${result.seconds} s)\n${failures.map((failure) => `  - ${failure}`).join('\n')}`,
      );
    }

    // The docs' TS/TSX blocks type-checked against the installed tarball and the real frameworks (snippets.ts).
    if (!onlyArg || onlyArg.split(',').includes('snippets')) results.push(await step('snippets', () => checkSnippets(APPS)));

    const failed = results.filter((result) => result.failures.length > 0);
    console.log(`hosts: ${timings.join(', ')}; total ${seconds(started)} s`);
    console.log(`hosts: ${results.length - failed.length} passed, ${failed.length} failed`);
    return failed.length === 0 ? 0 : 1;
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(`hosts: cleanup failed: ${message(error)}`);
      }
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`hosts: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
