/**
 * Zero-configuration builds of leadkit with the bundlers hosts use beside Next.js and Vite apps:
 * esbuild, Rollup (node-resolve + commonjs, the plugins any Rollup app has) and Vite's library
 * build — nothing leadkit-specific in any of them.
 *
 * - `no-peers.js` (leadkit, leadkit/define, leadkit/react) in the fixtures' install, which has no
 *   optional peer: builds with each bundler.
 * - `with-peers.js` (the Twilio and HEIC path of docs/embedding.md#npm: leadkit/twilio, leadkit/heic) in a project of
 *   its own that also has `@twilio/conversations` and `heic-to`: builds with each, and the SDK and
 *   the converter end up in lazy chunks of the output. In the fixtures' install (no peers) it must
 *   fail to resolve them: the peers are reached only through these two entries.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import type * as Esbuild from 'esbuild';
import type * as Vite from 'vite';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../..');
const run = promisify(execFile);
const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

type Bundler = (entry: string, outDir: string) => Promise<void>;

/** The three bundlers, from the fixtures' install `hosts` (outside the repository: run.ts). */
const bundlers = (hosts: string): Record<string, Bundler> => {
  const fromHosts = (name: string) => pathToFileURL(createRequire(path.join(hosts, 'package.json')).resolve(name)).href;
  return {
    async esbuild(entry, outDir) {
      const esbuild = (await import(fromHosts('esbuild'))) as typeof Esbuild;
      await esbuild.build({ entryPoints: [entry], bundle: true, splitting: true, format: 'esm', platform: 'browser', outdir: outDir, logLevel: 'silent' });
    },
    async rollup(entry, outDir) {
      // Typed here, not imported as types: test/hosts/node_modules (where Rollup is) is installed by
      // run.ts, after the root's type-check.
      type Plugin = object;
      const { rollup } = (await import(fromHosts('rollup'))) as {
        rollup(options: {
          input: string;
          plugins: Plugin[];
          onwarn(): void;
        }): Promise<{ write(options: { dir: string; format: 'es' }): Promise<unknown>; close(): Promise<void> }>;
      };
      const { nodeResolve } = (await import(fromHosts('@rollup/plugin-node-resolve'))) as { nodeResolve(options: { browser: boolean }): Plugin };
      const { default: commonjs } = (await import(fromHosts('@rollup/plugin-commonjs'))) as { default(): Plugin };
      const bundle = await rollup({ input: entry, plugins: [nodeResolve({ browser: true }), commonjs()], onwarn: () => {} });
      await bundle.write({ dir: outDir, format: 'es' });
      await bundle.close();
    },
    async vite(entry, outDir) {
      const { build } = (await import(fromHosts('vite'))) as typeof Vite;
      await build({
        configFile: false,
        logLevel: 'silent',
        root: path.dirname(entry),
        build: { outDir, emptyOutDir: true, lib: { entry, formats: ['es'], fileName: 'entry' } },
      });
    },
  };
};

/** Every file of a build's output, read. */
function output(outDir: string): string {
  let text = '';
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.m?js$/.test(name)) text += readFileSync(file, 'utf8');
    }
  };
  walk(outDir);
  return text;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n').slice(0, 3).join(' | ').slice(0, 400);

/** The failures, one line each; empty when every build did what it should. */
export async function checkBundlers(hosts: string, tarball: string): Promise<string[]> {
  const BUNDLERS = bundlers(hosts);
  const failures: string[] = [];
  const work = mkdtempSync(path.join(os.tmpdir(), 'leadkit-bundlers-'));
  try {
    // 1. Without the peers, in the fixtures' install (leadkit from the tarball, no peers).
    // The entries' copies in the install (run.ts copies this folder): their imports resolve from there.
    const bare = path.join(hosts, 'bundlers', 'no-peers.js');
    for (const [name, bundle] of Object.entries(BUNDLERS)) {
      const outDir = path.join(work, `no-peers-${name}`);
      await bundle(bare, outDir).then(
        () => {
          if (!output(outDir).includes('lead-board')) failures.push(`${name}, no peers: the output has no <lead-board>`);
        },
        (error: unknown) => failures.push(`${name}, no peers: ${message(error)}`),
      );
    }
    // …where the docs' peer path cannot build: the peers are reached only through it.
    const peersEntryHere = path.join(hosts, 'bundlers', 'with-peers.js');
    const refused = await BUNDLERS.esbuild!(peersEntryHere, path.join(work, 'refused')).then(
      () => '',
      (error: unknown) => message(error),
    );
    if (!/@twilio\/conversations/.test(refused) || !/heic-to/.test(refused))
      failures.push(`esbuild, no peers: leadkit/twilio and leadkit/heic should fail to resolve their peers, got: ${refused || 'a build'}`);

    // 2. With the peers, in a project of its own.
    const project = path.join(work, 'with-peers');
    mkdirSync(project);
    const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    const pinned = JSON.parse(readFileSync(path.join(hosts, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    const pin = (name: string, from: Record<string, string>) => `${name}@${(from[name] ?? 'latest').replace(/^[\^~]/, '')}`;
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'with-peers', private: true, type: 'module' }));
    await run(
      'npm',
      [
        'install',
        ...NPM_FLAGS,
        tarball,
        pin('react', pinned.devDependencies),
        pin('react-dom', pinned.devDependencies),
        pin('@twilio/conversations', root.devDependencies),
        pin('heic-to', root.devDependencies),
      ],
      { cwd: project, timeout: 300_000 },
    );
    const entry = path.join(project, 'with-peers.js');
    cpSync(peersEntryHere, entry);
    for (const [name, bundle] of Object.entries(BUNDLERS)) {
      const outDir = path.join(work, `with-peers-${name}`);
      await bundle(entry, outDir).then(
        () => {
          const text = output(outDir);
          // The SDK's client and libheif's decoder are in the output (lazy chunks, for esbuild and Rollup and Vite alike).
          if (!text.includes('twilio')) failures.push(`${name}, with peers: no Twilio SDK in the output`);
          if (!/libheif|heif/i.test(text)) failures.push(`${name}, with peers: no HEIC converter in the output`);
        },
        (error: unknown) => failures.push(`${name}, with peers: ${message(error)}`),
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return failures;
}
