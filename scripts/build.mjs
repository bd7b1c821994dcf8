/**
 * `npm run build`: everything `dist/` ships, in order —
 *   1. library   (vite.config.ts):        dist/{index,define,react}.js + bundled .d.ts + dist/chunks/
 *   2. cdn       (vite.cdn.config.ts):    dist/cdn/leadkit.js (loader) + hashed, minified chunks;
 *                then the `@leadkit/cdn` workspace package's copy of it (packages/cdn/dist)
 *      cdn-lite  (vite.cdn-lite.config.ts): the same on Preact, dist/cdn/leadkit-lite.js + lite-* files,
 *                beside it (the e2e-lite suite, the bench and `npm start` use it; no package ships it)
 *   3. manifest  (scripts/manifest/build.ts): dist/custom-elements.json from the tag, host-property
 *                and event tables and the elements' JSDoc, and from it the framework typings
 *                dist/types/{react,preact,vue,svelte}.d.ts and dist/vscode.html-custom-data.json
 *   4. sandbox   (packages/sandbox/vite.config.ts): the `@leadkit/sandbox` workspace package,
 *                packages/sandbox/dist/{index,serve}.js + bundled .d.ts
 *   5. package checks (scripts/build-check.mjs): publint + attw on the packed packages
 *
 * Flags:
 *   --if-stale  build only the parts whose outputs are missing or older than an input
 *               (src/, configs, package.json); the tests' preparation (scripts/test-prepare.mjs),
 *               the bench and `npm start` use it
 *   --cdn       only the CDN parts (cdn, cdn-lite)
 *   --only=a,b  only these parts (library, cdn, cdn-lite, manifest, sandbox): each package's `prepack`
 *               builds what it ships this way (the package.json of each package), with
 *               --if-stale, so `npm pack` in a fresh clone gives a complete package and a pack
 *               after a build rebuilds nothing
 *   --no-check  skip step 5
 *
 * Other folders of dist/ (dist/examples: EXAMPLE_PARTS, built before the tests and by `npm start`) are left alone. Builds are
 * production builds whatever the caller's NODE_ENV (vitest sets 'test', which would bundle
 * React's development build into the CDN files). Two builds of this checkout never run at
 * once: a lock (mkdir in the temp folder) serialises them, so parallel test files or servers
 * that each "build if stale" build once.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Files and folders whose change makes dist/ stale. */
const INPUTS = [
  'src',
  'package.json',
  'tsconfig.json',
  'vite.config.ts',
  'vite.cdn.config.ts',
  'vite.cdn-lite.config.ts',
  'scripts/manifest',
  'scripts/css-target.ts',
  'scripts/library-types.ts',
  'scripts/site-addresses.ts',
  'stories/docs/site-pages.ts',
  'packages/sandbox/src',
  'packages/sandbox/package.json',
  'packages/sandbox/vite.config.ts',
  'packages/sandbox/tsconfig.build.json',
];

export const LIBRARY_OUTPUTS = ['index', 'define', 'react'].flatMap((entry) => [`dist/${entry}.js`, `dist/${entry}.d.ts`]);
export const CDN_OUTPUTS = ['dist/cdn/leadkit.js', 'dist/cdn/leadkit.css', 'dist/cdn/manifest.json', 'packages/cdn/dist/leadkit.js'];
const CDN_LITE_OUTPUTS = ['dist/cdn/leadkit-lite.js', 'dist/cdn/manifest-lite.json'];
/** The @leadkit/cdn package (packages/cdn): the CDN build for self-hosting, published on its own. */
export const CDN_PACKAGE_DIR = path.join(ROOT, 'packages', 'cdn');

/**
 * What of dist/cdn the @leadkit/cdn package leaves out: the source maps, the Preact flavour (an
 * experiment, its loader and chunks), the build's own module list, and the HEIC converter's chunk
 * (≈ 3 MB; a thread served from these files asks for a JPEG or PNG: docs/widgets/message-thread.md).
 */
const CDN_PACKAGE_LEAVES_OUT = [/\.map$/, /^leadkit-lite\.js$/, /-lite\.json$/, /^modules\.json$/, /^chunks\/lite-/, /^chunks\/heic-/];

