// @vitest-environment node
/**
 * Tests against the packed artefacts (`npm pack`), not the sources: a temp project installs the
 * leadkit tarball and the @leadkit/sandbox tarball (packages/sandbox) with React from the local
 * npm cache — without the optional @twilio/conversations peer — then child node processes import
 * every entry the way a host would. Builds first when dist/ is missing or older than src/ (≈ 15 s).
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayClient, officeGateway } from '../../src/index';
import { createSandboxGateway, MAIN_PROVIDER_ID } from '@leadkit/sandbox';
import { ELEMENT_DEFINITIONS } from '../../src/elements/definitions';
import { TAGS as TAG_TABLE } from '../../src/elements/tags';
import { enUS } from '../../src/i18n/en-US';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const require = createRequire(import.meta.url);
const versionOf = (name: string) => (require(`${name}/package.json`) as { version: string }).version;
const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];
/** Every tag the sources define: the packed artefact must carry each one. */
const TAGS = ELEMENT_DEFINITIONS.map((definition) => definition.tag).sort();
const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);

let dir = '';
let project = '';
let packedFiles: string[] = [];
let sandboxFiles: string[] = [];

/** `npm pack` of the package in `cwd` into `dir`: the tarball's path and the files it holds. */
async function pack(cwd: string): Promise<{ tarball: string; files: string[] }> {
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd });
  const [packed] = JSON.parse(stdout) as [{ filename: string; files: { path: string }[] }];
  return { tarball: path.join(dir, packed.filename), files: packed.files.map((f) => f.path) };
}

/** Runs an ES module script inside the consumer project; returns what it printed as JSON. */
async function inConsumer<T>(name: string, source: string, env: Record<string, string> = {}): Promise<T> {
  const file = path.join(project, name);
  writeFileSync(file, source);
  const { stdout } = await run(process.execPath, [file], { cwd: project, env: { ...process.env, ...env }, timeout: 60_000 });
  const line = stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as T;
}

