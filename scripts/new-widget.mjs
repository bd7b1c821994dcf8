#!/usr/bin/env node
/**
 * `npm run new:widget <name>`: a widget folder in the shape of docs/widget-shape.md, from the
 * templates in scripts/new-widget/ (like Paste's templates): its top component, its descriptor
 * and the descriptor's server half, its catalogue (an en-US slot and its es-US twin, registered
 * in src/i18n/en-US.ts and es-US.ts), atoms, pure logic, a story, a component test and a smoke
 * test. The result passes lint, typecheck and its own tests (test/new-widget.test.ts runs it into a temp copy).
 *
 * It makes no tag: binding the widget to a custom element (the tag table, src/elements/) and its
 * server half to that tag (src/server/server-widgets.ts) is the next step, described in
 * docs/widget-shape.md.
 *
 *   node scripts/new-widget.mjs <name> [--root <dir>] [--title <text>]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'new-widget');

/** A widget's name: lowercase words joined by hyphens, at least two (it becomes a custom element's tag). */
export const NAME_RE = /^[a-z][a-z0-9]*(-[a-z0-9]+)+$/;

const pascal = (name) => name.replace(/(^|-)([a-z0-9])/g, (_, __, c) => c.toUpperCase());
const camel = (name) => name.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());

/** Template → file (relative to the root), for a widget name. */
function files(name) {
  return {
    'component.tsx.tpl': `src/widgets/${name}/${name}.tsx`,
    'widget.ts.tpl': `src/widgets/${name}/${name}.widget.ts`,
    'server.ts.tpl': `src/widgets/${name}/${name}.server.ts`,
    'messages.ts.tpl': `src/widgets/${name}/${name}-messages.ts`,
    'atoms.ts.tpl': `src/widgets/${name}/${name}-atoms.ts`,
    'logic.ts.tpl': `src/widgets/${name}/${name}.logic.ts`,
    'logic.test.ts.tpl': `src/widgets/${name}/${name}.logic.test.ts`,
    'css.tpl': `src/widgets/${name}/${name}.css`,
    'component.test.tsx.tpl': `src/widgets/${name}/${name}.test.tsx`,
    'smoke.test.tsx.tpl': `src/widgets/${name}/${name}.smoke.test.tsx`,
    'en-US.ts.tpl': `src/i18n/en-US/${name}.ts`,
    'es-US.ts.tpl': `src/i18n/es-US/${name}.ts`,
    'story.tsx.tpl': `stories/${name}.stories.tsx`,
  };
}

/** Adds `line` after the last line matching `after`, once (fails when there is no such line). */
function insertAfterLast(text, after, line, file) {
  const lines = text.split('\n');
  let at = -1;
  lines.forEach((l, i) => {
    if (after.test(l)) at = i;
  });
  if (at < 0) throw new Error(`new:widget: no place for ${JSON.stringify(line.trim())} in ${file}`);
  lines.splice(at + 1, 0, line);
  return lines.join('\n');
}

/** Registers the widget's catalogue slots in src/i18n/en-US.ts and es-US.ts (import, then spread into the catalogue). */
function register(root, name) {
  const c = camel(name);
  const edits = [
    ['src/i18n/en-US.ts', `import { ${c}Messages } from './en-US/${name}';`, /^import .* from '\.\/en-US\//, `  ...${c}Messages,`, /^ {2}\.\.\.\w+Messages,$/],
    [
      'src/i18n/es-US.ts',
      `import { ${c}MessagesEs } from './es-US/${name}';`,
      /^import .* from '\.\/es-US\//,
      `  ...${c}MessagesEs,`,
      /^ {2}\.\.\.\w+MessagesEs,$/,
    ],
  ];
  for (const [file, importLine, afterImport, spreadLine, afterSpread] of edits) {
    const full = path.join(root, file);
    let text = fs.readFileSync(full, 'utf8');
    text = insertAfterLast(text, afterImport, importLine, file);
    text = insertAfterLast(text, afterSpread, spreadLine, file);
    fs.writeFileSync(full, text);
  }
}

/** Writes the widget's files under `root`; returns their paths (relative to root). */
export function newWidget(name, { root = process.cwd(), title } = {}) {
  if (!NAME_RE.test(name)) throw new Error(`new:widget: "${name}" is not a widget name (lowercase words joined by hyphens, e.g. "job-calendar")`);
  const targets = files(name);
  for (const target of Object.values(targets)) {
    if (fs.existsSync(path.join(root, target))) throw new Error(`new:widget: ${target} exists already`);
  }
  const heading = title ?? name.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
  const values = {
    __name__: name,
    __Pascal__: pascal(name),
    __camel__: camel(name),
    __CONST__: name.toUpperCase().replace(/-/g, '_'),
    __TITLE__: heading,
    __BODY__: `What ${heading} shows.`,
    // Placeholders for the translator (the es-US test names keys only, not wording).
    __TITLE_ES__: heading,
    __BODY_ES__: `Lo que muestra ${heading}.`,
  };
  const written = [];
  for (const [template, target] of Object.entries(targets)) {
    let text = fs.readFileSync(path.join(TEMPLATES, template), 'utf8');
    for (const [key, value] of Object.entries(values)) text = text.replaceAll(key, value);
    fs.mkdirSync(path.dirname(path.join(root, target)), { recursive: true });
    fs.writeFileSync(path.join(root, target), text);
    written.push(target);
  }
  register(root, name);
  // In the repository's format (biome.json), as `npm run lint` checks it.
  execFileSync(path.join(root, 'node_modules', '.bin', 'biome'), ['format', '--write', ...written, 'src/i18n/en-US.ts', 'src/i18n/es-US.ts'], {
    cwd: root,
    stdio: 'ignore',
  });
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const option = (flag) => {
    const i = args.indexOf(flag);
    if (i < 0) return undefined;
    const [, value] = args.splice(i, 2);
    return value;
  };
  const root = option('--root');
  const title = option('--title');
  const [name] = args;
  if (!name) {
    console.error('usage: npm run new:widget <name> [-- --root <dir>] [--title <text>]');
    process.exit(1);
  }
  try {
    const written = newWidget(name, { root: root ? path.resolve(root) : process.cwd(), title });
    console.log(
      `new:widget: ${name}\n${written.map((file) => `  ${file}`).join('\n')}\n  src/i18n/en-US.ts, src/i18n/es-US.ts (registered)\nNext: docs/widget-shape.md, "A new widget".`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