/** Copies dist/cdn into packages/cdn/dist, less what the package leaves out (CDN_PACKAGE_LEAVES_OUT). */
function copyCdnPackage() {
  const from = path.join(ROOT, 'dist', 'cdn');
  const to = path.join(CDN_PACKAGE_DIR, 'dist');
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(from, source).split(path.sep).join('/');
      return relative === '' || !CDN_PACKAGE_LEAVES_OUT.some((pattern) => pattern.test(relative));
    },
  });
  console.log('build: @leadkit/cdn (packages/cdn/dist) copied from dist/cdn');
}
export const MANIFEST_OUTPUTS = [
  'dist/custom-elements.json',
  'dist/vscode.html-custom-data.json',
  ...['react', 'preact', 'vue', 'svelte'].map((framework) => `dist/types/${framework}.d.ts`),
];
export const SANDBOX_DIR = path.join(ROOT, 'packages', 'sandbox');
export const SANDBOX_OUTPUTS = ['index.js', 'index.d.ts', 'serve.js'].map((file) => `packages/sandbox/dist/${file}`);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its folder's mtime
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when one of `outputs` is missing or older than some input (INPUTS, and `more` of its own). */
export function isStale(outputs = [...LIBRARY_OUTPUTS, ...CDN_OUTPUTS, ...CDN_LITE_OUTPUTS, ...MANIFEST_OUTPUTS, ...SANDBOX_OUTPUTS], more = []) {
  const inputs = Math.max(...[...INPUTS, ...more].map((input) => newestMtime(path.join(ROOT, input))));
  const oldestOutput = Math.min(...outputs.map((output) => newestMtime(path.join(ROOT, output)) || -1));
  return oldestOutput < inputs;
}

const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

function run(label, command, args) {
  const started = performance.now();
  const env = { ...process.env, NODE_ENV: 'production', FORCE_COLOR: process.env.FORCE_COLOR ?? '0' };
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`build: ${label} failed (exit ${result.status ?? result.signal})`);
  const seconds = (performance.now() - started) / 1000;
  console.log(`build: ${label} done in ${seconds.toFixed(1)} s`);
  return seconds;
}

export const PARTS = {
  library: {
    outputs: LIBRARY_OUTPUTS,
    // vite.config.ts clears its own outputs (dist/*.js, *.d.ts, dist/chunks) before writing.
    build: () => run('library (dist/*.js, *.d.ts)', bin('vite'), ['build', '--logLevel', 'warn']),
  },
  cdn: {
    outputs: CDN_OUTPUTS,
    // The default (React) flavour empties dist/cdn (the lite flavour's files go with it: stale then).
    build: () => run('CDN (dist/cdn)', bin('vite'), ['build', '--config', 'vite.cdn.config.ts', '--logLevel', 'warn']) + (copyCdnPackage(), 0),
  },
  // After `cdn`, whose build empties dist/cdn: the lite (Preact) flavour writes beside it.
  'cdn-lite': {
    outputs: CDN_LITE_OUTPUTS,
    build: () => run('CDN, lite flavour (dist/cdn/leadkit-lite.js)', bin('vite'), ['build', '--config', 'vite.cdn-lite.config.ts', '--logLevel', 'warn']),
  },
  manifest: {
    outputs: MANIFEST_OUTPUTS,
    build: () => run('custom-elements.json and framework typings', bin('tsx'), ['scripts/manifest/build.ts']),
  },
  sandbox: {
    outputs: SANDBOX_OUTPUTS,
    build: () => run('@leadkit/sandbox (packages/sandbox/dist)', bin('vite'), ['build', '--config', 'packages/sandbox/vite.config.ts', '--logLevel', 'warn']),
  },
};

/**
 * Not part of `npm run build` (dist/ ships without it): the React host example
 * (examples/react-host → dist/examples/react-host), which `npm start` serves and the e2e suite
 * loads; scripts/test-prepare.mjs builds it before the tests, `npm start` when it is stale.
 */
