/**
 * Custom Elements Manifest (`dist/custom-elements.json`, `npx cem analyze`).
 *
 * leadkit's elements are not classes the analyzer can read: each tag is a plain definition
 * object (`export const leadPageElement: ElementDefinition<…> = { tag: 'lead-page', … }`) that
 * r2wc turns into a class at run time. Its JSDoc block carries everything (@tag, @attr, @prop,
 * @event, @csspart, @cssproperty), so the plugin below turns that block into a custom-element
 * declaration, replacing the plain variable the analyzer would list.
 */

/** Splits a JSDoc block into its description and `@tag` entries (a tag may span lines). */
function parseJsDoc(text) {
  const lines = text
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''));
  const description = [];
  const tags = [];
  for (const line of lines) {
    const match = /^@(\w+)\s*(.*)$/.exec(line.trim());
    if (match) tags.push({ tag: match[1], text: match[2] });
    else if (tags.length) tags[tags.length - 1].text += `\n${line}`;
    else description.push(line);
  }
  return { description: description.join('\n').trim(), tags };
}

/** `{type} name - description` (the type may hold nested braces: `CustomEvent<{url: string}>`). */
function parseTagText(text) {
  let rest = text.trim();
  let type;
  if (rest.startsWith('{')) {
    let depth = 0;
    let end = 0;
    for (; end < rest.length; end++) {
      if (rest[end] === '{') depth++;
      else if (rest[end] === '}' && --depth === 0) break;
    }
    type = rest.slice(1, end).trim();
    rest = rest.slice(end + 1).trim();
  }
  const match = /^(\S+)(?:\s+-\s+|\s+)?([\s\S]*)$/.exec(rest);
  const name = match?.[1] ?? '';
  const description = (match?.[2] ?? '').replace(/\s*\n\s*/g, ' ').trim();
  return { name, type, description };
}

const camel = (name) => name.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
const withType = (entry, type) => (type ? { ...entry, type: { text: type } } : entry);

/** The custom-element declaration for one JSDoc block with a `@tag`, or null. */
export function elementFromJsDoc(name, jsDocText) {
  const { description, tags } = parseJsDoc(jsDocText);
  const tagName = tags.find((t) => t.tag === 'tag' || t.tag === 'tagname')?.text.trim();
  if (!tagName) return null;
  const of = (...kinds) => tags.filter((t) => kinds.includes(t.tag)).map((t) => parseTagText(t.text));

  const attributes = of('attr', 'attribute').map(({ name: attr, type, description: d }) =>
    withType({ name: attr, description: d, fieldName: camel(attr) }, type),
  );
  // r2wc exposes each attribute as a camelCase property too; @prop adds the object-only ones.
  const members = [
    ...attributes.map((a) => withType({ kind: 'field', name: a.fieldName, description: a.description, attribute: a.name }, a.type?.text)),
    ...of('prop', 'property').map(({ name: prop, type, description: d }) => withType({ kind: 'field', name: prop, description: d }, type)),
  ];
  return {
    kind: 'class',
    name,
    description,
    customElement: true,
    tagName,
    attributes,
    members,
    events: of('event', 'fires').map(({ name: event, type, description: d }) => withType({ name: event, description: d }, type)),
    cssParts: of('csspart', 'part').map(({ name: part, description: d }) => ({ name: part, description: d })),
    cssProperties: of('cssproperty', 'cssprop').map(({ name: prop, type, description: d }) => withType({ name: prop, description: d }, type)),
    slots: of('slot').map(({ name: slot, description: d }) => ({ name: slot === '-' ? '' : slot, description: d })),
  };
}

/** Analyzer plugin: `export const xElement: ElementDefinition = {…}` with a `@tag` JSDoc → custom element. */
export function elementDefinitionsPlugin() {
  const found = new Map(); // module path → declarations
  return {
    name: 'leadkit-element-definitions',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isVariableStatement(node) || !node.jsDoc?.length) return;
      const jsDoc = node.jsDoc[node.jsDoc.length - 1].getText();
      for (const declaration of node.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name)) continue;
        const element = elementFromJsDoc(declaration.name.text, jsDoc);
        if (!element) continue;
        const list = found.get(moduleDoc.path) ?? [];
        list.push(element);
        found.set(moduleDoc.path, list);
      }
    },
    moduleLinkPhase({ moduleDoc }) {
      for (const element of found.get(moduleDoc.path) ?? []) {
        moduleDoc.declarations = moduleDoc.declarations.filter((d) => d.name !== element.name);
        moduleDoc.declarations.push(element);
        moduleDoc.exports = moduleDoc.exports ?? [];
        moduleDoc.exports.push({
          kind: 'custom-element-definition',
          name: element.tagName,
          declaration: { name: element.name, module: moduleDoc.path },
        });
      }
    },
  };
}

export default {
  globs: ['src/elements/*.element.ts'],
  exclude: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  outdir: 'dist',
  litelement: false,
  // package.json's "customElements" is set once by hand; the analyzer must not rewrite the file.
  packagejson: false,
  plugins: [elementDefinitionsPlugin()],
};
