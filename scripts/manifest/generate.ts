/**
 * Builds `custom-elements.json` (schema 2.1.0) from leadkit's tables and the per-tag docs, so
 * every shared fact is written once:
 *   - attributes: the tag table (`TAGS`, `HOST_ATTRIBUTES` in src/contract/tags.ts) — names,
 *     types (`'v2' | 'v1'` unions for enumerated ones); descriptions from the tag's JSDoc
 *     (`@attr`) or, for the shared ones, from HOST_ATTRIBUTES' own JSDoc;
 *   - properties: every attribute as its camelCase property (reflecting), plus the host
 *     properties of `HostProperties` (src/contract/host-properties.ts) with their JSDoc and types;
 *   - events: the ones the tag's JSDoc names (`@event`), each with its detail type from
 *     `LeadkitEventMap` (src/contract/events.ts); `lk-error` for every tag (any tag reports an
 *     invalid attribute: a tag that fires it for more describes it); an event that several
 *     embedded widgets fire for different things is described by the embedding tag itself;
 *   - CSS parts: the tag's JSDoc (`@csspart`), checked against the rendered stories;
 *   - CSS custom properties: every `var(--lk-…, default)` the CSS the tag can load reads (its
 *     import graph, lazy parts included), base.css's shared ones first; descriptions from the
 *     tag's JSDoc (`@cssproperty`) or SHARED_CSS_PROPERTIES below.
 * The declarations are the element classes `leadkit/define` exports (`dist/define.js`).
 * Types are read with the TypeScript compiler API; nothing here runs a widget.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { HOST_ATTRIBUTES, TAGS, kebab, pascal, type AttributeType, type LeadkitTag } from '../../src/contract/tags';
import { CANCELABLE_EVENTS, LEADKIT_EVENTS, type LeadkitEventName } from '../../src/contract/events';
import { HOST_PROPERTIES } from '../../src/contract/host-properties';
import { resolveElementDocs, type DocEntry, type ElementDocs } from './element-docs';

/** The module the element classes and `defineElements` are exported from, in the published package. */
export const DEFINE_MODULE = 'dist/define.js';

/** Descriptions of the custom properties shared through base.css and the ui/ primitives (written once, here). */
const SHARED_CSS_PROPERTIES: Readonly<Record<string, string>> = {
  '--lk-font-family': 'Font of the widget.',
  '--lk-font-size': 'Base font size.',
  '--lk-color-text': 'Text colour.',
  '--lk-color-muted': 'Secondary text (dates, hints).',
  '--lk-color-surface': 'Background of cards, panels and modals.',
  '--lk-color-surface-alt': 'Background of secondary areas (headers, skeletons, hovered rows).',
  '--lk-color-border': 'Borders and dividers.',
  '--lk-color-primary': 'Links, buttons, accents.',
  '--lk-color-primary-text': 'Text on primary buttons.',
  '--lk-color-success': 'Success states.',
  '--lk-color-danger': 'Errors, validation messages, failures.',
  '--lk-color-danger-surface': 'Background of error banners and alerts.',
  '--lk-color-notice-surface': 'Background of notices.',
  '--lk-radius': 'Corner radius of cards, buttons and fields.',
  '--lk-space': 'Base spacing unit.',
  '--lk-shadow': 'Shadow of cards and popovers.',
  '--lk-focus-ring': 'Focus ring (a box-shadow).',
  '--lk-color-scheme': "`color-scheme` of the native controls (checkboxes, radios, scrollbars): `dark` with a dark theme; the page's own when unset.",
  '--lk-control-height': 'Height of selects and text fields.',
  '--lk-z-popover': 'z-index of popovers and listboxes.',
  '--lk-dialog-backdrop': "The modals' backdrop colour.",
  '--lk-star-color': 'Filled stars.',
  '--lk-star-color-empty': 'Empty stars.',
  '--lk-date-range-color': "The date picker's selected range.",
  '--lk-date-range-start-color': "The date picker's range start.",
  '--lk-date-range-end-color': "The date picker's range end.",
  '--lk-date-range-text-color': 'Text inside the selected range.',
  '--lk-date-range-edge-text-color': 'Text on the range start and end.',
  '--lk-date-picker-day-size': 'Size of a day cell in the date picker.',
};

