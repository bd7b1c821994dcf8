import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint, Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { layersRule } from '../eslint/layers.js';

/** Lints source text as if it lived at `file`, with the project's real ESLint config. */
const eslint = new ESLint({ cwd: path.resolve(__dirname, '..') });
async function layerErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(__dirname, '..', file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'leadkit/layers').map((m) => m.message);
}

// A bound for a hung lint, not a speed check: the first lintText loads the whole ESLint config and
// its parsers, 5.5 s on a busy machine (vitest's default 5 s cut it off).
describe('layer rule (runs in npm test through lint)', { timeout: 60_000 }, () => {
  it('refuses an upward import from domain into ui', async () => {
    expect(await layerErrors('src/domain/x.ts', "import { Button } from '../ui/button';\nexport const y = Button;\n")).toEqual([
      expect.stringContaining("'domain' may not import from 'ui'"),
    ]);
  });

  it('refuses React in the React-free layers', async () => {
    const code = "import { useState } from 'react';\nexport const y = useState;\n";
    for (const file of [
      'src/gateway/x.ts',
      'src/domain/x.ts',
      'src/i18n/x.ts',
      'src/contract/x.ts',
      'packages/sandbox/src/x.ts',
      'packages/sandbox/src/routes/x.ts',
    ]) {
      expect(await layerErrors(file, code)).toEqual([expect.stringContaining('is React-free')]);
    }
  });

  it('keeps the contract below the runtime and the elements', async () => {
    expect(await layerErrors('src/contract/x.ts', "import { emitLeadkitEvent } from '../runtime/events';\nexport const y = emitLeadkitEvent;\n")).toEqual([
      expect.stringContaining("'contract' may not import from 'runtime'"),
    ]);
    expect(await layerErrors('src/runtime/x.ts', "import { TAGS } from '../contract/tags';\nexport const y = TAGS;\n")).toEqual([]);
  });

  it('refuses the gateway in ui and lets widgets use it', async () => {
    const code = "import { getLeads } from '../gateway/office/calls';\nexport const y = getLeads;\n";
    expect(await layerErrors('src/ui/x.tsx', code)).toHaveLength(1);
    expect(await layerErrors('src/widgets/lead-board/x.tsx', code.replace('../gateway', '../../gateway'))).toEqual([]);
  });

  it("refuses a widget reaching into another widget's internals, allows its top component file and its descriptor", async () => {
    expect(await layerErrors('src/widgets/lead-board/card.tsx', "import { Form } from '../review-request/form';\nexport const y = Form;\n")).toEqual([
      expect.stringContaining('only through its top component file'),
    ]);
    expect(await layerErrors('src/widgets/lead-board/card.tsx', "import { R } from '../review-request/review-request';\nexport const y = R;\n")).toEqual([]);
    expect(await layerErrors('src/widgets/lead-app/routes.ts', "export const load = () => import('../review-request/review-request.widget');\n")).toEqual([]);
    expect(await layerErrors('src/widgets/lead-app/routes.ts', "export const load = () => import('../review-request/review-request-modal');\n")).toEqual([
      expect.stringContaining('only through its top component file'),
    ]);
  });

  it("keeps server code (src/server/, a widget's <name>.server.ts) out of what a browser runs", async () => {
    const layer = "import { renderToString } from '../server/render-first-screen';\nexport const y = renderToString;\n";
    const half = "import { leadBoardServer } from '../widgets/lead-board/lead-board.server';\nexport const y = leadBoardServer;\n";
    // The server layer stands over the elements and the widgets, and reads the widgets' server halves.
    expect(await layerErrors('src/server/x.ts', "import { ELEMENTS } from '../elements/definitions';\nexport const y = ELEMENTS;\n")).toEqual([]);
    expect(await layerErrors('src/server/x.ts', half)).toEqual([]);
    // Only its entries and the CDN build's recipes (build time) import it; no layer below, no browser entry.
    expect(await layerErrors('src/server.ts', layer.replace('../server/', './server/'))).toEqual([]);
    expect(await layerErrors('src/cdn/first-call-recipes.ts', half)).toEqual([]);
    expect(await layerErrors('src/elements/x.ts', layer)).toEqual([expect.stringContaining('is server code')]);
    expect(await layerErrors('src/elements/x.ts', half)).toEqual([expect.stringContaining('is server code')]);
    expect(await layerErrors('src/define.ts', layer.replace('../server/', './server/'))).toEqual([expect.stringContaining('is server code')]);
    expect(await layerErrors('src/cdn/first-calls-start.ts', half)).toEqual([expect.stringContaining('is server code')]);
    // A widget's own code never imports its server half (the server half may import the widget's code).
    expect(await layerErrors('src/widgets/lead-board/lead-board.tsx', half.replace('../widgets/lead-board/', './'))).toEqual([
      expect.stringContaining('is server code'),
    ]);
    expect(
      await layerErrors(
        'src/widgets/lead-board/lead-board.server.ts',
        "import { boardFirstCalls } from './board-request';\nexport const y = boardFirstCalls;\n",
      ),
    ).toEqual([]);
    // A type, erased, is no code in the browser: a browser entry may name one.
    expect(
      await layerErrors('src/react.tsx', "import type { ServerRenderOptions } from './server/render-first-screen';\nexport type Y = ServerRenderOptions;\n"),
    ).toEqual([]);
    // Nothing in the server layer imports an entry.
    expect(await layerErrors('src/server/x.ts', "import { LeadBoard } from '../react';\nexport const y = LeadBoard;\n")).toEqual([
      expect.stringContaining("'server' may not import from 'src entry files'"),
    ]);
  });

  it('keeps the sandbox out of shipped code but lets tests, stories and scripts use it', async () => {
    const code = "import { createSandboxGateway } from '@leadkit/sandbox';\nexport const y = createSandboxGateway;\n";
    expect(await layerErrors('src/widgets/lead-board/x.tsx', code)).toEqual([expect.stringContaining('sandbox gateway')]);
    expect(await layerErrors('src/index.ts', code)).toEqual([expect.stringContaining('sandbox gateway')]);
    const relative = "import { createSandboxGateway } from '../../../packages/sandbox/src/index';\nexport const y = createSandboxGateway;\n";
    expect(await layerErrors('src/widgets/lead-board/x.tsx', relative)).toEqual([expect.stringContaining('sandbox gateway')]);
    expect(await layerErrors('src/widgets/lead-board/x.test.tsx', code)).toEqual([]);
    expect(await layerErrors('src/widgets/lead-board/x.test.tsx', relative)).toEqual([]);
    expect(await layerErrors('stories/x.stories.tsx', code)).toEqual([]);
    expect(await layerErrors('scripts/x.ts', code)).toEqual([]);
  });

  it("lets the sandbox use leadkit's gateway schemas and domain rules, one way, and nothing above them", async () => {
    const schemas =
      "import { Id } from '../../../../src/gateway/core/shared-schemas';\nimport { isValidEmail } from '../../../../src/domain/core/email';\nexport const y = [Id, isValidEmail];\n";
    expect(await layerErrors('packages/sandbox/src/routes/x.ts', schemas)).toEqual([]);
    expect(
      await layerErrors('packages/sandbox/src/routes/x.ts', "import { W } from '../../../../src/widgets/lead-board/lead-board';\nexport const y = W;\n"),
    ).toEqual([expect.stringContaining("'sandbox' may not import from 'widgets'")]);
    expect(await layerErrors('packages/sandbox/src/x.ts', "import { c } from '../../../src/chat/chat-client';\nexport const y = c;\n")).toEqual([
      expect.stringContaining("'sandbox' may not import from 'chat'"),
    ]);
    expect(await layerErrors('packages/sandbox/src/x.ts', "import { c } from '../../../src/index';\nexport const y = c;\n")).toEqual([
      expect.stringContaining('src entry files'),
    ]);
    expect(await layerErrors('packages/sandbox/src/x.ts', "import { c } from 'leadkit';\nexport const y = c;\n")).toEqual([
      expect.stringContaining("The sandbox may not import 'leadkit'"),
    ]);
    // …and leadkit's React-free layers never import the sandbox (the arrow points one way).
    expect(await layerErrors('src/gateway/x.ts', "import { c } from '../../packages/sandbox/src/index';\nexport const y = c;\n")).toEqual([
      expect.stringContaining('sandbox gateway'),
    ]);
  });

  it("keeps the optional peers in the entries a host imports on purpose (and the CDN build's defaults); src/chat/ may import their types", async () => {
    for (const peer of ['@twilio/conversations', 'heic-to/csp']) {
      const code = `export const load = () => import('${peer}');\n`;
      for (const file of ['src/widgets/message-thread/x.ts', 'src/chat/x.ts', 'src/elements/x.ts', 'src/react.tsx']) {
        expect(await layerErrors(file, code)).toEqual([expect.stringContaining('Only src/twilio.ts, src/heic.ts and src/cdn/peer-defaults.ts')]);
      }
      for (const file of ['src/twilio.ts', 'src/heic.ts', 'src/cdn/peer-defaults.ts']) expect(await layerErrors(file, code)).toEqual([]);
      expect(await layerErrors('src/chat/x.ts', `import type * as Peer from '${peer}';\nexport type P = typeof Peer;\n`)).toEqual([]);
    }
  });

  it('lets only entries, the CDN glue and tests import an entry file', async () => {
    const code = "import { createTwilioChatClientFactory } from '../twilio';\nexport const y = createTwilioChatClientFactory;\n";
    expect(await layerErrors('src/chat/x.ts', code)).toEqual([expect.stringContaining("may not import from 'src entry files'")]);
    expect(await layerErrors('src/cdn/x.ts', code)).toEqual([]);
    expect(await layerErrors('src/chat/x.test.ts', code)).toEqual([]);
  });
});

describe('layer rule: widget cycles', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'leadkit-layers-'));
  const src = path.join(root, 'src');
  fs.mkdirSync(path.join(src, 'widgets', 'a'), { recursive: true });
  fs.mkdirSync(path.join(src, 'widgets', 'b'), { recursive: true });
  fs.writeFileSync(path.join(src, 'widgets', 'a', 'a.tsx'), "import { B } from '../b/b';\nexport const A = B;\n");
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const lint = (file: string, code: string) =>
    new Linter({ cwd: root })
      .verify(
        code,
        [{ files: ['**/*.tsx'], plugins: { leadkit: { rules: { layers: layersRule } } }, rules: { 'leadkit/layers': ['error', { srcRoot: 'src' }] } }],
        {
          filename: path.join(src, file),
        },
      )
      .map((m) => m.message);

  it('refuses an embed that closes a cycle between two widgets', () => {
    expect(lint('widgets/b/b.tsx', "import { A } from '../a/a';\nexport const B = A;\n")).toEqual([expect.stringContaining('would close a cycle')]);
  });

  it('allows the one-way embed', () => {
    expect(lint('widgets/c/c.tsx', "import { A } from '../a/a';\nexport const C = A;\n")).toEqual([]);
  });
});
