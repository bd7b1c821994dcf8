// @ts-check
/**
 * One import path per name: a name is imported from the module that declares it,
 * never through a module that forwards it (`export … from`, `export * from`, or an imported
 * name exported again: `import { a } from './a'; export { a };`). A forwarding
 * module gives a name a second path; the reader then follows two files to find it, and a test's
 * `vi.mock` of one path misses importers of the other.
 *
 * `export … from` is allowed only where a forward is the point of the file (EXEMPT below, each
 * with its reason), and for a lazy part's texts: a module a loader imports with `import()` may
 * forward its catalogue (`*_CATALOGUE` from a `*-messages` module), which the loader wraps with
 * `withMessages` (docs/widget-shape.md, "Lazy parts": the texts travel in the part's chunk).
 */
import path from 'node:path';

/** Files (relative to the repository) that may forward names, and why. */
export const EXEMPT = {
  // Package entries: they curate the public API (package.json `exports`).
  'src/index.ts': 'package entry `leadkit`',
  'src/define.ts': 'package entry `leadkit/define`',
  'src/react.tsx': 'package entry `leadkit/react`',
  'src/react.node.tsx': 'package entry `leadkit/react` under Node (its `node` condition)',
  'src/server.ts': 'package entry `leadkit/server`',
  'src/twilio.ts': 'package entry `leadkit/twilio`',
  'src/heic.ts': 'package entry `leadkit/heic`',
  'src/notifications-sw.ts': 'package entry `leadkit/notifications-sw`',
  'src/loader.ts': "the CDN build's loader entry",
  'packages/sandbox/src/index.ts': 'package entry `@leadkit/sandbox`',
  // Namespaces of the public API: each gathers one gateway service's calls for `leadkit`'s export
  // of that name; only src/index.ts imports them (test/api-namespaces.test.ts), so no widget does.
  'src/gateway/lead/lead-gateway.ts': 'the `leadGateway` namespace of `leadkit`, imported by src/index.ts alone',
  'src/gateway/office/office-gateway.ts': 'the `officeGateway` namespace of `leadkit`, imported by src/index.ts alone',
  'src/gateway/message-center/message-center-gateway.ts': 'the `messageCenterGateway` namespace of `leadkit`, imported by src/index.ts alone',
  // Stand-ins the build substitutes for a package: they must export what the package exports.
  'src/cdn/lite/preact-compat.ts': 'replaces react and react-dom in the Preact flavour of the CDN build (vite.cdn.config.ts)',
  // Chunk boundaries: one `import()` of the file loads several modules as one chunk of the CDN
  // build; without the file each module would be a dynamic import (and a chunk) of its own.
  'src/widgets/lead-board/card/lead-card-body-part.ts':
    "chunk boundary: the open card's body with its texts (and the way to its extras, which keeps them one chunk: board-loaders.ts)",
  'src/widgets/lead-board/extras/card-extras-part.ts': "chunk boundary: the open card's dialogs and extras, one chunk",
  'src/widgets/message-thread/body/thread-body-part.ts': "chunk boundary: the thread's list and composer with their texts",
  'src/widgets/message-thread/history/thread-history-part.ts': "chunk boundary: 'Message History' with its texts",
  'src/widgets/message-thread/saved-replies/saved-replies-part.ts': 'chunk boundary: the saved-replies menu and `/` suggestions with their texts',
  'src/widgets/message-thread/composer/photo-pick-part.ts': 'chunk boundary: the photo pipeline (domain/attachment-prepare.ts and chat/photo-tools.ts)',
};

const CATALOGUE = /_CATALOGUE$/;
const MESSAGES_MODULE = /-messages(\.[cm]?[jt]sx?)?$/;

/** @type {import('eslint').Rule.RuleModule} */
export const noReexportRule = {
  meta: {
    type: 'problem',
    docs: { description: "One import path per name: no module forwards another module's names" },
    schema: [],
    messages: {
      reexport:
        "'{{source}}' is forwarded here: import its names from the module that declares them (one import path per name; the exemptions are listed in eslint/no-reexport.js).",
      imported:
        "'{{name}}' is imported here and exported again: import it from the module that declares it (one import path per name; the exemptions are listed in eslint/no-reexport.js).",
    },
  },
  create(context) {
    const rel = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    if (Object.hasOwn(EXEMPT, rel)) return {};
    /** @param {any} node */
    const texts = (node) =>
      MESSAGES_MODULE.test(String(node.source.value)) &&
      node.specifiers.length > 0 &&
      node.specifiers.every((/** @type {any} */ s) => s.local.type === 'Identifier' && CATALOGUE.test(s.local.name) && s.exported.name === s.local.name);
    /** @param {any} node */
    const report = (node) => context.report({ node, messageId: 'reexport', data: { source: String(node.source.value) } });
    /** Whether `name` is an import binding of this module. */
    const isImported = (/** @type {any} */ node, /** @type {string} */ name) => {
      for (let scope = context.sourceCode.getScope(node); scope; scope = scope.upper) {
        const variable = scope.set.get(name);
        if (variable) return variable.defs.some((def) => def.type === 'ImportBinding');
      }
      return false;
    };
    return {
      ExportNamedDeclaration: (node) => {
        if (node.source) {
          if (!texts(node)) report(node);
          return;
        }
        for (const specifier of node.specifiers) {
          const name = specifier.local.type === 'Identifier' ? specifier.local.name : String(specifier.local.value);
          if (isImported(node, name)) context.report({ node: specifier, messageId: 'imported', data: { name } });
        }
      },
      ExportAllDeclaration: report,
    };
  },
};

export default { rules: { 'no-reexport': noReexportRule } };
