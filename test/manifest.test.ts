/**
 * custom-elements.json (scripts/manifest/generate.ts, built from the sources here) against the
 * facts it describes: attributes = the tag table's + HOST_ATTRIBUTES, properties include every
 * host property, events = what the code a tag can run emits, with their LeadkitEventMap detail
 * types. Its parts are checked against the rendered stories (.storybook/parts-check.ts), its
 * custom properties are read from the tags' CSS by the generator itself.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createManifest, elementClassName, elementsOf, tagFiles, type ManifestElement } from '../scripts/manifest/generate';
import { HOST_ATTRIBUTES, TAGS, TAG_NAMES, kebab } from '../src/contract/tags';
import { LEADKIT_EVENTS } from '../src/contract/events';
import { HOST_PROPERTIES } from '../src/contract/host-properties';

const ROOT = path.resolve(__dirname, '..');
const manifest = createManifest(ROOT);
const byTag = new Map(elementsOf(manifest).map((element) => [element.tagName, element]));
const elementOf = (tag: string): ManifestElement => byTag.get(tag)!;

/**
 * The events the code a tag can load emits: `emit('lk-…')`, `emitRef.current('lk-…')`, `emitLeadkitEvent(…, 'lk-…')`
 * literals, a lead change kind's `event: (…) => ['lk-…', …]`, and `lk-navigate` where a widget routes a link through the runtime's `onLinkClick`
 * (the runtime itself emits it for any widget that does).
 */
