// @ts-check
/**
 * leadkit's layer rule (docs/architecture.md#layers: imports flow one way only):
 *
 *   gateway/ domain/ i18n/   no React
 *   chat/                    over gateway/domain/i18n
 *   contract/                what a host sees: the tag table, host attributes and properties,
 *                            the event map, the attribute parsers; no React (the loader, the build
 *                            scripts and a server import it), over chat/gateway/domain/i18n types
 *   runtime/                 what every widget shares at run time: gateway client, strings,
 *                            flags, analytics, routes, events (React context); no UI
 *   ui/                      presentational: no gateway, no chat, no widgets
 *   widgets/<name>/          may embed another widget only through its descriptor
 *                            widgets/<other>/<other>.widget.ts or its top component file
 *                            widgets/<other>/<other>.tsx, and never in a cycle
 *   elements/                thin wrappers over widgets
 *   server/                  server rendering (load → render → serialize), over elements and
 *                            below only the entries: never in code a browser runs
 *
 * A widget's server half (widgets/<name>/<name>.server.ts: its first calls, what its server
 * render may carry) and the server layer are imported only by the server layer, the entries
 * src/server.ts and src/index.ts (`loadFirstScreen`), the CDN build's first-call recipes
 * (src/cdn/first-call-recipes.ts, run at build time) and tests; a type-only import is fine.
 *
 * and beside src/, the sandbox gateway (packages/sandbox/src, the `@leadkit/sandbox` package):
 * it may import leadkit's gateway schemas and domain rules (../../src/gateway, domain, i18n —
 * bundled into its build), never React, the widgets or a leadkit entry; nothing shipped in src/
 * may import it (tests, stories, examples, scripts and benchmarks may).
 *
 * Entry files at the top of src/ (index.ts, define.ts, loader.ts, react.ts…) may import any layer;
 * only they, the CDN build's glue (src/cdn/) and tests import an entry.
 *
 * The optional peers (@twilio/conversations, heic-to) are imported only by the entries a host
 * imports on purpose (src/twilio.ts, src/heic.ts) and the CDN build's defaults
 * (src/cdn/peer-defaults.ts): a bare import anywhere else would make every host's bundler resolve
 * a package it may not have. Type-only imports (erased) are fine in src/chat/.
 */
import fs from 'node:fs';
import path from 'node:path';

const REACT_PACKAGES = /^(react|react-dom|@testing-library\/react|jotai\/react|@tanstack\/react-)/;

/** layer → layers it may import (itself included). */
const ALLOWED = {
  i18n: ['i18n'],
  domain: ['domain', 'i18n'],
  gateway: ['gateway', 'domain', 'i18n'],
  chat: ['chat', 'gateway', 'domain', 'i18n'],
  contract: ['contract', 'chat', 'gateway', 'domain', 'i18n'],
  runtime: ['runtime', 'contract', 'chat', 'gateway', 'domain', 'i18n'],
  ui: ['ui', 'domain', 'i18n'],
  widgets: ['widgets', 'ui', 'runtime', 'contract', 'chat', 'gateway', 'domain', 'i18n'],
  elements: ['elements', 'widgets', 'ui', 'runtime', 'contract', 'chat', 'gateway', 'domain', 'i18n'],
  server: ['server', 'elements', 'widgets', 'ui', 'runtime', 'contract', 'chat', 'gateway', 'domain', 'i18n'],
  sandbox: ['sandbox', 'gateway', 'domain', 'i18n'],
};
const REACT_FREE = new Set(['i18n', 'domain', 'gateway', 'chat', 'contract', 'sandbox']);
/** The sandbox package's name, and leadkit's own (the sandbox uses leadkit's sources, never its entries). */
const SANDBOX_PACKAGE = /^@leadkit\/sandbox($|\/)/;
const LEADKIT_PACKAGE = /^leadkit($|\/)/;
/** The optional peer dependencies, and the files that may import them (relative to src/). */
const OPTIONAL_PEERS = /^(@twilio\/conversations|heic-to)($|\/)/;
const PEER_IMPORTERS = new Set(['twilio.ts', 'heic.ts', path.join('cdn', 'peer-defaults.ts')]);

