/**
 * What the test suites need built, built and packed ONCE before they start, so no
 * test file builds or packs behind a lock while others run:
 *   - dist/ (scripts/build.mjs, every part, when stale) and the React host example the e2e pages load;
 *   - the three tarballs (`npm pack` of leadkit, packages/sandbox and packages/cdn, each running
 *     its package's prepack, which finds that build fresh) into PACK_DIR,
 *     with what each holds (pack.json): the packaged test installs them, the host fixtures install
 *     leadkit's and @leadkit/cdn's (LEADKIT_TARBALL, LEADKIT_CDN_TARBALL), nothing packs again. Packed again only when a file a tarball
 *     holds (or package.json) changed since.
 *
 * `node scripts/test-prepare.mjs` does all of it (scripts/test-all.mjs runs it first: `npm test`);
 * the browser and packaged projects' vitest globalSetup (test/setup/prepare.ts) calls
 * `prepareForTests` with what they need, which finds everything fresh after it, and builds what
 * is missing when a single file runs on a checkout with no build (`npm ci` then `npx vitest run
 * --project e2e test/e2e/x.test.ts`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CDN_PACKAGE_DIR, EXAMPLE_PARTS, ensureBuilt, PARTS, ROOT, SANDBOX_DIR, withLock } from './build.mjs';

/** Where the tarballs and pack.json live (inside node_modules: a clean clone has none, `npm ci` empties it). */
export const PACK_DIR = path.join(ROOT, 'node_modules', '.cache', 'leadkit-pack');
const PACK_RECORD = path.join(PACK_DIR, 'pack.json');

/** @typedef {{ tarball: string, files: string[] }} Packed */

/**
 * `npm pack` of the package in `cwd` into PACK_DIR: the way a host's tarball is made, the
 * package's prepack included (it builds what the package ships when stale, its output on stderr:
 * npm prints a lifecycle script's stdout into its own, before the JSON). @returns {Packed}
 */
function npmPack(cwd) {
  const stdout = execFileSync('npm', ['pack', '--json', '--pack-destination', PACK_DIR], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let packed;
  try {
    [packed] = JSON.parse(stdout);
  } catch {
    throw new Error(`prepare: \`npm pack --json\` in ${cwd} printed more than its JSON (a lifecycle script writing to stdout?):\n${stdout.slice(0, 400)}`);
  }
  return { tarball: path.join(PACK_DIR, packed.filename), files: packed.files.map((file) => file.path) };
}

/** True when a recorded tarball is gone, or a file it holds (from `dir`) changed after it was packed. */
function packStale(packed, dir) {
  if (!packed || !existsSync(packed.tarball)) return true;
  const packedAt = statSync(packed.tarball).mtimeMs;
  return packed.files.some((file) => {
    try {
      return statSync(path.join(dir, file)).mtimeMs > packedAt;
    } catch {
      return true; // a file it holds is gone
    }
  });
}

/** The packed leadkit, @leadkit/sandbox and @leadkit/cdn, packed now when stale. @returns {{ leadkit: Packed, sandbox: Packed, cdn: Packed }} */
export function packOnce() {
  return withLock('pack', () => {
    mkdirSync(PACK_DIR, { recursive: true });
    const recorded = existsSync(PACK_RECORD) ? JSON.parse(readFileSync(PACK_RECORD, 'utf8')) : {};
    const result = {};
    for (const [name, dir] of [
      ['leadkit', ROOT],
      ['sandbox', SANDBOX_DIR],
      ['cdn', CDN_PACKAGE_DIR],
    ]) {
      if (!packStale(recorded[name], dir)) {
        result[name] = recorded[name];
        continue;
      }
      if (recorded[name]) rmSync(recorded[name].tarball, { force: true });
      const started = performance.now();
      result[name] = npmPack(dir);
      console.log(`prepare: packed ${path.basename(result[name].tarball)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    writeFileSync(PACK_RECORD, JSON.stringify(result, null, 2));
    return result;
  });
}

/**
 * Builds `parts` (scripts/build.mjs parts, plus `reactHost`) when stale and, with `pack`, packs
 * the three packages once. @returns {{ leadkit: Packed, sandbox: Packed, cdn: Packed } | undefined}
 */
export function prepareForTests({ parts = [...Object.keys(PARTS), ...Object.keys(EXAMPLE_PARTS)], pack = true } = {}) {
  ensureBuilt({ parts, ifStale: true });
  return pack ? packOnce() : undefined;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  try {
    const packed = prepareForTests();
    console.log(
      `prepare: dist/ and the tarballs ready in ${((performance.now() - started) / 1000).toFixed(1)} s (${path.relative(ROOT, packed.leadkit.tarball)})`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
