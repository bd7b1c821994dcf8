import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Lints source text as if it lived at `file`, with the project's real ESLint config. */
const eslint = new ESLint({ cwd: path.resolve(__dirname, '..') });
async function maxLinesErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(__dirname, '..', file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'max-lines').map((m) => m.message);
}

/** `count` lines of code, blank lines and comments among them (they count too). */
function lines(count: number): string {
  return Array.from({ length: count }, (_, i) => (i % 10 === 3 ? '' : i % 10 === 7 ? `// line ${i + 1}` : `export const v${i} = ${i};`)).join('\n');
}

// A bound for a hung lint, not a speed check: the first lintText loads the whole ESLint config.
describe('files a reader can hold: max-lines (issue 52 §3)', { timeout: 60_000 }, () => {
  it('refuses a source file over 500 lines, blank lines and comments counted', async () => {
    for (const file of ['src/domain/x.ts', 'src/widgets/lead-board/x.tsx', 'packages/sandbox/src/routes/x.ts']) {
      expect(await maxLinesErrors(file, lines(501))).toEqual([expect.stringContaining('Maximum allowed is 500')]);
      expect(await maxLinesErrors(file, lines(500))).toEqual([]);
    }
  });

  it('leaves tests, stories and generated files alone', async () => {
    for (const file of [
      'src/domain/x.test.ts',
      'src/widgets/x.dom.test.tsx',
      'packages/sandbox/src/x.test.ts',
      'stories/x.stories.tsx',
      'src/x.d.ts',
      'src/x.generated.ts',
    ]) {
      expect(await maxLinesErrors(file, lines(700))).toEqual([]);
    }
  });
});
