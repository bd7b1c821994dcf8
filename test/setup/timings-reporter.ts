/**
 * A vitest reporter (vitest.config.ts, with CI set) that writes test-results/timings.json: per
 * test file its project, its time (environment, import, setup files, hooks and tests) and when it
 * started and ended in the run. The JSON report (test-results/vitest.json) names no project and
 * counts a file from its first test, so a file's beforeAll (a server, a build, an install) is
 * missing there. scripts/ci-time-map.mjs prints the run's time map from this file and writes
 * test/durations.json (what the sequencer, test/setup/sequencer.ts, orders files by) from it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTiming {
  project: string;
  /** Relative to the repository root, with forward slashes. */
  file: string;
  seconds: number;
  /** Seconds since the run started. */
  start: number;
  end: number;
  tests: number;
  failed: boolean;
}

const round = (ms: number) => Math.round(ms / 100) / 10;

export default class TimingsReporter implements Reporter {
  private readonly started = performance.now();
  private readonly startedAt = new Map<string, number>();
  private readonly files: FileTiming[] = [];

  private readonly outputFile: string;

  /** vitest passes the options given beside the reporter's path in the config (none here). */
  constructor({ outputFile = 'test-results/timings.json' }: { outputFile?: string } = {}) {
    this.outputFile = outputFile;
  }

  onTestModuleStart(testModule: TestModule): void {
    this.startedAt.set(`${testModule.project.name}:${testModule.moduleId}`, performance.now());
  }

  onTestModuleEnd(testModule: TestModule): void {
    const now = performance.now();
    const key = `${testModule.project.name}:${testModule.moduleId}`;
    const diagnostic = testModule.diagnostic();
    const own = diagnostic.environmentSetupDuration + diagnostic.prepareDuration + diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration;
    const start = this.startedAt.get(key) ?? now - own;
    this.files.push({
      project: testModule.project.name,
      file: path.relative(process.cwd(), testModule.moduleId).split(path.sep).join('/'),
      // In browser mode a file's diagnostic durations count from when its tab was opened (a file
      // queued behind others got their time too): the file's own wall time is the smaller.
      seconds: round(Math.min(own, now - start)),
      start: round(start - this.started),
      end: round(now - this.started),
      tests: [...testModule.children.allTests()].length,
      failed: testModule.state() === 'failed',
    });
  }

  onTestRunEnd(): void {
    mkdirSync(path.dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, `${JSON.stringify({ seconds: round(performance.now() - this.started), files: this.files }, null, 2)}\n`);
  }
}