/** Who may import server code besides the server layer (relative to src/): see the comment above. */
const SERVER_IMPORTERS = new Set(['server.ts', 'index.ts', path.join('cdn', 'first-call-recipes.ts')]);

const isTestFile = (file) => /\.(test|spec|stories)\.[cm]?[jt]sx?$/.test(file);
const stripExt = (file) => file.replace(/\.[cm]?[jt]sx?$/, '');

/** Where a file sits: { layer, widget } relative to src/, the sandbox package, or null elsewhere. */
function locate(srcRoot, file, sandboxRoot) {
  if (sandboxRoot) {
    const inSandbox = path.relative(sandboxRoot, file);
    if (!inSandbox.startsWith('..') && !path.isAbsolute(inSandbox)) return { layer: 'sandbox', widget: null, parts: inSandbox.split(path.sep) };
  }
  const rel = path.relative(srcRoot, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  if (parts.length === 1) return { layer: 'entry', widget: null, parts };
  return { layer: parts[0], widget: parts[0] === 'widgets' ? (parts[1] ?? null) : null, parts };
}

/** The server layer, or a widget's server half (`widgets/<name>/<name>.server.ts`). */
const isServerCode = (where) => where.layer === 'server' || (where.layer === 'widgets' && /\.server$/.test(stripExt(where.parts.at(-1) ?? '')));

const IMPORT_RE = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Widgets whose top component files are imported from inside widget `name` (read from disk). */
function widgetEmbeds(srcRoot, name) {
  const dir = path.join(srcRoot, 'widgets', name);
  const found = new Set();
  const walk = (d) => {
    let entries;
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.[cm]?[jt]sx?$/.test(entry.name) && !isTestFile(entry.name)) {
        const text = fs.readFileSync(full, 'utf8');
        for (const match of text.matchAll(IMPORT_RE)) {
          const spec = match[1] ?? match[2];
          if (!spec || !spec.startsWith('.')) continue;
          const target = locate(srcRoot, path.resolve(path.dirname(full), spec));
          if (target?.layer === 'widgets' && target.widget && target.widget !== name) found.add(target.widget);
        }
      }
    }
  };
  walk(dir);
  return found;
}

/** True when widget `to` (transitively) embeds widget `from`, i.e. from → to closes a cycle. */
function closesCycle(srcRoot, from, to) {
  const seen = new Set();
  const stack = [to];
  while (stack.length) {
    const current = stack.pop();
    if (current === from) return true;
    if (seen.has(current)) continue;
    seen.add(current);
    for (const next of widgetEmbeds(srcRoot, current)) stack.push(next);
  }
  return false;
}

