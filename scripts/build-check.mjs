/**
 * `npm run build:check`: lints the package as npm would publish it (run after `npm run build`).
 * Packs once, then
 *   - publint --strict: package.json fields, exports, files that exist in the tarball;
 *   - attw --profile esm-only: every export's types resolve the way its JS does (ESM-only
 *     package, so node10/CJS resolution modes are not required).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

for (const file of ['dist/index.js', 'dist/index.d.ts', 'dist/custom-elements.json', 'dist/cdn/leadkit.js']) {
  if (!existsSync(path.join(ROOT, file))) {
    console.error(`build:check: ${file} is missing — run \`npm run build\` first.`);
    process.exit(1);
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'leadkit-check-'));
let failed = false;
try {
  const pack = spawnSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8' });
  if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
  const tarball = path.join(dir, pack.stdout.trim().split('\n').pop());

  const checks = [
    ['publint', bin('publint'), ['run', tarball, '--strict', '--pack', 'false']],
    ['attw', bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'table-flipped', '--no-emoji', '--no-color']],
  ];
  for (const [label, command, args] of checks) {
    const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`build:check: ${label} failed`);
      failed = true;
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
