// Prints the run's closing lines from vitest's JSON report (which vitest.config.ts writes when CI
// is set): each failed test with the first lines of its error, then one plain line ("N passed,
// N failed"). .ci/run prints it last, also when a test failed: a CI reader who sees only the end
// of the output still learns what failed and why (the full errors scroll far above).
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const file = 'test-results/vitest.json';
if (!fs.existsSync(file)) {
  console.error(`ci-summary: ${file} is missing (was CI=true set?)`);
  process.exit(1);
}
const report = JSON.parse(fs.readFileSync(file, 'utf8'));
const failures = [];
for (const suite of report.testResults ?? []) {
  const where = path.relative(process.cwd(), suite.name);
  const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
  for (const test of failedTests)
    failures.push({ where, title: `${test.fullName} (${((test.duration ?? 0) / 1000).toFixed(1)} s)`, message: (test.failureMessages ?? []).join('\n') });
  // A file that failed outside its tests (an import, a hook) has its message on the file.
  if (failedTests.length === 0 && suite.status === 'failed') failures.push({ where, title: '(the file)', message: suite.message ?? '' });
}
if (failures.length > 0) {
  console.log(`\n---- failed (${failures.length}) ----`);
  for (const { where, title, message } of failures) {
    console.log(`${where} > ${title}`);
    const all = stripVTControlCharacters(message)
      .split('\n')
      .filter((line) => line.trim() && !/^\s+at /.test(line));
    const lines = all.slice(0, 8);
    // A query that found nothing prints the DOM it searched, whose first lines are tags: the texts
    // in it say what was on screen instead (a progress bar still there, an error shown).
    if (/Unable to find|Found multiple/.test(all[0] ?? '')) {
      const texts = all
        .slice(1)
        .map((line) => line.trim())
        .map((line) => line.replace(/^(role|aria-label)="(.*)"$/, '[$1 $2]'))
        .filter((line) => !/^(<|\/?>|[\w:-]+=".*"$|Ignored nodes:)/.test(line));
      lines.splice(1, lines.length, `on screen: ${texts.join(' · ')}`.slice(0, 900));
    }
    // vitest's JSON report names a test's time-out only so: its full message is above, in vitest's own output.
    if (lines.length === 1 && lines[0].includes('STACK_TRACE_ERROR')) lines.push('(a time-out: the test ran past its time limit)');
    for (const line of lines) console.log(`    ${line.slice(0, 900)}`);
  }
}
const passed = report.numPassedTests ?? 0;
const failed = report.numFailedTests ?? 0;
const skipped = report.numPendingTests ?? 0;
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || passed === 0) process.exit(1);
