/**
 * CI's time map (.ci/run prints it after the tests, also when they failed): from
 * test-results/timings.json (test/setup/timings-reporter.ts, written when CI is set) the run's
 * length, per project its files, summed file time and span (first start to last end), and the
 * 15 longest files. `--write-durations` also writes test/durations.json from it: each file's
 * seconds, which the sequencer (test/setup/sequencer.ts) starts longest first — commit it when
 * the suites changed shape.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TIMINGS = path.join(ROOT, 'test-results', 'timings.json');
export const DURATIONS = path.join(ROOT, 'test', 'durations.json');
const TOP = 15;

if (!existsSync(TIMINGS)) {
  console.log(`time map: ${path.relative(ROOT, TIMINGS)} is missing (vitest did not run with CI set, or did not finish)`);
  process.exit(0);
}
/** @type {{ seconds: number, files: { project: string, file: string, seconds: number, start: number, end: number, tests: number, failed: boolean }[] }} */
const run = JSON.parse(readFileSync(TIMINGS, 'utf8'));
const s = (seconds) => `${seconds.toFixed(0).padStart(5)} s`;

const projects = new Map();
for (const file of run.files) {
  const project = projects.get(file.project) ?? { files: 0, sum: 0, start: Infinity, end: 0 };
  project.files += 1;
  project.sum += file.seconds;
  project.start = Math.min(project.start, file.start);
  project.end = Math.max(project.end, file.end);
  projects.set(file.project, project);
}

console.log(`time map: vitest ran ${run.files.length} files in ${run.seconds.toFixed(0)} s`);
console.log('  project        files   file time   span (first start → last end)');
for (const [name, project] of [...projects].sort((a, b) => b[1].sum - a[1].sum)) {
  console.log(
    `  ${name.padEnd(14)} ${String(project.files).padStart(5)}   ${s(project.sum)}     ${s(project.end - project.start)} (${project.start.toFixed(0)} → ${project.end.toFixed(0)})`,
  );
}
console.log(`  the ${TOP} longest files:`);
for (const file of [...run.files].sort((a, b) => b.seconds - a.seconds).slice(0, TOP)) {
  console.log(
    `  ${s(file.seconds)}  ${`${file.project}`.padEnd(10)} ${file.file} (${file.tests} tests, ${file.start.toFixed(0)} → ${file.end.toFixed(0)})${file.failed ? ' FAILED' : ''}`,
  );
}

if (process.argv.includes('--write-durations')) {
  const durations = Object.fromEntries(
    run.files.map((file) => [`${file.project}:${file.file}`, Math.round(file.seconds * 10) / 10]).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  writeFileSync(DURATIONS, `${JSON.stringify(durations, null, 2)}\n`);
  console.log(`time map: wrote ${path.relative(ROOT, DURATIONS)} (${run.files.length} files)`);
}