// The manifest's shapes (the parts of schema 2.1.0 written here).
interface TypeText {
  text: string;
}
export interface ManifestAttribute {
  name: string;
  description: string;
  type: TypeText;
  fieldName: string;
}
export interface ManifestField {
  kind: 'field';
  name: string;
  description: string;
  type: TypeText;
  privacy: 'public';
  attribute?: string;
  reflects?: boolean;
}
export interface ManifestEvent {
  name: string;
  description: string;
  type: TypeText;
}
export interface ManifestNamed {
  name: string;
  description: string;
  default?: string;
}
export interface ManifestElement {
  kind: 'class';
  name: string;
  description: string;
  customElement: true;
  tagName: string;
  superclass: { name: string; package: string };
  attributes: ManifestAttribute[];
  members: ManifestField[];
  events: ManifestEvent[];
  cssParts: ManifestNamed[];
  cssProperties: ManifestNamed[];
}
export interface ManifestFunction {
  kind: 'function';
  name: string;
  description: string;
  parameters: { name: string; optional: boolean; type: TypeText; description: string }[];
  return: { type: TypeText };
}
export interface ManifestExport {
  kind: 'js' | 'custom-element-definition';
  name: string;
  declaration: { name: string; module: string };
}
export interface Manifest {
  schemaVersion: '2.1.0';
  readme: string;
  modules: { kind: 'javascript-module'; path: string; description: string; declarations: (ManifestElement | ManifestFunction)[]; exports: ManifestExport[] }[];
}

export const attributeTypeText = (type: AttributeType): string => (typeof type === 'string' ? type : type.map((value) => `'${value}'`).join(' | '));

/** The element class exported for a tag (`lead-board` → `LeadBoardElement`). */
export const elementClassName = (tag: string): string => `${pascal(tag)}Element`;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The JSDoc text (no tags) of a node. */
function jsDocText(node: ts.Node): string {
  const docs = (node as { jsDoc?: ts.JSDoc[] }).jsDoc;
  const comment = docs?.at(-1)?.comment;
  return collapse(typeof comment === 'string' ? comment : (ts.getTextOfJSDocComment(comment) ?? ''));
}

/** Reads types and JSDoc from the TypeScript sources. */
class SourceTypes {
  private readonly program: ts.Program;
  private readonly checker: ts.TypeChecker;

  constructor(private readonly root: string) {
    const files = ['src/contract/host-properties.ts', 'src/contract/events.ts', 'src/contract/tags.ts'].map((file) => path.join(root, file));
    this.program = ts.createProgram(files, {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      jsx: ts.JsxEmit.ReactJSX,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    });
    this.checker = this.program.getTypeChecker();
  }

  private source(file: string): ts.SourceFile {
    const found = this.program.getSourceFile(path.join(this.root, file));
    if (!found) throw new Error(`manifest: cannot read ${file}`);
    return found;
  }

  private interfaceMembers(file: string, name: string): ts.PropertySignature[] {
    const declaration = this.source(file).statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name);
    if (!declaration) throw new Error(`manifest: no interface ${name} in ${file}`);
    return declaration.members.filter(ts.isPropertySignature);
  }

  /** The type alias a reference names (through imports), or null. */
  private aliasOf(reference: ts.TypeReferenceNode): ts.TypeAliasDeclaration | null {
    let symbol = this.checker.getSymbolAtLocation(reference.typeName);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    const declaration = symbol?.declarations?.[0];
    return declaration && ts.isTypeAliasDeclaration(declaration) ? declaration : null;
  }

  /**
   * A type node as text for tools: a top-level alias is spelled out once (`Clock` → `() => Date`),
   * and aliases of literal unions anywhere inside (`NavigationKind`) are spelled out, so the
   * text says what values are allowed without the sources.
   */
  typeText(node: ts.TypeNode, expandTop: boolean): string {
    if (expandTop && ts.isTypeReferenceNode(node) && !node.typeArguments) {
      const alias = this.aliasOf(node);
      if (alias) return this.typeText(alias.type, false);
    }
    const source = node.getSourceFile();
    const replacements: { start: number; end: number; text: string }[] = [];
    const visit = (child: ts.Node) => {
      if (ts.isTypeReferenceNode(child) && !child.typeArguments) {
        const alias = this.aliasOf(child);
        if (alias && ts.isUnionTypeNode(alias.type) && alias.type.types.every(ts.isLiteralTypeNode)) {
          replacements.push({ start: child.getStart(source), end: child.getEnd(), text: alias.type.types.map((t) => t.getText()).join(' | ') });
          return;
        }
      }
      ts.forEachChild(child, visit);
    };
    visit(node);
    let text = source.text.slice(node.getStart(source), node.getEnd());
    const offset = node.getStart(source);
    for (const r of replacements.sort((a, b) => b.start - a.start)) text = text.slice(0, r.start - offset) + r.text + text.slice(r.end - offset);
    return collapse(text)
      .replace(/^\|\s*/, '')
      .replace(/;\s*}/g, ' }');
  }

  /** `HostProperties`: name → { type, description }. */
  hostProperties(): Map<string, { type: string; description: string }> {
    return new Map(
      this.interfaceMembers('src/contract/host-properties.ts', 'HostProperties').map((member) => [
        member.name.getText(),
        { type: this.typeText(member.type!, true), description: jsDocText(member) },
      ]),
    );
  }

  /** `LeadkitEventMap`: name → { detail type, description }. */
  events(): Map<string, { detail: string; description: string }> {
    return new Map(
      this.interfaceMembers('src/contract/events.ts', 'LeadkitEventMap').map((member) => [
        (member.name as ts.StringLiteral).text,
        { detail: this.typeText(member.type!, false), description: jsDocText(member) },
      ]),
    );
  }

  /** The JSDoc of each entry of `HOST_ATTRIBUTES` (camelCase name → description). */
  hostAttributeDescriptions(): Map<string, string> {
    const found = new Map<string, string>();
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && node.name.getText() === 'HOST_ATTRIBUTES' && node.initializer) {
        let init: ts.Node = node.initializer;
        while (ts.isSatisfiesExpression(init) || ts.isAsExpression(init)) init = init.expression;
        if (ts.isObjectLiteralExpression(init)) for (const p of init.properties) if (ts.isPropertyAssignment(p)) found.set(p.name.getText(), jsDocText(p));
      }
      ts.forEachChild(node, visit);
    };
    visit(this.source('src/contract/tags.ts'));
    return found;
  }
}

