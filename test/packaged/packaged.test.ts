/**
 * Tests against the packed artefacts (`npm pack`), not the sources: a temp project installs the
 * leadkit tarball, the @leadkit/sandbox tarball (packages/sandbox) and the @leadkit/cdn tarball
 * (packages/cdn) with React from the local
 * npm cache — without the optional @twilio/conversations peer — then child node processes import
 * every entry the way a host would. The tarballs are built and packed once before the tests
 * (scripts/test-prepare.mjs, through the project's globalSetup test/setup/prepare.ts).
 * Preact, Vue and Svelte come in too (types only: one consumer file per host is type-checked
 * against leadkit/types/*), at the versions the host fixtures pin (test/hosts/package.json).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createGatewayClient, officeGateway } from '../../src/index';
import { createSandboxGateway, MAIN_PROVIDER_ID } from '@leadkit/sandbox';
import { ELEMENT_DEFINITIONS } from '../../src/elements/definitions';
import { HOST_ATTRIBUTES, kebab, TAGS as TAG_TABLE } from '../../src/contract/tags';
import { enUS } from '../../src/i18n/en-US';
import { GLOBALS_FILE } from '../../scripts/library-types';
import { SITE_LINKS } from '../../stories/docs/site-files';
import { siteLink } from '../../stories/docs/site-pages';
import { siteLinkProblem } from '../helpers/site-links';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
/** bench/budgets.mjs (plain JS, outside the typed sources): the tarball's budget. */
const { PACKAGE_BUDGETS } = (await import(pathToFileURL(path.join(ROOT, 'bench', 'budgets.mjs')).href)) as { PACKAGE_BUDGETS: { tarball: number } };
const require = createRequire(import.meta.url);
const versionOf = (name: string) => (require(`${name}/package.json`) as { version: string }).version;
const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];
/** Every tag the sources define: the packed artefact must carry each one. */
const TAGS = ELEMENT_DEFINITIONS.map((definition) => definition.tag).sort();
/** `lead-board` → `LeadBoardElement`: the class leadkit/define exports for a tag. */
const className = (tag: string) => `${tag.replace(/(^|-)([a-z])/g, (_, _dash: string, c: string) => c.toUpperCase())}Element`;
/** The framework versions the host fixtures use (types only here). */
const HOST_FRAMEWORKS = (() => {
  const pinned = (JSON.parse(readFileSync(path.join(ROOT, 'test', 'hosts', 'package.json'), 'utf8')) as { devDependencies: Record<string, string> })
    .devDependencies;
  return ['preact', 'vue', 'svelte'].map((name) => `${name}@${pinned[name]}`);
})();

let dir = '';
let project = '';
let packedFiles: string[] = [];
let sandboxFiles: string[] = [];
let cdnFiles: string[] = [];
/** The tarballs' sizes, packed (bytes). */
const packedBytes: Record<string, number> = {};

/** Runs an ES module script inside the consumer project; returns what it printed as JSON. */
async function inConsumer<T>(name: string, source: string, env: Record<string, string> = {}): Promise<T> {
  const file = path.join(project, name);
  writeFileSync(file, source);
  const { stdout } = await run(process.execPath, [file], { cwd: project, env: { ...process.env, ...env }, timeout: 60_000 });
  const line = stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as T;
}

beforeAll(async () => {
  // Built and packed once before the tests (test/setup/prepare.ts, the project's globalSetup).
  const packed = inject('packed');
  if (!packed) throw new Error("packaged: no tarballs provided (test/setup/prepare.ts is the packaged project's globalSetup)");
  const { leadkit, sandbox, cdn } = packed;
  dir = mkdtempSync(path.join(os.tmpdir(), 'leadkit-packaged-'));
  project = path.join(dir, 'consumer');
  packedFiles = leadkit.files;
  sandboxFiles = sandbox.files;
  cdnFiles = cdn.files;
  for (const [name, { tarball }] of Object.entries(packed)) packedBytes[name] = statSync(tarball).size;

  mkdirSync(project);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'leadkit-consumer', private: true, type: 'module' }, null, 2));
  await run(
    'npm',
    [
      'install',
      ...NPM_FLAGS,
      leadkit.tarball,
      sandbox.tarball,
      cdn.tarball,
      `react@${versionOf('react')}`,
      `react-dom@${versionOf('react-dom')}`,
      `@types/react@${versionOf('@types/react')}`,
      `@types/react-dom@${versionOf('@types/react-dom')}`,
      ...HOST_FRAMEWORKS,
    ],
    { cwd: project, timeout: 120_000 },
  );
  // A bound for a hung set-up, not a speed check: the install from the npm cache, on a busy machine.
}, 240_000);

// Removing the consumer's node_modules took over vitest's 10 s hook limit on a busy machine.
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 120_000);