beforeAll(async () => {
  // Build only when needed: `npm test` after `npm run build` reuses dist/.
  execFileSync(process.execPath, ['scripts/build.mjs', '--if-stale', '--no-check'], { cwd: ROOT, stdio: 'inherit' });

  dir = mkdtempSync(path.join(os.tmpdir(), 'leadkit-packaged-'));
  project = path.join(dir, 'consumer');
  const leadkit = await pack(ROOT);
  const sandbox = await pack(path.join(ROOT, 'packages', 'sandbox'));
  packedFiles = leadkit.files;
  sandboxFiles = sandbox.files;

  mkdirSync(project);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'leadkit-consumer', private: true, type: 'module' }, null, 2));
  await run(
    'npm',
    [
      'install',
      ...NPM_FLAGS,
      leadkit.tarball,
      sandbox.tarball,
      `react@${versionOf('react')}`,
      `react-dom@${versionOf('react-dom')}`,
      `@types/react@${versionOf('@types/react')}`,
      `@types/react-dom@${versionOf('@types/react-dom')}`,
    ],
    { cwd: project, timeout: 120_000 },
  );
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the packed package', { timeout: 60_000 }, () => {
  it('ships dist (library, types, CDN, element manifest) and no sources, no sandbox, source maps only for the CDN build', () => {
    for (const file of ['dist/index.js', 'dist/index.d.ts', 'dist/define.js', 'dist/define.d.ts', 'dist/react.js', 'dist/react.d.ts', 'dist/custom-elements.json', 'dist/cdn/leadkit.js', 'package.json']) {
      expect(packedFiles).toContain(file);
    }
    expect(packedFiles.filter((file) => file.startsWith('src/') || file.startsWith('packages/'))).toEqual([]);
    expect(packedFiles.filter((file) => /^dist\/demo\b/.test(file))).toEqual([]);
    expect(packedFiles.filter((file) => file.endsWith('.map') && !file.startsWith('dist/cdn/'))).toEqual([]);
  });

  it('@leadkit/sandbox ships its built gateway, server and types, and no sources', () => {
    for (const file of ['dist/index.js', 'dist/index.d.ts', 'dist/serve.js', 'package.json', 'README.md']) expect(sandboxFiles).toContain(file);
    expect(sandboxFiles.filter((file) => file.startsWith('src/') || file.endsWith('.map'))).toEqual([]);
  });

  it("installs neither hono nor Twilio with leadkit: hono comes with @leadkit/sandbox, Twilio is an optional peer", () => {
    const manifest = (name: string) => JSON.parse(readFileSync(path.join(project, 'node_modules', name, 'package.json'), 'utf8')) as Record<string, Record<string, unknown> | undefined>;
    const leadkit = manifest('leadkit');
    expect(Object.keys(leadkit.dependencies ?? {}).filter((name) => /hono|twilio/.test(name))).toEqual([]);
    expect(leadkit.peerDependenciesMeta).toEqual({ '@twilio/conversations': { optional: true } });
    expect(existsSync(path.join(project, 'node_modules', '@twilio', 'conversations'))).toBe(false);
    expect(Object.keys(manifest('@leadkit/sandbox').dependencies ?? {})).toContain('hono');
  });

  it('without the optional @twilio/conversations, the Twilio adapter fails as sdk-missing and says what to do (a real failed import)', async () => {
    const result = await inConsumer<{ name: string; kind: string; hint: string; code: unknown }>(
      'no-twilio.mjs',
      `
      const lk = await import('leadkit');
      const factory = lk.createTwilioChatClientFactory();
      const init = { session: { token: 'token', identity: 'provider-1001' }, renewSession: async () => { throw new Error('not used'); }, gateway: {} };
      const error = await factory(init).then(() => null, (e) => e);
      console.log(JSON.stringify({ name: error?.name, kind: error?.kind, hint: error?.hint, code: error?.cause?.code }));
      `,
    );
    expect(result).toMatchObject({ name: 'ChatError', kind: 'sdk-missing', code: 'ERR_MODULE_NOT_FOUND' });
    expect(result.hint).toContain('npm install @twilio/conversations');
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

  it('leadkit/define registers every tag (also under a prefix) and a <lead-page> renders a sandbox lead (happy-dom)', async () => {
    const result = await inConsumer<{ defineFile: string; exports: string[]; defined: Record<string, boolean>; text: string }>(
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
      console.log(JSON.stringify({ defineFile, exports: Object.keys(define), defined, text }));
      `,
      { HAPPY_DOM: pathToFileURL(require.resolve('happy-dom')).href, TAGS: JSON.stringify(TAGS) },
    );
    expect(path.relative(project, result.defineFile)).toBe(path.join('node_modules', 'leadkit', 'dist', 'define.js'));
    expect(readFileSync(result.defineFile, 'utf8')).toContain('defineElements');
    expect(result.exports).toEqual(['defineElements']);
    expect(Object.entries(result.defined).filter(([, isDefined]) => !isDefined)).toEqual([]);
    expect(Object.keys(result.defined)).toHaveLength(TAGS.length * 2);
    expect(result.text).toContain(enUS['leadPage.unlocked']);
  });

  it('exports custom-elements.json listing every tag with its attributes, events and parts', async () => {
    const result = await inConsumer<{ tags: Record<string, { attributes: string[]; events: string[]; parts: string[] }> }>(
      'manifest.mjs',
      `
      const { default: manifest } = await import('leadkit/custom-elements.json', { with: { type: 'json' } });
      const tags = {};
      for (const module of manifest.modules) for (const d of module.declarations) if (d.customElement) {
        tags[d.tagName] = { attributes: (d.attributes ?? []).map((a) => a.name), events: (d.events ?? []).map((e) => e.name), parts: (d.cssParts ?? []).map((p) => p.name) };
      }
      console.log(JSON.stringify({ tags }));
      `,
    );
    expect(Object.keys(result.tags).sort()).toEqual(TAGS);
    for (const definition of ELEMENT_DEFINITIONS) {
      // Every attribute the element really observes is documented (its JSDoc @attr feeds the manifest).
      const attributes = [...Object.keys(TAG_TABLE[definition.tag].attributes).map(kebab), 'gateway-url', 'auth-mode'];
      expect(result.tags[definition.tag]?.attributes, `<${definition.tag}> attributes`).toEqual(expect.arrayContaining(attributes));
      expect(result.tags[definition.tag]?.events.length, `<${definition.tag}> events`).toBeGreaterThan(0);
      expect(result.tags[definition.tag]?.parts.length, `<${definition.tag}> parts`).toBeGreaterThan(0);
    }
    expect(result.tags['lead-page']).toMatchObject({
      events: expect.arrayContaining(['lk-load', 'lk-error']),
      parts: expect.arrayContaining(['lead-page', 'error-banner']),
    });
  });

  it('passes publint (strict) and attw (esm-only) on the tarball', async () => {
    const result = await run(process.execPath, ['scripts/build-check.mjs'], { cwd: ROOT, timeout: 60_000 }).then(
      () => 'ok',
      (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
    );
    expect(result).toBe('ok');
  });

  it("type-checks a consumer against the packed .d.ts files (NodeNext, .d.ts files checked)", async () => {
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
      const name: Promise<string | undefined> = officeGateway.getServiceProviderInfo(client, MAIN_PROVIDER_ID).then((r) => r.serviceProviders[0]?.name);
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
});