// ─── CSS custom properties: what each tag's CSS reads ────────────────────────────────────────

// Type-only imports load nothing; `?inline` CSS is what a widget adopts.
const IMPORT_RE = /(?:import|export)\s(?!type\s)[^'"]*?from\s*['"](\.[^'"]+)['"]/g;
// `import(/* a comment */ './part')` too.
const DYNAMIC_IMPORT_RE = /import\(\s*(?:\/\*[\s\S]*?\*\/\s*)*['"](\.[^'"]+)['"]\s*\)/g;

function resolveImport(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec.replace(/\?.*$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every file `entry` can load: static and lazy relative imports, CSS included, tests excluded. */
export function reachableFiles(entry: string): string[] {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.endsWith('.css')) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of [...text.matchAll(IMPORT_RE), ...text.matchAll(DYNAMIC_IMPORT_RE)]) {
      const target = resolveImport(file, match[1]!);
      if (target && !/\.test\.tsx?$/.test(target)) stack.push(target);
    }
  }
  return [...seen];
}

/**
 * The files a tag's code can run: its element file's imports and those of `defineElement`,
 * which registers it with leadkit's element class (its base styles, its `lk-error`), reached
 * by every entry that defines a tag rather than by the element file itself.
 */
export function tagFiles(root: string, elementFile: string): string[] {
  return [...new Set([...reachableFiles(path.join(root, elementFile)), ...reachableFiles(path.join(root, 'src', 'elements', 'define-element.ts'))])];
}

/** The text after `var(--lk-x,` up to its closing parenthesis (defaults may nest: `var(--_lk-y)`). */
function fallbackAt(css: string, from: number): string {
  let depth = 1;
  let i = from;
  for (; i < css.length && depth > 0; i++) {
    if (css[i] === '(') depth++;
    else if (css[i] === ')') depth--;
  }
  return css.slice(from, i - 1).trim();
}

/** `--lk-*` custom properties a set of CSS files reads but does not set itself (set ones are internal). */
export function cssCustomProperties(cssFiles: readonly string[]): Map<string, string | undefined> {
  const read = new Map<string, string | undefined>();
  const declared = new Set<string>();
  for (const file of cssFiles) {
    const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const m of css.matchAll(/(--lk-[\w-]+)\s*:/g)) declared.add(m[1]!);
    for (const m of css.matchAll(/var\(\s*(--lk-[\w-]+)\s*(,)?/g)) {
      const fallback = m[2] ? fallbackAt(css, m.index + m[0].length) : undefined;
      if (!read.has(m[1]!) || (read.get(m[1]!) === undefined && fallback !== undefined)) read.set(m[1]!, fallback);
    }
  }
  for (const name of declared) read.delete(name);
  return read;
}

// ─── The manifest ───────────────────────────────────────────────────────────────────────────

