/**
 * Framework typings and editor data generated from `custom-elements.json` (the manifest decides
 * which tags, attributes, properties and events exist; value types of properties and event
 * details are named from leadkit's own .d.ts — `LeadkitElements`, `LeadkitEventMap` — so they
 * are the very types `addEventListener` and the element interfaces use):
 *   dist/types/react.d.ts    JSX intrinsic elements for React 19 (`declare module 'react'`)
 *   dist/types/preact.d.ts   the same for Preact (`preact`'s JSX namespace)
 *   dist/types/vue.d.ts      Vue `GlobalComponents`
 *   dist/types/svelte.d.ts   Svelte 5 `SvelteHTMLElements`
 *   dist/vscode.html-custom-data.json   VS Code HTML custom data
 * Each .d.ts has an empty .js beside it, so `import 'leadkit/types/react'` also works in a bundle.
 */
import type { Manifest, ManifestElement, ManifestField } from './generate';
import { elementsOf } from './generate';

const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const pascalEvent = (name: string) => camel(name).replace(/^./, (c) => c.toUpperCase());
const doc = (text: string, indent: string) => (text ? `${indent}/** ${text.replace(/\*\//g, '*\\/')} */\n` : '');
const quote = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);

/** An attribute's value type in markup: a number attribute also takes its string form. */
function attributeValue(type: string): string {
  if (type === 'number') return 'number | `${number}`';
  return type;
}

interface Member {
  key: string;
  type: string;
  description: string;
}

/** What a host may write on a tag, for one framework's conventions. */
function membersOf(element: ManifestElement, style: { attributes: 'kebab' | 'camel'; event: (name: string) => string }): Member[] {
  const el = `LeadkitElements['${element.tagName}']`;
  const attributes = element.attributes.map((a) => ({
    key: style.attributes === 'kebab' ? a.name : a.fieldName,
    type: attributeValue(a.type.text),
    description: a.description,
  }));
  const properties = element.members
    .filter((m): m is ManifestField => m.kind === 'field' && !m.attribute)
    .map((m) => ({ key: m.name, type: `${el}['${m.name}']`, description: m.description }));
  const events = element.events.map((e) => ({
    key: style.event(e.name),
    type: `(event: LeadkitEvent<'${e.name}'>) => void`,
    description: `\`${e.name}\`: ${e.description}`,
  }));
  return [...attributes, ...properties, ...events];
}

function membersInterface(name: string, members: Member[]): string {
  const body = members.map((m) => `${doc(m.description, '  ')}  ${quote(m.key)}?: ${m.type};`).join('\n');
  return `export interface ${name} {\n${body}\n}\n`;
}

const HEADER = (what: string) => `// ${what}\n// Generated from custom-elements.json by scripts/manifest (npm run build); do not edit.\n`;
const IMPORTS = `import type { LeadkitElements, LeadkitEvent } from '../index.js';\n`;
const interfaceName = (element: ManifestElement, suffix: string) => `${element.name.replace(/Element$/, '')}${suffix}`;

/** React 19: `<lead-board sp-id={1001} gateway={client} onlk-navigate={…} />` (React 19 adds listeners for `on` + the event's name). */
function react(elements: ManifestElement[]): string {
  const style = { attributes: 'kebab' as const, event: (name: string) => `on${name}` };
  return [
    HEADER('JSX intrinsic elements of leadkit for React 19: `import type {} from \'leadkit/types/react\'` (or list it in tsconfig "types").'),
    `import type { DetailedHTMLProps, HTMLAttributes } from 'react';\n${IMPORTS}`,
    ...elements.map((e) => membersInterface(interfaceName(e, 'ReactProps'), membersOf(e, style))),
    `declare module 'react' {\n  namespace JSX {\n    interface IntrinsicElements {\n${elements
      .map(
        (e) =>
          `${doc(e.description, '      ')}      '${e.tagName}': DetailedHTMLProps<HTMLAttributes<LeadkitElements['${e.tagName}']>, LeadkitElements['${e.tagName}']> & ${interfaceName(e, 'ReactProps')};`,
      )
      .join('\n')}\n    }\n  }\n}\n`,
  ].join('\n');
}

