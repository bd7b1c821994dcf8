import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve('scripts/check-commits.mjs');
const dirs: string[] = [];

/** A throw-away repository: a base commit, then the given messages; returns it and the base. */
function repoWith(messages: readonly string[]): { dir: string; base: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'lk-commits-'));
  dirs.push(dir);
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, encoding: 'utf8' }).trim();
  git('init', '-q');
  const commit = (message: string, index: number) => {
    writeFileSync(path.join(dir, 'f.txt'), String(index));
    git('add', 'f.txt');
    git('commit', '-q', '-m', message);
  };
  commit('base\n\nbefore the rule', 0);
  const base = git('rev-parse', 'HEAD');
  messages.forEach((message, i) => commit(message, i + 1));
  return { dir, base };
}

const run = (dir: string, base: string) => spawnSync('node', [script], { cwd: dir, env: { ...process.env, CHECK_COMMITS_FROM: base }, encoding: 'utf8' });

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// Each test makes a git repository and runs node: several processes, which on a loaded two-core
// CI machine took past vitest's default 5 s. A bound for a hung process, not a speed check.
describe('scripts/check-commits.mjs', { timeout: 60_000 }, () => {
  it('passes short subjects with a body saying why', () => {
    const { dir, base } = repoWith(['Board: keep the open card\n\nThe refresh closed it.']);
    const result = run(dir, base);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('every commit since 0.2.0');
  });

  it('fails a subject over 72 characters and names it', () => {
    const long = `Board: ${'x'.repeat(70)}`;
    const { dir, base } = repoWith([`${long}\n\nWhy.`]);
    const result = run(dir, base);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`subject has ${long.length} characters`);
  });

  it('fails a commit without a body', () => {
    const { dir, base } = repoWith(['Board: keep the open card']);
    const result = run(dir, base);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('no body saying why');
  });
});
