/**
 * `npm run build:check`: lints the packages as npm would publish them (run after `npm run build`).
 * Packs leadkit (the root) and @leadkit/sandbox (packages/sandbox) once each, then for each
 *   - publint --strict: package.json fields, exports, files that exist in the tarball;
 *   - attw --profile esm-only: every export's types resolve the way its JS does (ESM-only
 *     packages, so node10/CJS resolution modes are not required).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

const PACKAGES = [
  { name: 'leadkit', dir: ROOT, required: ['dist/index.js', 'dist/index.d.ts', 'dist/custom-elements.json', 'dist/cdn/leadkit.js'] },
  { name: '@leadkit/sandbox', dir: path.join(ROOT, 'packages', 'sandbox'), required: ['dist/index.js', 'dist/index.d.ts', 'dist/serve.js'] },
];

for (const { name, dir, required } of PACKAGES) {
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
  for (const { name, dir } of PACKAGES) {
    const pack = spawnSync('npm', ['pack', '--silent', '--pack-destination', tmp], { cwd: dir, encoding: 'utf8' });
    if (pack.status !== 0) throw new Error(`npm pack (${name}) failed:\n${pack.stderr}`);
    const tarball = path.join(tmp, pack.stdout.trim().split('\n').pop());

    const checks = [
      ['publint', bin('publint'), ['run', tarball, '--strict', '--pack', 'false']],
      // widgets.css (leadkit/server's stylesheet) is a file to serve, not a module with types.
      [
        'attw',
        bin('attw'),
        [
          tarball,
          '--profile',
          'esm-only',
          '--format',
          'table-flipped',
          '--no-emoji',
          '--no-color',
          ...(name === 'leadkit' ? ['--exclude-entrypoints', './widgets.css'] : []),
        ],
      ],
    ];
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