/** Preact: the same markup (Preact adds listeners for `on` + the event's name). */
function preact(elements: ManifestElement[]): string {
  const style = { attributes: 'kebab' as const, event: (name: string) => `on${name}` };
  return [
    HEADER("JSX intrinsic elements of leadkit for Preact: `import type {} from 'leadkit/types/preact'`."),
    `import type { HTMLAttributes } from 'preact';\n${IMPORTS}`,
    ...elements.map((e) => membersInterface(interfaceName(e, 'PreactProps'), membersOf(e, style))),
    `declare module 'preact' {\n  namespace JSX {\n    interface IntrinsicElements {\n${elements
      .map((e) => `${doc(e.description, '      ')}      '${e.tagName}': HTMLAttributes<LeadkitElements['${e.tagName}']> & ${interfaceName(e, 'PreactProps')};`)
      .join('\n')}\n    }\n  }\n}\n`,
  ].join('\n');
}

/** Vue 3: props in camelCase (templates may write `sp-id`), listeners `onLkNavigate` (`@lk-navigate`). */
function vue(elements: ManifestElement[]): string {
  const style = { attributes: 'camel' as const, event: (name: string) => `on${pascalEvent(name)}` };
  return [
    HEADER(
      "Global components of leadkit for Vue 3 templates (Volar): `import type {} from 'leadkit/types/vue'`. Tell Vue they are custom elements: `compilerOptions.isCustomElement`.",
    ),
    `import type { DefineComponent } from 'vue';\n${IMPORTS}`,
    ...elements.map((e) => membersInterface(interfaceName(e, 'VueProps'), membersOf(e, style))),
    `declare module 'vue' {\n  interface GlobalComponents {\n${elements
      .map((e) => `${doc(e.description, '    ')}    '${e.tagName}': DefineComponent<${interfaceName(e, 'VueProps')}>;`)
      .join('\n')}\n  }\n}\n`,
  ].join('\n');
}

/** Svelte 5: attributes as written in markup, listeners `onlk-navigate` (Svelte 5 event attributes). */
function svelte(elements: ManifestElement[]): string {
  const style = { attributes: 'kebab' as const, event: (name: string) => `on${name}` };
  return [
    HEADER("Element types of leadkit for Svelte 5: `import type {} from 'leadkit/types/svelte'`."),
    `import type { HTMLAttributes } from 'svelte/elements';\n${IMPORTS}`,
    ...elements.map((e) => membersInterface(interfaceName(e, 'SvelteProps'), membersOf(e, style))),
    `declare module 'svelte/elements' {\n  interface SvelteHTMLElements {\n${elements
      .map((e) => `${doc(e.description, '    ')}    '${e.tagName}': HTMLAttributes<LeadkitElements['${e.tagName}']> & ${interfaceName(e, 'SvelteProps')};`)
      .join('\n')}\n  }\n}\n`,
  ].join('\n');
}

/** VS Code HTML custom data (html.customData): tags, attributes, enumerated values. */
function vscode(elements: ManifestElement[]): unknown {
  return {
    $schema: 'https://raw.githubusercontent.com/microsoft/vscode-html-languageservice/main/docs/customData.schema.json',
    version: 1.1,
    tags: elements.map((e) => ({
      name: e.tagName,
      description: [
        e.description,
        e.events.length ? `**Events:** ${e.events.map((ev) => `\`${ev.name}\``).join(', ')}` : '',
        e.cssParts.length ? `**Parts:** ${e.cssParts.map((p) => `\`${p.name}\``).join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('\n\n'),
      attributes: e.attributes.map((a) => {
        const values = [...a.type.text.matchAll(/'([^']+)'/g)].map((m) => ({ name: m[1]! }));
        return {
          name: a.name,
          description: a.description,
          ...(values.length ? { values } : {}),
          ...(a.type.text === 'boolean' ? { valueSet: 'v' } : {}),
        };
      }),
    })),
  };
}

/** Every generated file, path (under dist/) → content. */
export function typingsFiles(manifest: Manifest): Record<string, string> {
  const elements = elementsOf(manifest);
  const files: Record<string, string> = {
    'types/react.d.ts': react(elements),
    'types/preact.d.ts': preact(elements),
    'types/vue.d.ts': vue(elements),
    'types/svelte.d.ts': svelte(elements),
    'vscode.html-custom-data.json': `${JSON.stringify(vscode(elements), null, 2)}\n`,
  };
  for (const framework of ['react', 'preact', 'vue', 'svelte']) files[`types/${framework}.js`] = '// Types only: see the .d.ts beside this file.\nexport {};\n';
  return files;
}
