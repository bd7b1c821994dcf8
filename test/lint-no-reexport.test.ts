import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { EXEMPT } from '../eslint/no-reexport.js';

const ROOT = path.resolve(__dirname, '..');
/** Lints source text as if it lived at `file`, with the project's real ESLint config. */
const eslint = new ESLint({ cwd: ROOT });
async function reexportErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'leadkit/no-reexport').map((m) => m.message);
}

// A bound for a hung lint, not a speed check: the first lintText loads the whole ESLint config.
describe('one import path per name: no-reexport (issue 52 §2)', { timeout: 60_000 }, () => {
  it('refuses a forwarding module and a forward inside a module, in src/ and the sandbox', async () => {
    for (const file of ['src/widgets/raq-funnel/funnel-atoms.ts', 'src/domain/drafts.ts', 'packages/sandbox/src/seed/taxonomy.ts']) {
      expect(await reexportErrors(file, "export * from './shared-atoms';\n")).toEqual([expect.stringContaining("'./shared-atoms' is forwarded here")]);
      expect(await reexportErrors(file, "export { DRAFT_KEY_PREFIX } from './draft-keys';\nexport const x = 1;\n")).toEqual([
        expect.stringContaining("'./draft-keys' is forwarded here"),
      ]);
      expect(await reexportErrors(file, "export type { Lead } from '../gateway/office/schemas';\n")).toHaveLength(1);
    }
  });

  it('lets a module export what it declares or imported for its own use', async () => {
    const code = "import { a } from './a';\nexport const b = a + 1;\nexport function c() { return a; }\n";
    expect(await reexportErrors('src/domain/x.ts', code)).toEqual([]);
  });

  it("lets a lazy part's module forward its own texts (a *_CATALOGUE from a *-messages module), nothing else that way", async () => {
    const file = 'src/widgets/raq-funnel/entry/entry-step.tsx';
    expect(await reexportErrors(file, "export { FUNNEL_STEP_CATALOGUE } from '../funnel-step-messages';\n")).toEqual([]);
    expect(await reexportErrors(file, "export { FUNNEL_STEP_CATALOGUE as TEXTS } from '../funnel-step-messages';\n")).toHaveLength(1);
    expect(await reexportErrors(file, "export { stepTitle } from '../funnel-step-messages';\n")).toHaveLength(1);
    expect(await reexportErrors(file, "export { FUNNEL_STEP_CATALOGUE } from '../funnel-steps';\n")).toHaveLength(1);
  });

  it('exempts the package entries and the chunk boundaries it lists, each with a reason, all of them files that exist', async () => {
    for (const [file, reason] of Object.entries(EXEMPT)) {
      expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
      expect(reason.length).toBeGreaterThan(10);
      expect(await reexportErrors(file, "export * from './x';\nexport { y } from './y';\n")).toEqual([]);
    }
    expect(Object.keys(EXEMPT)).toEqual(
      expect.arrayContaining(['src/index.ts', 'src/react.tsx', 'src/server.ts', 'src/twilio.ts', 'src/heic.ts', 'src/loader.ts']),
    );
  });
});
