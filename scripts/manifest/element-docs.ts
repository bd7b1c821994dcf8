/**
 * The per-tag documentation written beside each element (`src/elements/<tag>.element.ts`): the
 * JSDoc block on `export const xElement = widgetElement('tag', …)` (or `elementDefinition(…)`). Pure (no Node, no DOM),
 * so the manifest generator (scripts/manifest/generate.ts) and the Storybook parts check
 * (.storybook/parts-check.ts, in the browser) read it the same way.
 *
 * A block holds only what is the tag's own:
 *   description                 what the element is
 *   @tag <name>                 the tag
 *   @attr <name> - …            the description of each of the tag's own attributes (types come
 *                               from the tag table); a shared attribute (`gateway-url`,
 *                               `auth-mode`) only when this tag says something of its own
 *   @prop <name> - …            likewise for a host property (types and the shared text come
 *                               from `HostProperties`), only when this tag says more
 *   @event <name> - …           an event the tag fires (detail types come from LeadkitEventMap)
 *   @csspart <name> - …         a part of its shadow root
 *   @cssproperty <name> - …     a widget-specific custom property's description (which ones a tag
 *                               has is read from its CSS)
 *   @embeds <tag> …             widgets it renders inside its own shadow root (the board's review
 *                               request, the office app's routes): their parts, events and custom
 *                               properties are the embedding tag's too; an event several of them
 *                               fire for different things needs the embedding tag's own @event
 */

export interface DocEntry {
  name: string;
  description: string;
  /** A `{type}` written in the block (the generator rejects it: types come from the tables). */
  type?: string;
}

export interface ElementDocs {
  /** The exported definition's name (`leadBoardElement`). */
  variable: string;
  tag: string;
  description: string;
  attributes: DocEntry[];
  properties: DocEntry[];
  events: DocEntry[];
  cssParts: DocEntry[];
  cssProperties: DocEntry[];
  embeds: string[];
}

/** Splits a JSDoc block into its description and `@tag` entries (a tag may span lines). */
function parseBlock(text: string): { description: string; tags: { tag: string; text: string }[] } {
  const lines = text
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''));
  const description: string[] = [];
  const tags: { tag: string; text: string }[] = [];
  for (const line of lines) {
    const match = /^@(\w+)\s*(.*)$/.exec(line.trim());
    if (match) tags.push({ tag: match[1]!, text: match[2]! });
    else if (tags.length) tags[tags.length - 1]!.text += `\n${line}`;
    else description.push(line);
  }
  return {
    description: description
      .join('\n')
      .trim()
      .replace(/\s*\n\s*/g, ' '),
    tags,
  };
}

/** `{type} name - description` (a type may hold nested braces). */
function parseEntry(text: string): DocEntry {
  let rest = text.trim();
  let type: string | undefined;
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
  const entry: DocEntry = { name: match?.[1] ?? '', description: (match?.[2] ?? '').replace(/\s*\n\s*/g, ' ').trim() };
  if (type) entry.type = type;
  return entry;
}

const DEFINITION_RE = /(\/\*\*(?:(?!\*\/)[\s\S])*\*\/)\s*export const (\w+)\s*(?::[^=]+)?=\s*(?:elementDefinition|widgetElement)\(/;

/** The documentation of the element defined in one `<tag>.element.ts` source, or null when it has none. */
export function parseElementDocs(source: string): ElementDocs | null {
  const match = DEFINITION_RE.exec(source);
  if (!match) return null;
  const { description, tags } = parseBlock(match[1]!);
  const of = (...kinds: string[]) => tags.filter((t) => kinds.includes(t.tag)).map((t) => parseEntry(t.text));
  const tag = tags.find((t) => t.tag === 'tag' || t.tag === 'tagname')?.text.trim();
  if (!tag) return null;
  return {
    variable: match[2]!,
    tag,
    description,
    attributes: of('attr', 'attribute'),
    properties: of('prop', 'property'),
    events: of('event', 'fires'),
    cssParts: of('csspart', 'part'),
    cssProperties: of('cssproperty', 'cssprop'),
    embeds: tags
      .filter((t) => t.tag === 'embeds')
      .flatMap((t) =>
        t.text
          .trim()
          .split(/[\s,]+/)
          .filter(Boolean),
      ),
  };
}

/**
 * Every tag's documentation with what it embeds folded in (transitively, each embedded entry
 * once, the tag's own first). `sources`: the `<tag>.element.ts` texts.
 */
export function resolveElementDocs(sources: readonly string[]): Map<string, ElementDocs> {
  const own = new Map<string, ElementDocs>();
  for (const source of sources) {
    const docs = parseElementDocs(source);
    if (docs) own.set(docs.tag, docs);
  }
  const resolved = new Map<string, ElementDocs>();
  const resolve = (tag: string, path: string[]): ElementDocs => {
    const done = resolved.get(tag);
    if (done) return done;
    const docs = own.get(tag);
    if (!docs) throw new Error(`element docs: <${path.at(-1)}> embeds <${tag}>, which has no documented element`);
    if (path.includes(tag)) throw new Error(`element docs: embedding cycle ${[...path, tag].join(' → ')}`);
    const merged: ElementDocs = { ...docs, events: [...docs.events], cssParts: [...docs.cssParts], cssProperties: [...docs.cssProperties] };
    const inners = docs.embeds.map((embedded) => resolve(embedded, [...path, tag]));
    // An event two embedded widgets fire for different things ('the lead was loaded', 'a page of
    // leads was shown') is the embedding tag's to describe: either text alone would be another
    // tag's text under this one.
    for (const event of new Set(inners.flatMap((inner) => inner.events.map((e) => e.name)))) {
      if (docs.events.some((e) => e.name === event)) continue;
      const texts = new Set(inners.flatMap((inner) => inner.events.filter((e) => e.name === event).map((e) => e.description.replace(/\s*\(<[a-z-]+>\)$/, ''))));
      if (texts.size > 1)
        throw new Error(`element docs: <${tag}> embeds widgets that fire ${event} for different things: describe it on <${tag}> (@event ${event} - …)`);
    }
    for (const inner of inners) {
      const add = (list: DocEntry[], entries: DocEntry[]) => {
        for (const entry of entries) {
          if (list.some((e) => e.name === entry.name)) continue;
          // Say where it comes from once (an entry embedded twice keeps the innermost tag).
          const from = /\(<[a-z-]+>\)$/.test(entry.description) ? entry.description : `${entry.description} (<${inner.tag}>)`.trim();
          list.push({ ...entry, description: from });
        }
      };
      add(merged.events, inner.events);
      add(merged.cssParts, inner.cssParts);
      add(merged.cssProperties, inner.cssProperties);
    }
    resolved.set(tag, merged);
    return merged;
  };
  for (const tag of own.keys()) resolve(tag, []);
  return resolved;
}
