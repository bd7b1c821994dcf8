/**
 * `npm run build:check`: lints the packages as npm would publish them (run after `npm run build`).
 * Packs leadkit (the root), @leadkit/sandbox (packages/sandbox) and @leadkit/cdn (packages/cdn)
 * once each, then for each
 *   - publint --strict: package.json fields, exports, files that exist in the tarball;
 *   - attw --profile node16: every export's types resolve the way its JS does, for `import`
 *     (node16, bundlers) and for `require` — the packages are ES modules whose exports end in a
 *     `default` condition, so Node ≥ 20.19 (the engines' floor) `require`s them (require(esm));
 *     attw's rule that a `require` of an ES module fails (`cjs-resolves-to-esm`) predates that
 *     and is ignored; node10 (no `exports`) is not checked — not for @leadkit/cdn, whose files
 *     are served to browsers, not imported.
 * Arguments `<name>=<tarball>` check that tarball for that package instead of packing it (the
 * packaged test passes the three `npm test` packed once: packing again took most of its time).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

const PACKAGES = [
  { name: 'leadkit', dir: ROOT, required: ['dist/index.js', 'dist/index.d.ts', 'dist/custom-elements.json'] },
  { name: '@leadkit/sandbox', dir: path.join(ROOT, 'packages', 'sandbox'), required: ['dist/index.js', 'dist/index.d.ts', 'dist/serve.js'] },
  { name: '@leadkit/cdn', dir: path.join(ROOT, 'packages', 'cdn'), required: ['dist/leadkit.js', 'dist/leadkit.css', 'dist/chunks/runtime.js'], typed: false },
];

/** The tarballs given on the command line, by package name. */
const given = new Map(
  process.argv.slice(2).map((arg) => {
    const at = arg.lastIndexOf('=');
    return [arg.slice(0, at), path.resolve(arg.slice(at + 1))];
  }),
);
for (const name of given.keys()) {
  if (!PACKAGES.some((known) => known.name === name)) {
    console.error(`build:check: no package named ${name} (${PACKAGES.map((known) => known.name).join(', ')})`);
    process.exit(1);
  }
}

for (const { name, dir, required } of PACKAGES) {
  if (given.has(name)) continue;
  for (const file of required) {
    if (!existsSync(path.join(dir, file))) {
      console.error(`build:check: ${name}: ${path.relative(ROOT, path.join(dir, file))} is missing — run \`npm run build\` first.`);
      process.exit(1);
    }
  }
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'leadkit-check-'));
let failed = false;
try {
  for (const { name, dir, typed = true } of PACKAGES) {
    let tarball = given.get(name);
    if (!tarball) {
      const pack = spawnSync('npm', ['pack', '--silent', '--pack-destination', tmp], { cwd: dir, encoding: 'utf8' });
      if (pack.status !== 0) throw new Error(`npm pack (${name}) failed:\n${pack.stderr}`);
      tarball = path.join(tmp, pack.stdout.trim().split('\n').pop());
    }

    const checks = [
      ['publint', bin('publint'), ['run', tarball, '--strict', '--pack', 'false']],
      // widgets.css (leadkit/server's stylesheet) is a file to serve, not a module with types.
      [
        'attw',
        bin('attw'),
        [
          tarball,
          '--profile',
          'node16',
          '--ignore-rules',
          'cjs-resolves-to-esm',
          '--format',
          'table-flipped',
          '--no-emoji',
          '--no-color',
          ...(name === 'leadkit' ? ['--exclude-entrypoints', './widgets.css'] : []),
        ],
      ],
    ].filter(([label]) => typed || label !== 'attw');
    for (const [label, command, args] of checks) {
      const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
      if (result.status !== 0) {
        console.error(`build:check: ${label} failed for ${name}`);
        failed = true;
      }
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