export const EXAMPLE_PARTS = {
  reactHost: {
    outputs: ['dist/examples/react-host/index.html'],
    inputs: ['examples/react-host'],
    build: () =>
      run('React host example (dist/examples/react-host)', bin('vite'), ['build', '--config', 'examples/react-host/vite.config.ts', '--logLevel', 'warn']),
  },
};

const sleepSync = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Runs `work` holding this checkout's build lock; a lock older than three minutes is abandoned. */
function withBuildLock(work) {
  return withLock('build', work);
}

/** The locks this process or a parent of it holds (a parent waiting on us): taken again, they would wait for ourselves. */
const HELD_LOCKS = 'LEADKIT_HELD_LOCKS';

/** Runs `work` holding this checkout's lock named `name` (mkdir is atomic); one older than three minutes is abandoned. */
export function withLock(name, work) {
  const lock = path.join(os.tmpdir(), `leadkit-${name}-${createHash('sha1').update(ROOT).digest('hex').slice(0, 12)}.lock`);
  // Held by a parent that waits for this process: a build's package check packs, and `npm pack`
  // runs the package's prepack, this script again. Its children see the lock held too.
  const held = (process.env[HELD_LOCKS] ?? '').split(path.delimiter).filter(Boolean);
  if (held.includes(lock)) return work();
  let announced = false;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > 180_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // removed meanwhile: try again
      }
      if (!announced) console.log(`build: waiting for another ${name} of this checkout to finish`);
      announced = true;
      sleepSync(200);
    }
  }
  const before = process.env[HELD_LOCKS];
  process.env[HELD_LOCKS] = [...held, lock].join(path.delimiter);
  try {
    return work();
  } finally {
    if (before === undefined) delete process.env[HELD_LOCKS];
    else process.env[HELD_LOCKS] = before;
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Builds `parts` (names of PARTS or EXAMPLE_PARTS, in order); with `ifStale`, only those whose outputs are
 * missing or older than an input (checked after taking the lock, so a build that finished
 * meanwhile counts). Returns the seconds each built part took.
 */
export function ensureBuilt({ parts = Object.keys(PARTS), ifStale = false, check = false } = {}) {
  return withBuildLock(() => {
    const timings = {};
    for (const name of parts) {
      const part = PARTS[name] ?? EXAMPLE_PARTS[name];
      // The part's stamp is written only when its build succeeded: outputs a failed or killed
      // build left behind (a library build cut off after its first .d.ts rollups) look fresh by
      // their times alone, and were packed as they were.
      const stamp = path.join('dist', '.built', name);
      if (ifStale && !isStale([...part.outputs, stamp], part.inputs)) continue;
      rmSync(path.join(ROOT, stamp), { force: true });
      timings[name] = part.build();
      mkdirSync(path.join(ROOT, 'dist', '.built'), { recursive: true });
      writeFileSync(path.join(ROOT, stamp), `${new Date().toISOString()}\n`);
    }
    if (check && (!ifStale || Object.keys(timings).length))
      timings.check = run('package checks (publint, attw)', process.execPath, ['scripts/build-check.mjs']);
    return timings;
  });
}

function main() {
  const args = new Set(process.argv.slice(2));
  const only = process.argv
    .slice(2)
    .filter((arg) => arg.startsWith('--only='))
    .flatMap((arg) => arg.slice('--only='.length).split(','));
  const unknown = only.filter((part) => !(part in PARTS));
  if (unknown.length) throw new Error(`build: no part named ${unknown.join(', ')} (${Object.keys(PARTS).join(', ')})`);
  const started = performance.now();
  const timings = ensureBuilt({
    parts: only.length ? Object.keys(PARTS).filter((part) => only.includes(part)) : args.has('--cdn') ? ['cdn', 'cdn-lite'] : Object.keys(PARTS),
    ifStale: args.has('--if-stale'),
    check: !args.has('--cdn') && !only.length && !args.has('--no-check'),
  });
  if (!Object.keys(timings).length) {
    console.log('build: dist/ is up to date');
    return;
  }
  const total = (performance.now() - started) / 1000;
  const steps = Object.entries(timings).map(([step, s]) => `${step} ${s.toFixed(1)} s`);
  console.log(`build: finished in ${total.toFixed(1)} s (${steps.join(', ')})`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