/** @type {import('eslint').Rule.RuleModule} */
export const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep leadkit imports flowing one way through its layers' },
    schema: [{ type: 'object', properties: { srcRoot: { type: 'string' }, sandboxRoot: { type: 'string' } }, additionalProperties: false }],
    messages: {
      layer: "'{{from}}' may not import from '{{to}}' (allowed: {{allowed}}). See docs/architecture.md#layers.",
      react: "'{{from}}' is React-free: it may not import '{{source}}'.",
      optionalPeer:
        "Only src/twilio.ts, src/heic.ts and src/cdn/peer-defaults.ts may import the optional peer '{{source}}' (lazily); src/chat/ may import its types.",
      sandboxImport: 'Only tests, stories, examples, scripts and benchmarks may import the sandbox gateway (@leadkit/sandbox, packages/sandbox).',
      sandboxLeadkit:
        "The sandbox may not import '{{source}}': it uses leadkit's gateway schemas and domain rules from ../../src (gateway, domain, i18n), bundled into its build.",
      widgetInternals:
        "Widget '{{from}}' may embed widget '{{to}}' only through its top component file widgets/{{to}}/{{to}}.tsx or its descriptor widgets/{{to}}/{{to}}.widget.ts.",
      widgetCycle: "Widget '{{from}}' embedding '{{to}}' would close a cycle ('{{to}}' already embeds '{{from}}').",
      serverOnly:
        "'{{source}}' is server code (src/server/, a widget's <name>.server.ts): only the server layer, src/server.ts, src/index.ts and src/cdn/first-call-recipes.ts import it, never code a browser runs.",
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const srcRoot = path.resolve(context.cwd, options.srcRoot ?? 'src');
    const sandboxRoot = path.resolve(context.cwd, options.sandboxRoot ?? 'packages/sandbox/src');
    const file = context.filename;
    const here = locate(srcRoot, file, sandboxRoot);
    const test = isTestFile(file);

    /** A file outside the sandbox importing it: only tests and the folders that are not shipped. */
    function checkSandboxImport(node) {
      if (here?.layer === 'sandbox') return;
      if (!test && (here || !/[/\\](test|stories|examples|bench|scripts)[/\\]/.test(file))) context.report({ node, messageId: 'sandboxImport' });
    }

    function check(node, source) {
      if (typeof source !== 'string') return;
      if (!source.startsWith('.')) {
        if (here && REACT_FREE.has(here.layer) && REACT_PACKAGES.test(source)) {
          context.report({ node, messageId: 'react', data: { from: here.layer, source } });
        }
        if (OPTIONAL_PEERS.test(source) && !test) {
          const typeOnly = node.importKind === 'type' && here?.layer === 'chat';
          const importer = here ? here.parts.join(path.sep) : '';
          if (!typeOnly && !PEER_IMPORTERS.has(importer)) context.report({ node, messageId: 'optionalPeer', data: { source } });
        }
        if (SANDBOX_PACKAGE.test(source)) checkSandboxImport(node);
        if (here?.layer === 'sandbox' && LEADKIT_PACKAGE.test(source)) context.report({ node, messageId: 'sandboxLeadkit', data: { source } });
        return;
      }
      const target = locate(srcRoot, path.resolve(path.dirname(file), source), sandboxRoot);
      if (!target) return;
      if (target.layer === 'sandbox') {
        checkSandboxImport(node);
        return;
      }
      if (here && isServerCode(target) && !isServerCode(here) && !test && node.importKind !== 'type' && !SERVER_IMPORTERS.has(here.parts.join(path.sep))) {
        context.report({ node, messageId: 'serverOnly', data: { source } });
        return;
      }
      if (!here || here.layer === 'entry') return;
      const allowed = ALLOWED[here.layer];
      if (allowed && target.layer !== 'entry' && !allowed.includes(target.layer)) {
        context.report({ node, messageId: 'layer', data: { from: here.layer, to: target.layer, allowed: allowed.join(', ') } });
        return;
      }
      if (target.layer === 'entry' && here.layer !== 'entry' && here.layer !== 'cdn' && !test) {
        context.report({ node, messageId: 'layer', data: { from: here.layer, to: 'src entry files', allowed: (allowed ?? []).join(', ') } });
        return;
      }
      if (here.layer === 'widgets' && target.layer === 'widgets' && target.widget && here.widget && target.widget !== here.widget) {
        const topFile = target.parts.length === 3 && [target.widget, `${target.widget}.widget`].includes(stripExt(target.parts[2] ?? ''));
        if (!topFile) {
          context.report({ node, messageId: 'widgetInternals', data: { from: here.widget, to: target.widget } });
        } else if (closesCycle(srcRoot, here.widget, target.widget)) {
          context.report({ node, messageId: 'widgetCycle', data: { from: here.widget, to: target.widget } });
        }
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { layers: layersRule } };
