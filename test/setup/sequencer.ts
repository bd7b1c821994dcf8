/**
 * The order `vitest run` starts files in (vitest.config.ts): longest first, across projects, by
 * test/durations.json (each file's seconds in a CI run: `node scripts/ci-time-map.mjs
 * --write-durations`). With two cores and three workers, a long file started last keeps the run
 * going alone at the end; started first, the short ones fill in beside it. A file the durations
 * do not know yet (a new test file) counts as its project's median, so a new e2e journey starts
 * among the other e2e files and a new logic test among the quick ones; the files of a project it
 * knows nothing of start after the others, in name order (vitest's own order).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** test/durations.json under the root; none (a fresh repository) orders by name. */
function readDurations(root: string): Record<string, number> {
  try {
    return JSON.parse(readFileSync(path.join(root, 'test', 'durations.json'), 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export default class DurationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const durations = readDurations(root);
    const key = (spec: TestSpecification) => `${spec.project.name}:${path.relative(root, spec.moduleId).split(path.sep).join('/')}`;
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
    const byProject = new Map<string, number[]>();
    for (const [name, seconds] of Object.entries(durations)) {
      const project = name.slice(0, name.indexOf(':'));
      byProject.set(project, [...(byProject.get(project) ?? []), seconds]);
    }
    const medians = new Map([...byProject].map(([project, list]) => [project, median(list)]));
    const estimate = (spec: TestSpecification) => durations[key(spec)] ?? medians.get(spec.project.name) ?? 0;
    return [...files].sort((a, b) => estimate(b) - estimate(a) || (key(a) < key(b) ? -1 : 1));
  }
}