describe('the packed package', { timeout: 60_000 }, () => {
  it('ships dist (library, types, element manifest) and no sources, no sandbox, no CDN build (@leadkit/cdn has it), no source maps', () => {
    const typings = ['react', 'preact', 'vue', 'svelte'].map((framework) => `dist/types/${framework}.d.ts`);
    for (const file of [
      'dist/index.js',
      'dist/index.d.ts',
      'dist/define.js',
      'dist/define.d.ts',
      'dist/react.js',
      'dist/react.d.ts',
      'dist/twilio.js',
      'dist/twilio.d.ts',
      'dist/heic.js',
      'dist/heic.d.ts',
      'dist/server.js',
      'dist/server.d.ts',
      'dist/widgets.css',
      'dist/custom-elements.json',
      ...typings,
      'dist/vscode.html-custom-data.json',
      'package.json',
      'LICENSE',
    ]) {
      expect(packedFiles).toContain(file);
    }
    expect(packedFiles.filter((file) => file.startsWith('src/') || file.startsWith('packages/'))).toEqual([]);
    expect(packedFiles.filter((file) => /^dist\/demo\b/.test(file))).toEqual([]);
    expect(packedFiles.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(packedFiles.filter((file) => file.startsWith('dist/cdn/'))).toEqual([]);
    expect(packedFiles.filter((file) => /heic/i.test(file) && !['dist/heic.js', 'dist/heic.d.ts'].includes(file))).toEqual([]);
    // DESIGN.md's budget for what an npm install of leadkit downloads.
    expect(packedBytes.leadkit).toBeLessThanOrEqual(PACKAGE_BUDGETS.tarball);
    // Every type file at the top of dist/ is an export's `types` (leadkit/react's node condition takes
    // react.d.ts), or the global types each of them references (dist/globals.d.ts).
    const { exports } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string | { types?: string }> };
    const exportTypes = new Set(
      Object.values(exports).flatMap((target) => (typeof target === 'object' && target.types ? [target.types.replace(/^\.\//, '')] : [])),
    );
    expect(packedFiles).toContain(`dist/${GLOBALS_FILE}`);
    expect(packedFiles.filter((file) => /^dist\/[^/]+\.d\.ts$/.test(file) && !exportTypes.has(file) && file !== `dist/${GLOBALS_FILE}`)).toEqual([]);
  });

  it('@leadkit/sandbox ships its built gateway, server and types, and no sources', () => {
    for (const file of ['dist/index.js', 'dist/index.d.ts', 'dist/serve.js', 'package.json', 'README.md', 'LICENSE']) expect(sandboxFiles).toContain(file);
    expect(sandboxFiles.filter((file) => file.startsWith('src/') || file.endsWith('.map'))).toEqual([]);
  });

  it('@leadkit/cdn ships the CDN build: the loader, its stylesheets, the chunks — without source maps, the Preact flavour and the HEIC converter', () => {
    for (const file of [
      'dist/leadkit.js',
      'dist/leadkit.css',
      'dist/widgets.css',
      'dist/first-content.json',
      'dist/chunks/runtime.js',
      'package.json',
      'README.md',
      'LICENSE',
    ])
      expect(cdnFiles).toContain(file);
    expect(cdnFiles.filter((file) => file.startsWith('dist/chunks/')).length).toBeGreaterThan(10);
    // The HEIC converter's chunk (≈ 3 MB) stays out: a CDN deployed from the build has it (docs/widgets/message-thread.md).
    expect(cdnFiles.filter((file) => file.endsWith('.map') || /\/(heic-|lite-|leadkit-lite\.js$|modules\.json$)/.test(file))).toEqual([]);
    expect(cdnFiles.filter((file) => !file.startsWith('dist/') && !['package.json', 'README.md', 'LICENSE'].includes(file))).toEqual([]);
  });

  it('the CDN files for self-hosting: @leadkit/cdn/<file> resolves to the installed build (docs/embedding.md#self-hosting-the-cdn-files)', async () => {
    const result = await inConsumer<Record<string, string | null>>(
      'cdn-export.mjs',
      `
      import { existsSync } from 'node:fs';
      import { fileURLToPath } from 'node:url';
      const at = (specifier) => {
        const file = fileURLToPath(import.meta.resolve(specifier));
        return existsSync(file) ? file : null;
      };
      console.log(JSON.stringify({ loader: at('@leadkit/cdn/leadkit.js'), css: at('@leadkit/cdn/leadkit.css'), runtime: at('@leadkit/cdn/chunks/runtime.js') }));
      `,
    );
    const cdn = path.join(project, 'node_modules', '@leadkit', 'cdn', 'dist');
    expect(result).toEqual({ loader: path.join(cdn, 'leadkit.js'), css: path.join(cdn, 'leadkit.css'), runtime: path.join(cdn, 'chunks', 'runtime.js') });
  });

  it('installs neither hono, Twilio nor the HEIC converter with leadkit: hono comes with @leadkit/sandbox, Twilio and heic-to are optional peers', () => {
    const manifest = (name: string) =>
      JSON.parse(readFileSync(path.join(project, 'node_modules', name, 'package.json'), 'utf8')) as Record<string, Record<string, unknown> | undefined>;
    const leadkit = manifest('leadkit');
    expect(Object.keys(leadkit.dependencies ?? {}).filter((name) => /hono|twilio/.test(name))).toEqual([]);
    expect(leadkit.peerDependenciesMeta).toEqual({ '@twilio/conversations': { optional: true }, 'heic-to': { optional: true } });
    expect(existsSync(path.join(project, 'node_modules', '@twilio', 'conversations'))).toBe(false);
    expect(existsSync(path.join(project, 'node_modules', 'heic-to'))).toBe(false);
    expect(Object.keys(manifest('@leadkit/sandbox').dependencies ?? {})).toContain('hono');
  });

  it('without the optional @twilio/conversations, leadkit/twilio imports and its adapter fails as sdk-missing and says what to do (a real failed import)', async () => {
    const result = await inConsumer<{ name: string; kind: string; hint: string; code: unknown }>(
      'no-twilio.mjs',
      `
      const lk = await import('leadkit/twilio');
      const factory = lk.createTwilioChatClientFactory();
      const init = { session: { token: 'token', identity: 'provider-1001' }, renewSession: async () => { throw new Error('not used'); }, gateway: {} };
      const error = await factory(init).then(() => null, (e) => e);
      console.log(JSON.stringify({ name: error?.name, kind: error?.kind, hint: error?.hint, code: error?.cause?.code }));
      `,
    );
    expect(result).toMatchObject({ name: 'ChatError', kind: 'sdk-missing', code: 'ERR_MODULE_NOT_FOUND' });
    expect(result.hint).toContain('npm install @twilio/conversations');
  });

  it('names an optional peer only in the entries a host imports on purpose (leadkit/twilio, leadkit/heic): no file that leadkit, leadkit/define or leadkit/react can load imports one', () => {
    const dist = path.join(project, 'node_modules', 'leadkit', 'dist');
    const peerImport = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](@twilio\/conversations|heic-to)(?:\/[^"']*)?["']/;
    const localImport = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g;
    /** Every file an entry may load: its static and dynamic imports, transitively. */
    const reachable = (entry: string) => {
      const seen = new Set<string>();
      const visit = (file: string) => {
        if (seen.has(file)) return;
        seen.add(file);
        for (const match of readFileSync(file, 'utf8').matchAll(localImport)) visit(path.resolve(path.dirname(file), match[1] as string));
      };
      visit(path.join(dist, entry));
      return [...seen];
    };
    const naming = (entry: string) =>
      reachable(entry)
        .filter((file) => peerImport.test(readFileSync(file, 'utf8')))
        .map((file) => path.relative(dist, file));
    for (const entry of ['index.js', 'define.js', 'react.js', 'server.js']) {
      expect(reachable(entry).length).toBeGreaterThan(entry === 'index.js' ? 5 : 20);
      expect(naming(entry), entry).toEqual([]);
    }
    // The check can see one: the two entries that exist to import them do.
    expect(naming('twilio.js')).toEqual(['twilio.js']);
    expect(naming('heic.js')).toEqual(['heic.js']);
  });

  it('keeps `leadkit`’s React-free exports in React-free files: a server component (React without createContext) loads only those for createGatewayClient or loadFirstScreen', () => {
    const dist = path.join(project, 'node_modules', 'leadkit', 'dist');
    const staticImport = /(?:\bfrom\s*|\bimport\s+)["']([^"']+)["']/g;
    const reactPackage = /^(react|react-dom|jotai\/react|wouter|@tanstack\/react-virtual)(\/|$)/;
    /** The files of a chunk's static closure that import React. */
    const withReact = (file: string, seen = new Set<string>()): string[] => {
      if (seen.has(file)) return [];
      seen.add(file);
      const found: string[] = [];
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(staticImport)) {
        if (specifier?.startsWith('.')) found.push(...withReact(path.resolve(path.dirname(file), specifier), seen));
        else if (reactPackage.test(specifier ?? '') && !found.includes(path.relative(dist, file))) found.push(path.relative(dist, file));
      }
      return found;
    };
    const chunks = [...readFileSync(path.join(dist, 'index.js'), 'utf8').matchAll(/from "(\.\/chunks\/[^"]+)"/g)].map((match) => match[1] as string);
    expect(chunks.length).toBeGreaterThan(5);
    // defineElements is the one export that needs React (it defines the elements).
    const offending = chunks.filter((chunk) => !/define-elements/.test(chunk) && withReact(path.join(dist, chunk)).length > 0);
    expect(offending).toEqual([]);
    // The check sees React where it is.
    expect(withReact(path.join(dist, 'react.js')).length).toBeGreaterThan(0);
  });

  it('imports every entry in Node without a DOM, and renders every leadkit/react component on the server without touching one (the element, to be defined in the browser)', async () => {
    const result = await inConsumer<{ entries: Record<string, string[]>; classes: Record<string, string>; html: Record<string, string> }>(
      'server-render.mjs',
      `
      const entries = {};
      for (const entry of ['leadkit', 'leadkit/define', 'leadkit/react', 'leadkit/twilio', 'leadkit/heic', 'leadkit/server']) entries[entry] = Object.keys(await import(entry)).sort();
      const define = await import('leadkit/define');
      const classes = Object.fromEntries(Object.keys(define).filter((name) => name.endsWith('Element')).map((name) => [name, typeof define[name]]));
      const { createElement } = await import('react');
      const { renderToString } = await import('react-dom/server');
      const react = await import('leadkit/react');
      const html = {};
      for (const name of ['LeadBoard', 'LeadPage', 'MessageThread', 'ReviewRequest', 'RaqFunnel', 'LeadApp']) {
        html[name] = renderToString(createElement(react[name], { spId: 1001, gatewayUrl: 'https://gateway.example', gateway: { baseURL: 'https://gateway.example' }, onNavigate: () => {}, className: 'host' }));
      }
      const sandbox = (await import('@leadkit/sandbox')).createSandboxGateway();
      const { renderToString: renderTag } = await import('leadkit/server');
      const served = await renderTag('lead-page', { attributes: { 'lead-id': 300002, 'sp-id': 1001 }, gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch } });
      // leadkit/react (its Node build) with first-screen data: the element with its first screen, by leadkit/server loaded from the package.
      const { loadFirstScreen } = await import('leadkit');
      const { renderToReadableStream } = await import('react-dom/server');
      const firstScreen = await loadFirstScreen('lead-board', { attributes: { 'sp-id': 1001 }, gateway: { baseURL: 'http://sandbox.test', fetch: sandbox.fetch } });
      const stream = await renderToReadableStream(createElement(react.LeadBoard, { spId: 1001, firstScreen }));
      await stream.allReady;
      const reactServed = await new Response(stream).text();
      console.log(JSON.stringify({ entries, classes, html, served, reactServed, globals: ['window', 'document', 'customElements', 'HTMLElement'].filter((name) => name in globalThis) }));
      `,
    );
    expect(Object.keys(result.entries)).toHaveLength(6);
    expect(result.entries['leadkit/server']).toContain('renderToString');
    // leadkit/server from the package: the lead's first screen in a declarative shadow root.
    const { served } = result as unknown as { served: string };
    expect(served.startsWith('<lead-page lead-id="300002" sp-id="1001"><template shadowrootmode="open">')).toBe(true);
    expect(served).toContain('Lead Unlocked');
    const { reactServed } = result as unknown as { reactServed: string };
    expect(reactServed).toMatch(/^<lead-board sp-id="1001"><template shadowrootmode="open">/);
    expect(reactServed).toContain('Showing 1 - 10 of');
    expect(result.entries['leadkit/twilio']).toContain('createTwilioChatClientFactory');
    expect(result.entries['leadkit/heic']).toContain('heicConverter');
    expect(result.entries['leadkit/react']).toEqual(
      expect.arrayContaining(['LeadBoard', 'LeadPage', 'MessageThread', 'ReviewRequest', 'RaqFunnel', 'LeadApp']),
    );
    expect((result as unknown as { globals: string[] }).globals).toEqual([]);
    // Nothing defined on a server: the classes exist only in a browser.
    expect(Object.values(result.classes)).toEqual(Array(TAGS.length).fill('undefined'));
    expect(result.html.LeadBoard).toBe('<lead-board sp-id="1001" gateway-url="https://gateway.example" class="host"></lead-board>');
    expect(result.html.RaqFunnel).toMatch(/^<raq-funnel [^>]*><\/raq-funnel>$/);
    expect(Object.keys(result.html)).toHaveLength(6);
  });

  it('imports leadkit, leadkit/react and @leadkit/sandbox without a DOM, and the sandbox answers through the packed client', async () => {
    const source = createSandboxGateway();
    const sourceClient = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: source.fetch, auth: { kind: 'provider', spId: MAIN_PROVIDER_ID } });
    const expected = await officeGateway.getServiceProviderInfo(sourceClient, MAIN_PROVIDER_ID);

    const result = await inConsumer<{ index: string[]; react: string[]; demo: string[]; hasDocument: boolean; info: unknown }>(
      'no-dom.mjs',
      `
      const lk = await import('leadkit');
      const react = await import('leadkit/react');
      const demo = await import('@leadkit/sandbox');
      const sandbox = demo.createSandboxGateway();
      const client = lk.createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'provider', spId: demo.MAIN_PROVIDER_ID } });
      const info = await lk.officeGateway.getServiceProviderInfo(client, demo.MAIN_PROVIDER_ID);
      console.log(JSON.stringify({
        index: Object.keys(lk).sort(), react: Object.keys(react).sort(), demo: Object.keys(demo).sort(),
        hasDocument: typeof document !== 'undefined', info,
      }));
      `,
    );
    expect(result.hasDocument).toBe(false);
    expect(result.index).toEqual(expect.arrayContaining(['createGatewayClient', 'officeGateway', 'leadGateway', 'GatewayError', 'enUS']));
    expect(result.react).toEqual(expect.arrayContaining(['LeadPage', 'LeadApp']));
    expect(result.demo).toEqual(expect.arrayContaining(['createSandboxGateway', 'MAIN_PROVIDER_ID', 'SANDBOX_LEADS']));
    expect(result.info).toEqual(expected);
    const name = (result.info as { serviceProviders: { name: string }[] }).serviceProviders[0]?.name;
    expect(name).toBeTruthy();
  });

  it('CommonJS requires every entry as it imports them (ES modules whose exports end in `default`: Node ≥ 20.19 requires them)', async () => {
    const entries = ['leadkit', 'leadkit/define', 'leadkit/react', 'leadkit/server', 'leadkit/twilio', 'leadkit/heic', '@leadkit/sandbox'];
    const file = path.join(project, 'required.cjs');
    writeFileSync(
      file,
      `const entries = ${JSON.stringify(entries)};
      Promise.all(entries.map((entry) => import(entry))).then((imported) => {
        const result = {};
        entries.forEach((entry, i) => {
          const required = require(entry);
          result[entry] = { required: Object.keys(required).sort(), imported: Object.keys(imported[i]).sort(), same: required.createGatewayClient === imported[i].createGatewayClient };
        });
        console.log(JSON.stringify(result));
      });`,
    );
    const { stdout } = await run(process.execPath, [file], { cwd: project, timeout: 60_000 });
    const result = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Record<string, { required: string[]; imported: string[]; same: boolean }>;
    for (const entry of entries) {
      expect(result[entry]?.required.length, entry).toBeGreaterThan(0);
      // The same module, not a second copy: one registry of elements, one gateway client.
      expect(result[entry]?.required, entry).toEqual(result[entry]?.imported);
      expect(result[entry]?.same, entry).toBe(true);
    }
    expect(result.leadkit?.required).toContain('createGatewayClient');
    expect(result['leadkit/server']?.required).toContain('renderToString');
  });

  it('`npm pack` of each package runs its prepack (scripts/build.mjs, finding its build fresh) and still prints only its JSON on stdout', async () => {
    const packs = await Promise.all(
      [ROOT, path.join(ROOT, 'packages', 'sandbox'), path.join(ROOT, 'packages', 'cdn')].map((cwd) =>
        run('npm', ['pack', '--dry-run', '--json'], { cwd, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 }),
      ),
    );
    const names = packs.map(({ stdout, stderr }) => {
      expect(stderr).toMatch(/> node (\.\.\/\.\.\/)?scripts\/build\.mjs --only=/);
      expect(stderr).toMatch(/^build: /m);
      return (JSON.parse(stdout) as { name: string; entryCount: number }[]).map((packed) => `${packed.name} ${packed.entryCount > 5}`);
    });
    expect(names.flat()).toEqual(['leadkit true', '@leadkit/sandbox true', '@leadkit/cdn true']);
  });

  it('leadkit/define registers every tag (also under a prefix) and a <lead-page> renders a sandbox lead (happy-dom)', async () => {
    const result = await inConsumer<{
      defineFile: string;
      exports: string[];
      defined: Record<string, boolean>;
      classes: Record<string, boolean>;
      manifestExports: string[];
      text: string;
    }>(
      'with-dom.mjs',
      `
      const defineFile = new URL(import.meta.resolve('leadkit/define')).pathname;
      const { Window } = await import(process.env.HAPPY_DOM);
      const window = new Window({ url: 'http://localhost/' });
      globalThis.window = window;
      const own = ['document', 'customElements', 'HTMLElement', 'CSSStyleSheet', 'Node', 'Element', 'ShadowRoot', 'DocumentFragment', 'Text',
        'MutationObserver', 'requestAnimationFrame', 'cancelAnimationFrame', 'getComputedStyle', 'HTMLDialogElement'];
      for (const key of own) if (!(key in globalThis)) globalThis[key] = window[key];
      for (const key of ['Event', 'CustomEvent', 'EventTarget', 'navigator', 'location']) {
        Object.defineProperty(globalThis, key, { value: window[key], configurable: true, writable: true });
      }
      const lk = await import('leadkit');
      const demo = await import('@leadkit/sandbox');
      const define = await import('leadkit/define');
      define.defineElements({ prefix: 'acme' });
      const tags = JSON.parse(process.env.TAGS);
      const defined = Object.fromEntries([...tags, ...tags.map((tag) => 'acme-' + tag)].map((tag) => [tag, !!customElements.get(tag)]));
      // Each tag's class is exported by the name custom-elements.json declares it under, from the module it names.
      const classNames = JSON.parse(process.env.CLASS_NAMES);
      const classes = Object.fromEntries(tags.map((tag) => [tag, typeof define[classNames[tag]] === 'function' && customElements.get(tag) === define[classNames[tag]]]));
      const { default: manifest } = await import('leadkit/custom-elements.json', { with: { type: 'json' } });
      const packageDir = defineFile.slice(0, defineFile.lastIndexOf('/dist/'));
      const manifestExports = [];
      for (const module of manifest.modules) {
        const exported = Object.keys(await import(packageDir + '/' + module.path));
        for (const entry of module.exports) if (entry.kind === 'js' && exported.includes(entry.name)) manifestExports.push(module.path + '#' + entry.name);
        for (const entry of module.exports) if (entry.kind !== 'js') manifestExports.push(entry.kind + ':' + entry.name + '=' + entry.declaration.module + '#' + entry.declaration.name);
      }

      const sandbox = demo.createSandboxGateway();
      const element = document.createElement('lead-page');
      element.setAttribute('lead-id', String(demo.SANDBOX_LEADS.purchased));
      element.setAttribute('sp-id', String(demo.MAIN_PROVIDER_ID));
      element.gateway = lk.createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'provider', spId: demo.MAIN_PROVIDER_ID } });
      const loaded = new Promise((resolve) => element.addEventListener('lk-load', resolve, { once: true }));
      document.body.append(element);
      let timer;
      await Promise.race([loaded, new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('no lk-load within 10 s')), 10_000); })]);
      clearTimeout(timer);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const text = element.shadowRoot?.textContent ?? '';
      await window.happyDOM.abort();
      await window.happyDOM.close();
      console.log(JSON.stringify({ defineFile, exports: Object.keys(define), defined, classes, manifestExports, text }));
      `,
      {
        HAPPY_DOM: pathToFileURL(require.resolve('happy-dom')).href,
        TAGS: JSON.stringify(TAGS),
        CLASS_NAMES: JSON.stringify(Object.fromEntries(TAGS.map((tag) => [tag, className(tag)]))),
      },
    );
    expect(path.relative(project, result.defineFile)).toBe(path.join('node_modules', 'leadkit', 'dist', 'define.js'));
    expect(readFileSync(result.defineFile, 'utf8')).toContain('defineElements');
    expect(result.exports.sort()).toEqual([...TAGS.map(className), 'defineElements'].sort());
    expect(result.classes).toEqual(Object.fromEntries(TAGS.map((tag) => [tag, true])));
    // Every class and function custom-elements.json declares exists where it says.
    expect(result.manifestExports.sort()).toEqual(
      [
        ...TAGS.map((tag) => `dist/define.js#${className(tag)}`),
        'dist/define.js#defineElements',
        ...TAGS.map((tag) => `custom-element-definition:${tag}=dist/define.js#${className(tag)}`),
      ].sort(),
    );
    expect(Object.entries(result.defined).filter(([, isDefined]) => !isDefined)).toEqual([]);
    expect(Object.keys(result.defined)).toHaveLength(TAGS.length * 2);
    expect(result.text).toContain(enUS['leadPage.unlocked']);
  });

  it('exports custom-elements.json listing every tag with its attributes, events and parts', async () => {
    type Entry = { name: string; type?: { text: string } };
    const result = await inConsumer<{ tags: Record<string, { attributes: Entry[]; events: Entry[]; parts: string[]; cssProperties: string[] }> }>(
      'manifest.mjs',
      `
      const { default: manifest } = await import('leadkit/custom-elements.json', { with: { type: 'json' } });
      const tags = {};
      for (const module of manifest.modules) for (const d of module.declarations) if (d.customElement) {
        tags[d.tagName] = { attributes: d.attributes ?? [], events: d.events ?? [], parts: (d.cssParts ?? []).map((p) => p.name), cssProperties: (d.cssProperties ?? []).map((p) => p.name) };
      }
      console.log(JSON.stringify({ tags }));
      `,
    );
    expect(Object.keys(result.tags).sort()).toEqual(TAGS);
    for (const definition of ELEMENT_DEFINITIONS) {
      // Exactly the attributes the element observes (the tag table's and the shared ones), each typed.
      const tag = result.tags[definition.tag]!;
      const attributes = [...Object.keys(TAG_TABLE[definition.tag].attributes), ...Object.keys(HOST_ATTRIBUTES)].map(kebab);
      expect(
        tag.attributes.map((a) => a.name),
        `<${definition.tag}> attributes`,
      ).toEqual(attributes);
      expect(tag.attributes.filter((a) => !a.type?.text)).toEqual([]);
      expect(
        tag.events.map((e) => e.name),
        `<${definition.tag}> events`,
      ).toContain('lk-error');
      expect(tag.events.filter((e) => !e.type?.text.startsWith('CustomEvent<{'))).toEqual([]);
      expect(tag.parts.length, `<${definition.tag}> parts`).toBeGreaterThan(0);
      expect(tag.cssProperties).toEqual(expect.arrayContaining(['--lk-color-primary', '--lk-font-family', '--lk-focus-ring']));
    }
    expect(result.tags['lead-page']?.attributes.find((a) => a.name === 'api-version')?.type?.text).toBe("'v2' | 'v1'");
    expect(result.tags['lead-page']?.attributes.find((a) => a.name === 'auth-mode')?.type?.text).toBe("'provider' | 'one-time' | 'provider-token'");
    expect(result.tags['raq-funnel']?.events.find((e) => e.name === 'lk-navigate')?.type?.text).toContain('replace?: boolean');
    expect(result.tags['lead-page']).toMatchObject({ parts: expect.arrayContaining(['lead-page', 'error-banner']) });
    expect(result.tags['lead-page']?.events.map((e) => e.name)).toEqual(expect.arrayContaining(['lk-load', 'lk-error']));
  });

  // Bounds for a hung check, not speed checks: attw and publint on the three tarballs took over a
  // minute under CI's load (they were packed again then; now they are the ones packed once).
  it('passes publint (strict) and attw (node16: import and require) on the tarballs', { timeout: 300_000 }, async () => {
    const { leadkit, sandbox, cdn } = inject('packed') ?? {};
    if (!leadkit || !sandbox || !cdn) throw new Error('packaged: no tarballs provided');
    const tarballs = [`leadkit=${leadkit.tarball}`, `@leadkit/sandbox=${sandbox.tarball}`, `@leadkit/cdn=${cdn.tarball}`];
    const result = await run(process.execPath, ['scripts/build-check.mjs', ...tarballs], { cwd: ROOT, timeout: 240_000 }).then(
      () => 'ok',
      (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
    );
    expect(result).toBe('ok');
  });

  // A bound for a hung tsc, not a speed check: checking the packed .d.ts files (skipLibCheck off)
  // takes ≈ 10 s alone and passed the file's 60 s in a CI run with another heavy process beside it.
  it('type-checks a consumer against the packed .d.ts files (NodeNext, .d.ts files checked)', { timeout: 240_000 }, async () => {
    writeFileSync(
      path.join(project, 'consumer.ts'),
      `
      import { createGatewayClient, officeGateway, type GatewayClient } from 'leadkit';
      import { defineElements } from 'leadkit/define';
      import { LeadApp, LeadPage, type LeadPageProps } from 'leadkit/react';
      import { createSandboxGateway, MAIN_PROVIDER_ID } from '@leadkit/sandbox';
      import manifest from 'leadkit/custom-elements.json' with { type: 'json' };

      const sandbox = createSandboxGateway({ seed: 1 });
      const client: GatewayClient = createGatewayClient({ baseURL: 'http://sandbox.test', fetch: sandbox.fetch, auth: { kind: 'provider', spId: MAIN_PROVIDER_ID } });
      const name: Promise<string | null | undefined> = officeGateway.getServiceProviderInfo(client, MAIN_PROVIDER_ID).then((r) => r.serviceProviders[0]?.name);
      defineElements({ prefix: 'acme' });
      const props: LeadPageProps = { leadId: 1, spId: MAIN_PROVIDER_ID, onLoad: (event) => event.detail };
      export const used = [name, props, LeadPage, LeadApp, manifest.schemaVersion];
      `,
    );
    writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          types: [],
          strict: true,
          noEmit: true,
          skipLibCheck: false, // check the packed .d.ts files…
          skipDefaultLibCheck: true, // …but not TypeScript's own lib.dom.d.ts (saves seconds)
          resolveJsonModule: true,
        },
        files: ['consumer.ts'],
      }),
    );
    const tsc = require.resolve('typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', '.'], { cwd: project }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(result).toBe('');
  });
  // The same bound as above: tsc over the packed .d.ts files.
  it('types the lk-* events for an app that imports leadkit/react alone: listeners on an element and on the document, and the components’ on… props', {
    timeout: 240_000,
  }, async () => {
    const app = path.join(project, 'react-only');
    mkdirSync(app, { recursive: true });
    writeFileSync(
      path.join(app, 'app.tsx'),
      `
      import { LeadBoard } from 'leadkit/react';

      const host = document.createElement('div');
      host.addEventListener('lk-error', (event) => void (event.detail.kind satisfies string));
      document.addEventListener('lk-error', (event) => void (event.detail.kind satisfies string));
      document.addEventListener('lk-lead-status-change', (event) => void (event.detail.leadId satisfies number));
      document.querySelector('lead-board')?.addEventListener('lk-navigate', (event) => void (event.detail.url satisfies string));
      export const board = <LeadBoard spId={1001} onError={(event) => void (event.detail.kind satisfies string)} />;
      // @ts-expect-error lk-load's detail has no kind
      document.addEventListener('lk-load', (event) => event.detail.kind);
      `,
    );
    writeFileSync(
      path.join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          types: [],
          jsx: 'react-jsx',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          skipDefaultLibCheck: true,
        },
        files: ['app.tsx'],
      }),
    );
    const tsc = require.resolve('typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', '.'], { cwd: app }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(result).toBe('');
  });

  it('links the READMEs and the .d.ts files’ comments to the docs site (no tarball has docs/): each address a page of the site, at a heading it has', () => {
    const packages = [
      { name: 'leadkit', files: packedFiles },
      { name: '@leadkit/sandbox', files: sandboxFiles },
      { name: '@leadkit/cdn', files: cdnFiles },
    ];
    const site = SITE_LINKS.site;
    const problems: string[] = [];
    let addresses = 0;
    for (const { name, files } of packages) {
      for (const file of files.filter((each) => each === 'README.md' || each.endsWith('.d.ts'))) {
        const text = readFileSync(path.join(project, 'node_modules', name, file), 'utf8');
        const where = `${name}/${file}`;
        if (file === 'README.md') {
          // A link to a file of the package works from node_modules; any other relative one does not.
          for (const [, href = ''] of text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/\]\(([^)\s]+)\)/g)) {
            if (/^([a-z][a-z0-9+.-]*:|#)/i.test(href)) continue;
            if (!files.includes(href.replace(/[#?].*$/, ''))) problems.push(`${where}: ${href} is no file of the package`);
          }
        } else {
          for (const [mention] of text.matchAll(/(?<![\w/.:-])(?:\.\.?\/)*docs\/[\w/-]+\.md\S*/g))
            problems.push(`${where}: ${mention} is no file of the package`);
        }
        const escaped = site.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        for (const [match] of text.matchAll(new RegExp(`${escaped}[^\\s)\\]>'"\`,;]*`, 'g'))) {
          const address = match.replace(/[.:]+$/, '');
          if (address === site) continue;
          addresses++;
          const link = siteLink(where, address, SITE_LINKS);
          const problem = link.kind === 'page' ? siteLinkProblem(where, address, text, SITE_LINKS) : `${where}: ${address} is no page of the site`;
          if (problem) problems.push(problem);
        }
      }
    }
    expect(problems).toEqual([]);
    // It reads them (a pattern matching nothing would pass): the README's and the comments'.
    expect(addresses).toBeGreaterThan(80);
  });

  it('ships framework typings that type-check one consumer file per host (React 19, Preact, Vue, Svelte) and the npm element snippet (docs/embedding.md)', {
    timeout: 120_000,
  }, async () => {
    const files: Record<string, string> = {
      // docs/embedding.md#npm: a host page talking to the element directly.
      'readme.ts': `
        import 'leadkit/define';
        import { createGatewayClient } from 'leadkit';
        import { LeadBoardElement } from 'leadkit/define';

        document.querySelector('lead-board')!.gateway = createGatewayClient({ baseURL: '', auth: { kind: 'provider', spId: 1001 } });
        const board = document.querySelector('lead-board')!;
        board.addEventListener('lk-navigate', (event) => {
          event.preventDefault();
          const url: string = event.detail.url;
          void url;
        });
        board.spId = 1001;
        export const created: LeadBoardElement = new LeadBoardElement();
        // @ts-expect-error lk-load's detail has no url
        board.addEventListener('lk-load', (event) => event.detail.url);
      `,
      'react-host.tsx': `
        import type {} from 'leadkit/types/react';
        import { createGatewayClient } from 'leadkit';

        const client = createGatewayClient({ baseURL: '', auth: { kind: 'provider', spId: 1001 } });
        export const board = (
          <lead-board sp-id={1001} page-size="10" new-messages gateway={client} id="board" className="board" ref={(element) => void element?.spId}
            onlk-navigate={(event) => { event.preventDefault(); const url: string = event.detail.url; void url; }}
            onlk-lead-read={(event) => void (event.detail.leadId satisfies number)} />
        );
        // @ts-expect-error api-version takes 'v2' or 'v1'
        export const page = <lead-page lead-id={1} api-version="v3" />;
        // @ts-expect-error lk-load's detail has no url
        export const thread = <message-thread sp-id={1} user-id={2} chat-service="sandbox" onlk-load={(event) => event.detail.url} />;
      `,
      'preact-host.tsx': `
        /** @jsxImportSource preact */
        import type {} from 'leadkit/types/preact';
        import { createGatewayClient } from 'leadkit';

        const client = createGatewayClient({ baseURL: '', auth: { kind: 'provider', spId: 1001 } });
        export const board = <lead-board sp-id={1001} gateway={client} class="board" onlk-navigate={(event) => void (event.detail.url satisfies string)} />;
        // @ts-expect-error auth-mode takes 'provider' or 'one-time'
        export const page = <lead-page lead-id={1} auth-mode="token" />;
        // @ts-expect-error lk-lead-create's detail has no url
        export const funnel = <raq-funnel postal-code="80202" onlk-lead-create={(event) => event.detail.url} />;
      `,
      'vue-host.ts': `
        import type {} from 'leadkit/types/vue';
        import type { GlobalComponents } from 'vue';
        import { createGatewayClient } from 'leadkit';

        type Props<T extends keyof GlobalComponents> = InstanceType<GlobalComponents[T]>['$props'];
        const client = createGatewayClient({ baseURL: '', auth: { kind: 'provider', spId: 1001 } });
        export const board: Props<'lead-board'> = { spId: 1001, newMessages: true, gateway: client, onLkNavigate: (event) => void (event.detail.url satisfies string) };
        // @ts-expect-error apiVersion takes 'v2' or 'v1'
        export const page: Props<'lead-page'> = { leadId: 1, apiVersion: 'v3' };
        // @ts-expect-error lk-review-request's detail has no url
        export const review: Props<'review-request'> = { onLkReviewRequest: (event) => event.detail.url };
      `,
      'svelte-host.ts': `
        import type {} from 'leadkit/types/svelte';
        import type { SvelteHTMLElements } from 'svelte/elements';
        import { createGatewayClient } from 'leadkit';

        const client = createGatewayClient({ baseURL: '', auth: { kind: 'provider', spId: 1001 } });
        export const board: SvelteHTMLElements['lead-board'] = { 'sp-id': 1001, gateway: client, 'onlk-navigate': (event) => void (event.detail.url satisfies string) };
        // @ts-expect-error chat-service takes 'twilio' or 'sandbox'
        export const thread: SvelteHTMLElements['message-thread'] = { 'chat-service': 'slack' };
        // @ts-expect-error lk-message-send's detail has no url
        export const sent: SvelteHTMLElements['message-thread'] = { 'onlk-message-send': (event) => event.detail.url };
      `,
    };
    for (const [name, source] of Object.entries(files)) writeFileSync(path.join(project, name), source);
    writeFileSync(
      path.join(project, 'tsconfig.hosts.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          types: [],
          jsx: 'react-jsx',
          strict: true,
          noEmit: true,
          skipLibCheck: false, // the generated typings are checked too…
          skipDefaultLibCheck: true,
        },
        files: Object.keys(files),
      }),
    );
    const tsc = require.resolve('typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.hosts.json'], { cwd: project }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    // The @ts-expect-error lines prove the typings are in force (an unresolved typing would make them "unused").
    expect(result).toBe('');

    const vscode = JSON.parse(readFileSync(path.join(project, 'node_modules', 'leadkit', 'dist', 'vscode.html-custom-data.json'), 'utf8')) as {
      tags: { name: string; attributes: { name: string; values?: { name: string }[] }[] }[];
    };
    expect(vscode.tags.map((tag) => tag.name).sort()).toEqual(TAGS);
    expect(vscode.tags.find((tag) => tag.name === 'lead-page')?.attributes.find((a) => a.name === 'api-version')?.values).toEqual([
      { name: 'v2' },
      { name: 'v1' },
    ]);
  });
});
