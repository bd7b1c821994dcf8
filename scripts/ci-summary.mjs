// Prints one plain closing line ("N passed, N failed") from vitest's JSON report, which
// vitest.config.ts writes when CI is set, so a CI reader can count what ran.
import fs from 'node:fs';

const file = 'test-results/vitest.json';
if (!fs.existsSync(file)) {
  console.error(`ci-summary: ${file} is missing (was CI=true set?)`);
  process.exit(1);
}
const report = JSON.parse(fs.readFileSync(file, 'utf8'));
const passed = report.numPassedTests ?? 0;
const failed = report.numFailedTests ?? 0;
const skipped = report.numPendingTests ?? 0;
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || passed === 0) process.exit(1);