function emittedEvents(tag: string): string[] {
  const files = tagFiles(ROOT, path.join('src', 'elements', `${tag}.element.ts`)).filter((file) => /\.tsx?$/.test(file));
  const found = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const isRuntime = file.endsWith(path.join('runtime', 'runtime.tsx'));
    if (!isRuntime) for (const match of text.matchAll(/\bemit\w*(?:\.current)?(?:\?\.)?\s*\((?:[^'"()]*,\s*)?['"](lk-[a-z-]+)['"]/g)) found.add(match[1]!);
    for (const match of text.matchAll(/\.emit\(\s*['"](lk-[a-z-]+)['"]/g)) found.add(match[1]!);
    // A lead change kind's event (widgets/lead-board/changes/change-kinds.ts), emitted by the changes' engine.
    for (const match of text.matchAll(/\bevent:\s*\([^)]*\)\s*=>\s*\[\s*['"](lk-[a-z-]+)['"]/g)) found.add(match[1]!);
    if (!isRuntime && /\bonLinkClick\(/.test(text)) found.add('lk-navigate');
  }
  return [...found].filter((name) => (LEADKIT_EVENTS as readonly string[]).includes(name)).sort();
}

describe('custom-elements.json', () => {
  it('declares every tag once, as the class leadkit/define exports (dist/define.js)', () => {
    expect([...byTag.keys()].sort()).toEqual([...TAG_NAMES].sort());
    const [module] = manifest.modules;
    expect(module?.path).toBe('dist/define.js');
    for (const tag of TAG_NAMES) {
      expect(elementOf(tag).name).toBe(elementClassName(tag));
      expect(module?.exports).toContainEqual({
        kind: 'custom-element-definition',
        name: tag,
        declaration: { name: elementClassName(tag), module: 'dist/define.js' },
      });
      expect(module?.exports).toContainEqual({
        kind: 'js',
        name: elementClassName(tag),
        declaration: { name: elementClassName(tag), module: 'dist/define.js' },
      });
    }
  });

  it.each(TAG_NAMES)('<%s>: its attributes are the tag table’s and HOST_ATTRIBUTES, typed (enumerations as unions), each a reflecting property', (tag) => {
    const element = elementOf(tag);
    const table = { ...TAGS[tag].attributes, ...HOST_ATTRIBUTES } as Record<string, string | readonly string[]>;
    expect(element.attributes.map((a) => a.name)).toEqual(Object.keys(table).map(kebab));
    for (const attribute of element.attributes) {
      const type = table[attribute.fieldName]!;
      expect(attribute.type.text).toBe(typeof type === 'string' ? type : type.map((v) => `'${v}'`).join(' | '));
      expect(attribute.description).not.toBe('');
      expect(element.members).toContainEqual(expect.objectContaining({ name: attribute.fieldName, attribute: attribute.name, reflects: true }));
    }
    expect(element.attributes.find((a) => a.name === 'auth-mode')?.type.text).toBe("'provider' | 'one-time' | 'provider-token'");
    expect(element.attributes.find((a) => a.name === 'gateway-credentials')?.type.text).toBe("'same-origin' | 'include' | 'omit'");
  });

  it.each(TAG_NAMES)('<%s>: every host property is a typed, described property', (tag) => {
    const properties = elementOf(tag).members.filter((m) => !m.attribute);
    expect(properties.map((p) => p.name)).toEqual([...HOST_PROPERTIES]);
    for (const property of properties) {
      expect(property.type.text).not.toBe('');
      expect(property.description).not.toBe('');
    }
  });

  it.each(TAG_NAMES)('<%s>: its events are the ones its code emits, each with its detail type', (tag) => {
    const element = elementOf(tag);
    expect(element.events.map((e) => e.name).sort()).toEqual(emittedEvents(tag));
    for (const event of element.events) expect(event.type.text).toMatch(/^CustomEvent<\{ .+ \}>$/);
  });

  it('spells out lk-navigate with its kinds and the replace flag, and the enumerated attributes as unions', () => {
    const navigate = elementOf('raq-funnel').events.find((e) => e.name === 'lk-navigate');
    expect(navigate?.type.text).toContain("kind: 'lead-board' | 'lead-page'");
    expect(navigate?.type.text).toContain('replace?: boolean');
    expect(navigate?.description).toMatch(/Cancelable/);
    expect(elementOf('lead-page').attributes.find((a) => a.name === 'api-version')?.type.text).toBe("'v2' | 'v1'");
    expect(elementOf('message-thread').attributes.find((a) => a.name === 'chat-service')?.type.text).toBe("'twilio' | 'sandbox'");
  });

  it.each(TAG_NAMES)('<%s>: has every shared --lk-* custom property of base.css, with its default', (tag) => {
    const base = [...readFileSync(path.join(ROOT, 'src/ui/core/base.css'), 'utf8').matchAll(/var\((--lk-[\w-]+)[,)]/g)].map((m) => m[1]);
    expect(base.length).toBeGreaterThanOrEqual(13);
    const properties = elementOf(tag).cssProperties;
    expect(properties.slice(0, base.length).map((p) => p.name)).toEqual(base);
    expect(properties.find((p) => p.name === '--lk-color-primary')?.default).toBe('#0b6bcb');
  });

  it('lists widget-specific parts and custom properties where they are (embedded widgets included)', () => {
    expect(elementOf('message-thread').cssParts.map((p) => p.name)).toEqual(
      expect.arrayContaining(['message-list', 'contact-dialog-body', 'message-own', 'send']),
    );
    expect(elementOf('review-request').cssParts.map((p) => p.name)).toEqual(
      expect.arrayContaining(['trigger', 'review-request-close', 'review-categories-panel']),
    );
    expect(elementOf('lead-board').cssParts.map((p) => p.name)).toEqual(expect.arrayContaining(['lead-card', 'review-request', 'trigger']));
    expect(elementOf('message-thread').cssProperties.map((p) => p.name)).toEqual(expect.arrayContaining(['--lk-thread-height', '--lk-thread-own-surface']));
    expect(elementOf('lead-page').cssProperties.map((p) => p.name)).not.toContain('--lk-thread-height');
    expect(elementOf('lead-app').cssProperties.map((p) => p.name)).toEqual(
      expect.arrayContaining(['--lk-thread-height', '--lk-funnel-scroll-margin', '--lk-insurance-surface', '--lk-board-sticky-top']),
    );
  });
});