/** `lk-error` of a tag whose JSDoc does not describe it: what its element base fires for every tag. */
export const INVALID_ATTRIBUTE_ERROR =
  "An attribute had a value it cannot take (`kind: 'invalid-attribute'`, `attribute` names it; the attribute is treated as absent), or a host setting is wrong (`kind: 'setup'`, `cause` its code, once per cause: docs/troubleshooting.md).";

function fail(message: string): never {
  throw new Error(`manifest: ${message}`);
}

/** Every `<tag>.element.ts` source under src/elements. */
export function elementSources(root: string): string[] {
  const dir = path.join(root, 'src', 'elements');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.element.ts'))
    .map((file) => readFileSync(path.join(dir, file), 'utf8'));
}

function element(tag: LeadkitTag, docs: ElementDocs, types: SourceTypes, shared: SharedFacts, root: string): ManifestElement {
  const where = `src/elements/${tag}.element.ts`;
  const own = TAGS[tag].attributes as Readonly<Record<string, AttributeType>>;
  const hostAttributes = HOST_ATTRIBUTES as Readonly<Record<string, AttributeType>>;
  const tagSays = (list: DocEntry[], kind: string) => {
    const map = new Map<string, string>();
    for (const entry of list) {
      if (entry.type) fail(`${where}: @${kind} ${entry.name} has a {type}; types come from the tables (src/contract/: tags.ts, host-properties.ts, events.ts)`);
      map.set(entry.name, entry.description);
    }
    return map;
  };

  // Attributes: the tag's own (each described by the tag), then the shared ones.
  const attrDocs = tagSays(docs.attributes, 'attr');
  const attributes: ManifestAttribute[] = [];
  for (const [field, type] of [...Object.entries(own), ...Object.entries(hostAttributes)]) {
    const name = kebab(field);
    const description = attrDocs.get(name) ?? shared.hostAttributeDescriptions.get(field);
    if (!description) fail(`${where}: describe the attribute ${name} (@attr ${name} - …)`);
    attributes.push({ name, description, type: { text: attributeTypeText(type) }, fieldName: field });
  }
  for (const name of attrDocs.keys())
    if (!attributes.some((a) => a.name === name)) fail(`${where}: @attr ${name} is not in the tag table (src/contract/tags.ts)`);

  // Properties: each attribute's (reflecting), then the host properties.
  const propDocs = tagSays(docs.properties, 'prop');
  for (const name of propDocs.keys())
    if (!shared.hostProperties.has(name)) fail(`${where}: @prop ${name} is not a host property (src/contract/host-properties.ts)`);
  const members: ManifestField[] = [
    ...attributes.map(
      (a): ManifestField => ({
        kind: 'field',
        name: a.fieldName,
        description: a.description,
        type: a.type,
        privacy: 'public',
        attribute: a.name,
        reflects: true,
      }),
    ),
    ...[...shared.hostProperties].map(
      ([name, p]): ManifestField => ({ kind: 'field', name, description: propDocs.get(name) ?? p.description, type: { text: p.type }, privacy: 'public' }),
    ),
  ];

  // Events: the tag's (+ embedded), and lk-error for every tag. A tag that does not describe its
  // lk-error fires it for an invalid attribute only (its element base does), and says no more:
  // the event map's text is for every tag and names kinds this one never fires.
  const eventDocs = tagSays(docs.events, 'event');
  if (!eventDocs.has('lk-error')) eventDocs.set('lk-error', INVALID_ATTRIBUTE_ERROR);
  const events: ManifestEvent[] = [];
  for (const name of LEADKIT_EVENTS) {
    const description = eventDocs.get(name);
    if (description === undefined) continue;
    const { detail } = shared.events.get(name)!;
    events.push({
      name,
      description: CANCELABLE_EVENTS.has(name as LeadkitEventName) && !/cancelable/i.test(description) ? `${description} Cancelable.` : description,
      type: { text: `CustomEvent<${detail}>` },
    });
  }
  for (const name of eventDocs.keys()) if (!shared.events.has(name)) fail(`${where}: @event ${name} is not in LeadkitEventMap (src/contract/events.ts)`);

  const cssParts = docs.cssParts.map(({ name, description }) => ({ name, description }));
  const seen = new Set<string>();
  for (const { name } of cssParts) {
    if (seen.has(name)) fail(`${where}: @csspart ${name} twice`);
    seen.add(name);
  }

  // Custom properties: what its CSS reads — base.css's shared ones first, then the rest by name.
  const cssFiles = tagFiles(root, where).filter((file) => file.endsWith('.css'));
  const read = cssCustomProperties(cssFiles);
  const cssDocs = new Map(docs.cssProperties.map((p) => [p.name, p.description]));
  for (const name of cssDocs.keys()) if (!read.has(name)) fail(`${where}: @cssproperty ${name} is read by none of its CSS`);
  const order = [...shared.baseCssProperties, ...[...read.keys()].filter((n) => !shared.baseCssProperties.includes(n)).sort()];
  const cssProperties = order
    .filter((name) => read.has(name))
    .map((name): ManifestNamed => {
      const description = cssDocs.get(name) ?? SHARED_CSS_PROPERTIES[name];
      if (!description)
        fail(`${where}: its CSS reads ${name}: describe it (@cssproperty ${name} - …, or SHARED_CSS_PROPERTIES in scripts/manifest/generate.ts when shared)`);
      const fallback = read.get(name);
      return fallback === undefined ? { name, description } : { name, description, default: fallback };
    });

  return {
    kind: 'class',
    name: elementClassName(tag),
    description: docs.description,
    customElement: true,
    tagName: tag,
    superclass: { name: 'HTMLElement', package: 'global:' },
    attributes,
    members,
    events,
    cssParts,
    cssProperties,
  };
}

