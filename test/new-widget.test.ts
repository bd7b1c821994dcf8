/**
 * `npm run new:widget <name>` (scripts/new-widget.mjs) makes a widget folder in the shape of
 * docs/widget-shape.md that passes lint, typecheck and its own tests: run here into a temp copy
 * of the repository's sources (node_modules linked), then tsc and eslint on just the generated
 * files and vitest on the generated tests, side by side.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { newWidget } from '../scripts/new-widget.mjs';

const ROOT = path.resolve(__dirname, '..');
const NAME = 'job-calendar';
/** What the copy needs: the sources, the test helpers and stories' support, the sandbox, the configs (vitest's reads .storybook and test/setup). */
const COPIED = [
  'src',
  'stories/support',
  'test/helpers',
  'packages/sandbox',
  'examples/site-routes.js',
  'examples/site-routes.d.ts',
  'eslint',
  '.storybook',
  // .storybook/main.ts builds the widgets' CSS for the browsers the library's build targets.
  'scripts/css-target.ts',
  // .storybook/main.ts writes the docs site's pages with the site's map (.storybook/doc-pages.ts).
  'stories/docs/site-pages.ts',
  'tsconfig.json',
  'eslint.config.js',
  'biome.json',
  '.gitignore',
  'vitest.config.ts',
  // vitest.config.ts's sequencer and reporter, and the durations the sequencer reads.
  'test/setup',
  'test/durations.json',
  'package.json',
];

let tmp = '';
let written: string[] = [];

/** Runs a command in the copy; resolves with its exit code and output (a child vitest gets no VITEST_* of this one). */
function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_ENV'));
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: tmp, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'leadkit-new-widget-'));
  for (const entry of COPIED) {
    fs.mkdirSync(path.dirname(path.join(tmp, entry)), { recursive: true });
    fs.cpSync(path.join(ROOT, entry), path.join(tmp, entry), { recursive: true, filter: (source) => !source.includes(`${path.sep}node_modules`) });
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(tmp, 'node_modules'), 'dir');
  written = newWidget(NAME, { root: tmp }) as string[];
});

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('npm run new:widget', () => {
  it('makes the widget folder of the shape, its catalogue slots and its story', () => {
    expect(written.sort()).toEqual(
      [
        'src/widgets/job-calendar/job-calendar.tsx',
        'src/widgets/job-calendar/job-calendar.widget.ts',
        'src/widgets/job-calendar/job-calendar.server.ts',
        'src/widgets/job-calendar/job-calendar-messages.ts',
        'src/widgets/job-calendar/job-calendar-atoms.ts',
        'src/widgets/job-calendar/job-calendar.logic.ts',
        'src/widgets/job-calendar/job-calendar.logic.test.ts',
        'src/widgets/job-calendar/job-calendar.css',
        'src/widgets/job-calendar/job-calendar.test.tsx',
        'src/widgets/job-calendar/job-calendar.smoke.test.tsx',
        'src/i18n/en-US/job-calendar.ts',
        'src/i18n/es-US/job-calendar.ts',
        'stories/job-calendar.stories.tsx',
      ].sort(),
    );
    for (const file of written) expect(fs.readFileSync(path.join(tmp, file), 'utf8')).not.toMatch(/__\w+__/);
    const enUS = fs.readFileSync(path.join(tmp, 'src/i18n/en-US.ts'), 'utf8');
    expect(enUS).toContain("import { jobCalendarMessages } from './en-US/job-calendar';");
    expect(enUS).toContain('  ...jobCalendarMessages,');
    const esUS = fs.readFileSync(path.join(tmp, 'src/i18n/es-US.ts'), 'utf8');
    expect(esUS).toContain("import { jobCalendarMessagesEs } from './es-US/job-calendar';");
    expect(esUS).toContain('  ...jobCalendarMessagesEs,');
  });

  it('refuses a name that is not a widget name, and a widget that exists', () => {
    expect(() => newWidget('Calendar', { root: tmp })).toThrow(/not a widget name/);
    expect(() => newWidget('calendar', { root: tmp })).toThrow(/not a widget name/);
    expect(() => newWidget(NAME, { root: tmp })).toThrow(/exists already/);
  });

  it('passes the format check, typecheck, lint and its own tests', async () => {
    const generated = written.filter((file) => /\.tsx?$/.test(file));
    fs.writeFileSync(path.join(tmp, 'tsconfig.generated.json'), JSON.stringify({ extends: './tsconfig.json', include: generated }));
    const [format, tsc, eslint, vitest] = await Promise.all([
      run(bin('biome'), ['format', ...written, 'src/i18n/en-US.ts', 'src/i18n/es-US.ts']),
      run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.generated.json']),
      run(bin('eslint'), ['--max-warnings', '0', ...generated, 'src/i18n/en-US.ts', 'src/i18n/es-US.ts']),
      run(bin('vitest'), ['run', '--project', 'logic', '--project', 'components', `src/widgets/${NAME}`]),
    ]);
    expect(format, format.output).toMatchObject({ code: 0 });
    expect(tsc, tsc.output).toMatchObject({ code: 0 });
    expect(eslint, eslint.output).toMatchObject({ code: 0 });
    expect(vitest, vitest.output).toMatchObject({ code: 0 });
    // Its three test files ran (a filter matching nothing would pass too).
    expect(vitest.output).toMatch(/Test Files\s+.*3 passed/);
  }, 300_000);
});
