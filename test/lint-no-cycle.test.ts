import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { noCycleRule } from '../eslint/no-cycle.js';

const REPO = path.resolve(__dirname, '..');

/** The no-cycle messages for source text linted as if it lived at `file`, with the project's real ESLint config. */
const eslint = new ESLint({ cwd: REPO });
async function cycleErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(REPO, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'leadkit/no-cycle').map((m) => m.message);
}

// A bound for a hung lint, not a speed check: the first lintText loads the whole ESLint config and
// its parsers (5.5 s on a busy machine).
describe('no-cycle rule in `npm run lint` (the import graph has no cycle)', { timeout: 60_000 }, () => {
  it('fails lint when one of the old loops comes back, type-only as it was', async () => {
    // es-US.ts took LocalePack from the loader, which imports es-US.ts (dynamically).
    const esUS = fs.readFileSync(path.join(REPO, 'src/i18n/es-US.ts'), 'utf8');
    expect(esUS).toContain("from './locale-types'");
    expect(await cycleErrors('src/i18n/es-US.ts', esUS.replace("from './locale-types'", "from './locale'"))).toEqual([
      'Import cycle: src/i18n/es-US.ts → src/i18n/locale.ts → src/i18n/es-US.ts. Type-only imports count too: move what both sides need down into a module of their own.',
    ]);
    // host-inputs.ts took the analytics and clock types from the React runtime, which imports it.
    expect(await cycleErrors('src/runtime/host-inputs.ts', "import type { WidgetRuntime } from './runtime';\nexport type R = WidgetRuntime;\n")).toEqual([
      expect.stringContaining('Import cycle: src/runtime/host-inputs.ts → src/runtime/runtime.tsx → src/runtime/host-inputs.ts.'),
    ]);
    // The gateway client's config named the chat session's types from the module that calls the client.
    expect(
      await cycleErrors('src/gateway/core/client.ts', "import type { ChatSession } from '../message-center/chat-session';\nexport type S = ChatSession;\n"),
    ).toEqual([expect.stringContaining('Import cycle: src/gateway/core/client.ts → src/gateway/message-center/chat-session.ts → src/gateway/core/client.ts.')]);
    // …and the board counts' and the contact recorder's host provider types from the modules that call the client.
    expect(
      await cycleErrors(
        'src/gateway/core/client.ts',
        "import type { LeadCountsProvider } from '../office/lead-counts';\nexport type P = LeadCountsProvider;\n",
      ),
    ).toEqual([expect.stringContaining('Import cycle: src/gateway/core/client.ts → src/gateway/office/lead-counts.ts → src/gateway/core/client.ts.')]);
    expect(
      await cycleErrors('src/gateway/core/client.ts', "import type { RecordContact } from '../lead/message-contact';\nexport type R = RecordContact;\n"),
    ).toEqual([expect.stringContaining('Import cycle: src/gateway/core/client.ts → src/gateway/lead/message-contact.ts → src/gateway/core/client.ts.')]);
  });

  it('passes the files as they are', async () => {
    for (const file of [
      'src/i18n/es-US.ts',
      'src/i18n/locale.ts',
      'src/runtime/host-inputs.ts',
      'src/runtime/runtime.tsx',
      'src/runtime/gateway-config.ts',
      'src/gateway/core/client.ts',
    ]) {
      expect(await cycleErrors(file, fs.readFileSync(path.join(REPO, file), 'utf8')), file).toEqual([]);
    }
  });
});

describe('no-cycle rule on fixture files', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'leadkit-no-cycle-'));
  const write = (file: string, code: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), code);
  };
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const lint = (file: string, code: string) =>
    new Linter({ cwd: root })
      .verify(
        code,
        [
          {
            files: ['**/*.{ts,tsx}'],
            languageOptions: { parser: tseslint.parser },
            plugins: { leadkit: { rules: { 'no-cycle': noCycleRule } } },
            rules: { 'leadkit/no-cycle': 'error' },
          },
        ],
        { filename: path.join(root, file) },
      )
      .map((m) => m.message.replace(/\. Type-only.*$/, ''));

  it('refuses a type-only pair', () => {
    write('pair/types.ts', "import type { B } from './b';\nexport interface A { b?: B }\n");
    write('pair/b.ts', "import type { A } from './types';\nexport interface B { a?: A }\n");
    expect(lint('pair/types.ts', fs.readFileSync(path.join(root, 'pair/types.ts'), 'utf8'))).toEqual([
      'Import cycle: pair/types.ts → pair/b.ts → pair/types.ts',
    ]);
  });

  it('follows re-exports, index files, dynamic imports and import types across three files', () => {
    write('three/b/index.ts', "export * from './b';\n");
    write('three/b/b.ts', "export const load = () => import('../c');\n");
    write('three/c.tsx', "export type A = import('./a').A;\n");
    const code = "import { load } from './b';\nexport type A = { load: typeof load };\n";
    write('three/a.ts', code);
    expect(lint('three/a.ts', code)).toEqual(['Import cycle: three/a.ts → three/b/index.ts → three/b/b.ts → three/c.tsx → three/a.ts']);
  });

  it('allows one-way imports, and ignores comments, packages and stylesheets', () => {
    write('oneway/leaf.ts', "// import { a } from './a';\nexport const leaf = \"import('./a')\";\n");
    write('oneway/a.css', '');
    const code =
      "import { leaf } from './leaf';\nimport css from './a.css?inline';\nimport { useState } from 'react';\nexport const a = [leaf, css, useState];\n";
    expect(lint('oneway/a.ts', code)).toEqual([]);
  });

  it('sees a file edited since the last lint (cycle fixed, then back)', () => {
    write('edit/x.ts', "import type { Y } from './y';\nexport type X = Y;\n");
    write('edit/y.ts', "import type { X } from './x';\nexport type Y = { x?: X };\n");
    const x = fs.readFileSync(path.join(root, 'edit/x.ts'), 'utf8');
    expect(lint('edit/x.ts', x)).toHaveLength(1);
    write('edit/y.ts', 'export type Y = { x?: unknown };\n');
    expect(lint('edit/x.ts', x)).toEqual([]);
    write('edit/y.ts', "import type { X } from './x';\nexport type Y = { x?: X };\n");
    expect(lint('edit/x.ts', x)).toHaveLength(1);
  });
});
