import { resolveElementDocs } from '../scripts/manifest/element-docs';
import { TAGS, type LeadkitTag } from '../src/contract/tags';

/**
 * Keeps custom-elements.json's CSS parts true to the DOM: while a story runs (render and play
 * function), every `part` set inside a shadow root is recorded against the leadkit tag whose
 * shadow root it is in; after the story, a part its tag's docs do not list fails the story.
 * The docs are the same JSDoc blocks (src/elements/<tag>.element.ts, `@embeds` folded in)
 * the manifest generator reads (scripts/manifest/element-docs.ts).
 *
 * Element stories (`Elements/<tag>…`) render the element itself: the host is the tag. UI
 * stories render a ui primitive in a plain shadow host (stories/support/shadow-frame.tsx): no
 * tag's docs list their parts (STORY_TAGS).
 */
const SOURCES = import.meta.glob<string>('../src/elements/*.element.ts', { query: '?raw', import: 'default', eager: true });
const DOCS = resolveElementDocs(Object.values(SOURCES));
const DOCUMENTED_PARTS = new Map([...DOCS].map(([tag, docs]) => [tag, new Set(docs.cssParts.map((part) => part.name))]));

/** Story title prefix → the tag whose parts its plain shadow hosts show (UI primitives' stories belong to no tag). */
const STORY_TAGS: readonly (readonly [string, LeadkitTag | null])[] = [['UI/', null]];

const isTag = (name: string): name is LeadkitTag => Object.hasOwn(TAGS, name);

function storyTag(title: string): LeadkitTag | null | undefined {
  const fromTitle = /<([a-z-]+)>/.exec(title)?.[1];
  if (fromTitle && isTag(fromTitle)) return fromTitle;
  return STORY_TAGS.find(([prefix]) => title.startsWith(prefix))?.[1];
}

interface Recording {
  title: string;
  /** Parts seen per shadow host. */
  parts: Map<Element, Set<string>>;
}

let recording: Recording | null = null;

function record(element: Element, value: string | null) {
  const current = recording;
  if (!current || !value) return;
  const note = () => {
    const root = element.getRootNode();
    if (!(root instanceof ShadowRoot)) return;
    const set = current.parts.get(root.host) ?? new Set<string>();
    for (const name of value.split(/\s+/)) if (name) set.add(name);
    current.parts.set(root.host, set);
  };
  note();
  // React sets attributes before it inserts the element: look again once it is in place.
  queueMicrotask(note);
}

let installed = false;
function install() {
  if (installed) return;
  installed = true;
  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
    if (name === 'part') record(this, String(value));
    return setAttribute.call(this, name, value);
  };
}

/** Every shadow root under `node` (nested ones too). */
function shadowRoots(node: Document | ShadowRoot, found: ShadowRoot[] = []): ShadowRoot[] {
  for (const element of node.querySelectorAll('*')) {
    if (element.shadowRoot) {
      found.push(element.shadowRoot);
      shadowRoots(element.shadowRoot, found);
    }
  }
  return found;
}

/** The tag a shadow host stands for: itself, the leadkit element it sits in, or the story's. */
function hostTag(host: Element, fallback: LeadkitTag | null | undefined): LeadkitTag | null | undefined {
  for (let current: Element | null = host; current; ) {
    if (isTag(current.localName)) return current.localName;
    const root = current.getRootNode();
    current = root instanceof ShadowRoot ? root.host : null;
  }
  return fallback;
}

/** Starts recording the parts a story shows (Storybook `beforeEach`). */
export function startPartsCheck(title: string): void {
  install();
  recording = { title, parts: new Map() };
}

/** Fails the story when a part shown in a leadkit tag's shadow root is not in its docs (Storybook `afterEach`). */
export function finishPartsCheck(): void {
  const current = recording;
  recording = null;
  if (!current) return;
  for (const root of shadowRoots(document)) {
    const set = current.parts.get(root.host) ?? new Set<string>();
    for (const element of root.querySelectorAll('[part]')) for (const name of element.getAttribute('part')!.split(/\s+/)) if (name) set.add(name);
    current.parts.set(root.host, set);
  }
  const fallback = storyTag(current.title);
  const missing: string[] = [];
  for (const [host, parts] of current.parts) {
    if (!parts.size) continue;
    const tag = hostTag(host, fallback);
    if (tag === null) continue;
    if (tag === undefined) {
      missing.push(`a shadow root in "${current.title}" belongs to no leadkit tag: add the title to STORY_TAGS (.storybook/parts-check.ts)`);
      continue;
    }
    const documented = DOCUMENTED_PARTS.get(tag) ?? new Set();
    const undocumented = [...parts].filter((part) => !documented.has(part)).sort();
    if (undocumented.length)
      missing.push(`<${tag}> shows parts its docs do not list: ${undocumented.join(', ')} (add @csspart lines in src/elements/${tag}.element.ts)`);
  }
  if (missing.length) throw new Error(`custom-elements.json would miss parts:\n${[...new Set(missing)].join('\n')}`);
}