export interface SharedFacts {
  hostProperties: Map<string, { type: string; description: string }>;
  hostAttributeDescriptions: Map<string, string>;
  events: Map<string, { detail: string; description: string }>;
  baseCssProperties: string[];
}

/** The manifest of the sources under `root`. */
export function createManifest(root: string): Manifest {
  return readContract(root).manifest;
}

/** The manifest, and the shared facts it was made from (docs/contract.md's host-property table: scripts/contract-docs.ts). */
export function readContract(root: string): { manifest: Manifest; shared: SharedFacts } {
  const types = new SourceTypes(root);
  const shared: SharedFacts = {
    hostProperties: types.hostProperties(),
    hostAttributeDescriptions: types.hostAttributeDescriptions(),
    events: types.events(),
    baseCssProperties: [...cssCustomProperties([path.join(root, 'src/ui/core/base.css')]).keys()],
  };
  // The tables and the sources must agree (the compiler checks the tables; this checks the reading).
  if ([...shared.hostProperties.keys()].join() !== [...HOST_PROPERTIES].join()) fail('HostProperties and HOST_PROPERTIES differ');
  if ([...shared.events.keys()].sort().join() !== [...LEADKIT_EVENTS].sort().join()) fail('LeadkitEventMap and LEADKIT_EVENTS differ');

  const docs = resolveElementDocs(elementSources(root));
  const tags = Object.keys(TAGS) as LeadkitTag[];
  const elements = tags.map((tag) =>
    element(tag, docs.get(tag) ?? fail(`no documented element for <${tag}> (src/elements/${tag}.element.ts)`), types, shared, root),
  );
  for (const tag of docs.keys()) if (!(tag in TAGS)) fail(`<${tag}> is documented but not in the tag table`);

  const defineElements: ManifestFunction = {
    kind: 'function',
    name: 'defineElements',
    description:
      "Registers every leadkit element, optionally under a prefix (`acme` → `<acme-lead-page>`); a tag already defined keeps its first definition. Returns each tag's class. `leadkit/define` calls it for the default names when loaded.",
    parameters: [{ name: 'options', optional: true, type: { text: '{ prefix?: string }' }, description: 'Tag prefix, e.g. `acme`.' }],
    return: { type: { text: `{ ${tags.map((tag) => `'${tag}': typeof ${elementClassName(tag)}`).join('; ')} }` } },
  };
  const declaration = (name: string) => ({ name, module: DEFINE_MODULE });
  const manifest: Manifest = {
    schemaVersion: '2.1.0',
    readme: 'README.md',
    modules: [
      {
        kind: 'javascript-module',
        path: DEFINE_MODULE,
        description: '`leadkit/define`: registers every leadkit element under its default name when loaded, and exports each element class.',
        declarations: [...elements, defineElements],
        exports: [
          ...elements.map((e): ManifestExport => ({ kind: 'js', name: e.name, declaration: declaration(e.name) })),
          { kind: 'js', name: 'defineElements', declaration: declaration('defineElements') },
          ...elements.map((e): ManifestExport => ({ kind: 'custom-element-definition', name: e.tagName, declaration: declaration(e.name) })),
        ],
      },
    ],
  };
  return { manifest, shared };
}

/** The custom-element declarations of a manifest, by tag. */
export function elementsOf(manifest: Manifest): ManifestElement[] {
  return manifest.modules.flatMap((module) => module.declarations.filter((d): d is ManifestElement => d.kind === 'class' && d.customElement));
}
