#!/usr/bin/env node
/**
 * Commit messages from 0.2.0 on: a subject of at most 72 characters, then a blank line and a
 * body that says why (docs/contributing.md). Checks the commits after FROM that are reachable
 * from HEAD; in a clone without that history (shallow, or not a git checkout) it says so and
 * passes — there is nothing of ours to check there.
 */
import { execFileSync } from 'node:child_process';

/** The last commit before the rule: the 0.2.0 release commit's parent (a test gives its own). */
const FROM = process.env.CHECK_COMMITS_FROM ?? 'efc34e9e63b79ac19abb411ee3fce690c6c9c427';
const MAX_SUBJECT = 72;

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

let log;
try {
  git('cat-file', '-e', `${FROM}^{commit}`);
  log = git('log', '--no-merges', '--format=%H%x00%B%x01', `${FROM}..HEAD`);
} catch {
  console.log(`check-commits: no history back to ${FROM} here; nothing to check`);
  process.exit(0);
}

const problems = [];
for (const entry of log.split('\x01')) {
  const [hash, message = ''] = entry.replace(/^\n/, '').split('\x00');
  if (!hash) continue;
  const [subject = '', blank, ...body] = message.trimEnd().split('\n');
  const short = hash.slice(0, 7);
  if (subject.length > MAX_SUBJECT) problems.push(`${short}: subject has ${subject.length} characters (at most ${MAX_SUBJECT}): ${subject}`);
  if (blank !== '' || !body.some((line) => line.trim())) problems.push(`${short}: no body saying why, after a blank line: ${subject}`);
}
if (problems.length) {
  console.error(`check-commits: ${problems.length} problem(s)\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('check-commits: every commit since 0.2.0 has a short subject and a body');
