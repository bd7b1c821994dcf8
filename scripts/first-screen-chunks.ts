/**
 * Which chunk each module of the CDN build goes to, by what loads together (vite.cdn.config.ts).
 *
 * Source folders are for readers; a first screen is for the network. Left to the bundler, the
 * chunks follow the sets of importers, so a widget's first screen came in up to 22 files (the
 * board's 18), many under 1 kB: over HTTP/1.1 (six connections to an origin) each file waits
 * its turn and pays a round trip. Here the build groups what a first screen needs:
 *
 * - each module a widget's first screen needs is found by walking, from the tag's CDN entry,
 *   the static imports and the imports marked `lk:first-content` (the same marks the loader's
 *   first-content map is made from; the marks of a route go to the routed widget, those an
 *   attribute chooses — the chat adapter — are walked apart);
 * - a module only one widget's first screen needs goes to that widget's first-screen chunk (its
 *   CDN entry included), so a first screen is the loader, the shared runtime and one chunk (the
 *   office app: its frame and the route's widget), and the part an attribute chose: the
 *   sandbox's chat adapter is a chunk of its own; an optional peer's package (the Twilio SDK)
 *   stays its package's chunk, and leadkit's code that drives it joins the widget's chunk;
 * - a module the first screens of two or more widgets need goes to the shared runtime (React,
 *   the element and runtime layers, the gateway client… and what a few widgets share);
 * - everything else (what a first screen does not show) stays where the bundler puts it: lazy.
 *
 * A module a widget's first screen needs and another widget loads later (the board's select in
 * a funnel step) stays in the first widget's chunk: the later part then fetches that chunk,
 * when idle, never before a first screen.
 */
import path from 'node:path';
import remapping from '@jridgewell/remapping';
import MagicString from 'magic-string';
import { parseAst, type Plugin, type Rolldown } from 'vite';

/** `import(/* lk:first-content [route | attr:name=v1,v2] *\/ '…')`: a part loaded beside the first data. */
export const FIRST_CONTENT_MARK = /import\(\s*\/\*\s*lk:first-content(?:\s+(route))?(?:\s+attr:([a-z-]+)=([\w,]*))?\s*\*\/\s*(['"])([^'"]+)\4\s*\)/g;

export interface FirstContentMark {
  target: string;
  /** The widget a route mark shows (the tag of `src/widgets/<tag>/<tag>.widget.ts`); null otherwise. */
  routedTag: string | null;
  /** The attribute and its values that choose the part; null: always part of the first content. */
  attr: { name: string; values: string[] } | null;
}

/** The tag whose widget descriptor `id` is (`src/widgets/<tag>/<tag>.widget.ts`), or null. */
export const widgetTagOf = (id: string) => /[\\/]src[\\/]widgets[\\/]([a-z-]+)[\\/]\1\.widget\.ts$/.exec(id)?.[1] ?? null;

/**
 * The layers under the widgets whose pieces any widget may use (docs/architecture.md#layers);
 * not i18n/: a widget's texts stay with its first screen (a lazy part brings its own).
 */
const SHARED_LAYER = /[\\/]src[\\/](ui|domain|gateway)[\\/]/;

/** The owner of a part an attribute chooses (one chunk for each choice, whatever tag makes it). */
const attrOwner = (attr: NonNullable<FirstContentMark['attr']>) => `attr:${attr.name}=${attr.values.join(',')}`;

export interface FirstScreenGraph {
  /** Records the marks (transform) and the static imports (moduleParsed) of every module. */
  plugin: Plugin;
  /** Module id → its marks. */
  marks: ReadonlyMap<string, readonly FirstContentMark[]>;
  /**
   * The first screens that need `id`: widget tags, and `attr:…` for a part an attribute chooses.
   * Read once the module graph is complete (the chunking groups' tests are).
   */
  ownersOf(id: string): ReadonlySet<string>;
}

/**
 * `entries`: tag → its CDN entry's module id; `optionalPeers`: the packages a host opts into
 * (package.json peerDependenciesMeta: the Twilio SDK, the HEIC converter).
 */
export function firstScreenGraph(entries: ReadonlyMap<string, string>, optionalPeers: readonly string[] = []): FirstScreenGraph {
  const marks = new Map<string, FirstContentMark[]>();
  const imports = new Map<string, readonly string[]>();
  const lazyImports = new Map<string, readonly string[]>();
  let owners: Map<string, Set<string>> | null = null;
  /** A package's module, or a stand-in for one (the CDN build's core-js stand-in: a virtual module). */
  const isPackage = (id: string) => id.startsWith('\0') || /[\\/]node_modules[\\/]/.test(id);
  const isOptionalPeer = (id: string) => optionalPeers.some((peer) => id.includes(`/node_modules/${peer}/`));

  const computeOwners = () => {
    const result = new Map<string, Set<string>>();
    const own = (id: string, owner: string) => {
      let set = result.get(id);
      if (set?.has(owner)) return false;
      if (!set) result.set(id, (set = new Set()));
      set.add(owner);
      return true;
    };
    /** Parts an attribute chooses, with the widget whose first screen marks them. */
    const chosen: { target: string; owner: string; widget: string }[] = [];
    /** `owner` (a widget's tag) needs `id`; the parts an attribute chooses are walked after. */
    const visit = (id: string, owner: string) => {
      if (!own(id, owner)) return;
      for (const imported of imports.get(id) ?? []) visit(imported, owner);
      for (const mark of marks.get(id) ?? []) {
        if (mark.attr) chosen.push({ target: mark.target, owner: attrOwner(mark.attr), widget: owner });
        else visit(mark.target, mark.routedTag ?? owner);
      }
    };
    for (const [tag, entry] of entries) visit(entry, tag);
    // A piece of a shared layer (ui/, domain/, gateway/) on one widget's first screen that
    // another widget also loads later, in a lazy part of its own (the review dialog's select, a
    // funnel step's), is shared too: in the first widget's chunk it would make that part fetch the
    // whole of that widget's first screen — and define its element. (A widget's own modules that
    // another embeds — the thread's session in the board's quick reply — stay in its chunk.) Each
    // tag's whole reach: static and lazy imports, not the routes of the app.
    const routeTargets = new Set([...marks.values()].flat().flatMap((mark) => (mark.routedTag ? [mark.target] : [])));
    const reach = (id: string, tag: string, seen: Set<string>) => {
      if (seen.has(id) || (routeTargets.has(id) && widgetTagOf(id) !== tag)) return;
      seen.add(id);
      const needed = result.get(id);
      if (needed && needed.size > 0 && !needed.has(tag) && SHARED_LAYER.test(id) && [...needed].every((owner) => !owner.startsWith('attr:'))) needed.add(tag);
      for (const imported of [...(imports.get(id) ?? []), ...(lazyImports.get(id) ?? [])]) reach(imported, tag, seen);
    };
    for (const [tag, entry] of entries) reach(entry, tag, new Set());
    // A chosen part (the chat adapter) leaves what its widget already loads where it is. Its
    // modules are one chunk; but an optional peer's package is left to the bundler — its own
    // chunk, the package's module as a host's bundler has it from npm — and leadkit's code that
    // drives it joins the widget's chunk (a thread on Twilio: the adapter with the thread, the SDK apart).
    const widgets = new Set(result.keys());
    const closure = (id: string, found: Set<string>) => {
      if (widgets.has(id) || found.has(id)) return found;
      found.add(id);
      for (const imported of imports.get(id) ?? []) closure(imported, found);
      for (const mark of marks.get(id) ?? []) closure(mark.target, found);
      return found;
    };
    for (const { target, owner, widget } of chosen) {
      const part = closure(target, new Set());
      const peer = [...part].some(isOptionalPeer);
      for (const id of part) {
        if (!peer) own(id, owner);
        else if (!isPackage(id)) own(id, widget);
      }
    }
    return result;
  };

  return {
    marks,
    plugin: {
      name: 'leadkit:first-screen-graph',
      enforce: 'pre',
      async transform(code, id) {
        if (!code.includes('lk:first-content')) return null;
        const found: FirstContentMark[] = [];
        for (const match of code.matchAll(FIRST_CONTENT_MARK)) {
          const resolved = await this.resolve(match[5] as string, id);
          if (!resolved) this.error(`lk:first-content: cannot resolve ${match[5]} from ${id}`);
          const routedTag = match[1] ? widgetTagOf(resolved.id) : null;
          if (match[1] && !routedTag)
            this.error(`lk:first-content: a route mark names a widget descriptor (src/widgets/<tag>/<tag>.widget.ts), not ${match[5]} (${id})`);
          if (routedTag && match[2]) this.error(`lk:first-content: a mark has a route or an attribute, not both (${id})`);
          found.push({ target: resolved.id, routedTag, attr: match[2] ? { name: match[2], values: (match[3] as string).split(',') } : null });
        }
        if (found.length !== (code.match(/lk:first-content/g) ?? []).length)
          this.error(`lk:first-content: a mark in ${path.basename(id)} does not read as import(/* lk:first-content [route|attr:name=values] */ '…')`);
        marks.set(id, found);
        return null;
      },
      moduleParsed(info) {
        imports.set(info.id, info.importedIds);
        lazyImports.set(info.id, info.dynamicallyImportedIds);
      },
    },
    ownersOf(id) {
      owners ??= computeOwners();
      return owners.get(id) ?? new Set();
    },
  };
}

/** Chunk file → the modules moved into it after the build rendered it, with their rendered lengths. */
export type MovedModules = Map<string, Record<string, number>>;

/** Rolldown's own helpers (CommonJS interop, namespace objects…): one module, which it puts in a chunk of its own. */
const BUNDLER_HELPERS = '\0rolldown/runtime.js';

/** The relative import specifier from chunk `from` to chunk `to` (both file names of the bundle). */
const specifier = (from: string, to: string) => {
  const relative = path.posix.relative(path.posix.dirname(from), to);
  return relative.startsWith('.') ? relative : `./${relative}`;
};

const identifier = (node: { type: string; name?: string; value?: unknown }) => (node.type === 'Identifier' ? (node.name as string) : String(node.value));

/**
 * Replaces `chunk`'s code by what `edit` made of it, its source map composed with the edit's —
 * both the chunk's `map` and the `.map` file the bundler already put in the bundle (written as it
 * stands: a map left from before the edit sends every position after it to the wrong source).
 */
function applyEdit(bundle: Rolldown.OutputBundle, chunk: Rolldown.OutputChunk, code: MagicString) {
  const before = chunk.code;
  chunk.code = code.toString();
  if (chunk.code === before) throw new Error(`first-screen-chunks: no edit in ${chunk.fileName}`);
  if (!chunk.map) return;
  const edit = code.generateMap({ hires: true, source: chunk.fileName, includeContent: false });
  const composed = remapping([edit as never, chunk.map as never], () => null);
  composed.file = path.posix.basename(chunk.fileName);
  Object.assign(chunk.map, {
    mappings: composed.mappings,
    names: composed.names,
    sources: composed.sources,
    sourcesContent: composed.sourcesContent,
    // Indexes into `sources`, which the composition renumbers.
    ignoreList: composed.ignoreList ?? [],
    x_google_ignoreList: undefined,
  });
  const mapFile = bundle[`${chunk.fileName}.map`];
  if (mapFile?.type === 'asset') mapFile.source = composed.toString();
}

/**
 * Moves the bundler's helpers into the shared runtime chunk, one file fewer on every first screen.
 *
 * Rolldown keeps its helpers module in a chunk of its own (≈ 0.5 kB gzip, a request before every
 * widget's first content) unless one chunk that uses them is statically imported by all the
 * others; the runtime chunk is imported by every widget, but the Twilio SDK's chunk and the lazy
 * parts reach it only through a widget. After the build, this plugin puts the helpers' code into
 * the runtime chunk (scoped in a function, so no name meets the runtime's own), exports them from
 * it under fresh names, and points every chunk that imported them at the runtime chunk instead —
 * which every widget loads first. Source maps are composed with the edit. A shape it does not
 * know (the helpers importing anything, a re-export of them) fails the build: never a silent change.
 */
export function bundlerHelpersInRuntime(runtimeFile: string, manifestFile: string): Plugin & { moved: MovedModules } {
  const moved: MovedModules = new Map();
  return {
    moved,
    name: 'leadkit:bundler-helpers-in-runtime',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
        const helpers = chunks.find((chunk) => chunk.moduleIds.length === 1 && chunk.moduleIds[0] === BUNDLER_HELPERS);
        if (!helpers) return;
        const runtime = bundle[runtimeFile];
        if (runtime?.type !== 'chunk') this.error(`first-screen-chunks: no ${runtimeFile} to take the bundler's helpers`);
        if (runtime.imports.some((file) => file !== helpers.fileName))
          this.error(`first-screen-chunks: ${runtimeFile} imports other chunks statically; the helpers cannot run first in it`);

        // The helpers: declarations and one `export { local as name, … }`.
        const program = parseAst(helpers.code);
        const exported = program.body.filter((node) => node.type === 'ExportNamedDeclaration');
        const statement = exported[0];
        if (
          exported.length !== 1 ||
          !statement ||
          statement.declaration ||
          statement.source ||
          program.body.some((node) => node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration' || node.type === 'ExportDefaultDeclaration')
        )
          this.error(`first-screen-chunks: ${helpers.fileName} is not declarations and one export list`);
        const helperExports = statement.specifiers.map((spec) => ({ local: identifier(spec.local), name: identifier(spec.exported) }));
        const body = helpers.code.slice(0, statement.start) + helpers.code.slice(statement.end);

        // Fresh names: the runtime's exports of the helpers, and its locals for those it did not import.
        if (/\$lk\d/.test(runtime.code)) this.error(`first-screen-chunks: ${runtimeFile} already uses $lk<n> names`);
        const taken = new Set(runtime.exports);
        const exportName = new Map<string, string>();
        for (const { name } of helperExports) {
          let fresh = `$${name}`;
          while (taken.has(fresh)) fresh = `$${fresh}`;
          taken.add(fresh);
          exportName.set(name, fresh);
        }

        /** The `import { … } from '<helpers>'` declarations of a chunk, with what each binds. */
        const helperImports = (chunk: Rolldown.OutputChunk) => {
          const source = specifier(chunk.fileName, helpers.fileName);
          const found = parseAst(chunk.code).body.filter(
            (node) => (node.type === 'ImportDeclaration' || node.type.startsWith('Export')) && 'source' in node && node.source?.value === source,
          );
          const imports = found.map((node) => {
            if (node.type !== 'ImportDeclaration') this.error(`first-screen-chunks: ${chunk.fileName} re-exports the bundler's helpers`);
            const bindings = node.specifiers.map((spec) => {
              if (spec.type !== 'ImportSpecifier') this.error(`first-screen-chunks: ${chunk.fileName} imports the helpers' namespace or default`);
              return { name: identifier(spec.imported), local: spec.local.name };
            });
            return { start: node.start, end: node.end, bindings };
          });
          if (chunk.code.split(source).length - 1 !== imports.length) this.error(`first-screen-chunks: ${chunk.fileName} names ${source} outside its imports`);
          return imports;
        };

        // The runtime: the helpers' code first, scoped; its import of them gone; their exports added.
        const runtimeCode = new MagicString(runtime.code);
        const bound = new Map<string, string>();
        for (const { start, end, bindings } of helperImports(runtime)) {
          runtimeCode.remove(start, end);
          for (const { name, local } of bindings) bound.set(name, local);
        }
        let fresh = 0;
        const locals = helperExports.map(({ name }) => [name, bound.get(name) ?? `$lk${fresh++}`] as const);
        const pattern = locals.map(([name, local]) => `${name}:${local}`).join(',');
        const returned = helperExports.map(({ local, name }) => `${name}:${local}`).join(',');
        runtimeCode.prepend(`const{${pattern}}=(()=>{${body};return{${returned}}})();\n`);
        runtimeCode.append(`export{${locals.map(([name, local]) => `${local} as ${exportName.get(name)}`).join(',')}};\n`);
        applyEdit(bundle, runtime, runtimeCode);
        runtime.imports = [];
        runtime.exports = [...runtime.exports, ...exportName.values()];
        // A chunk's modules are read from the bundler afresh by each plugin: the move is told to the module report (cdnModuleSizes).
        moved.set(runtime.fileName, { [BUNDLER_HELPERS]: helpers.modules[BUNDLER_HELPERS]?.renderedLength ?? 0 });

        // Every other chunk that imported the helpers imports them from the runtime.
        for (const chunk of chunks) {
          if (chunk === helpers || chunk === runtime || !chunk.imports.includes(helpers.fileName)) continue;
          const code = new MagicString(chunk.code);
          for (const { start, end, bindings } of helperImports(chunk)) {
            const names = bindings.map(
              ({ name, local }) =>
                `${exportName.get(name) ?? this.error(`first-screen-chunks: ${chunk.fileName} imports ${name}, which the helpers do not export`)} as ${local}`,
            );
            code.overwrite(start, end, `import{${names.join(',')}}from${JSON.stringify(specifier(chunk.fileName, runtime.fileName))};`);
          }
          applyEdit(bundle, chunk, code);
          chunk.imports = [...new Set(chunk.imports.map((file) => (file === helpers.fileName ? runtime.fileName : file)))];
        }
        delete bundle[helpers.fileName];
        delete bundle[`${helpers.fileName}.map`];

        // Vite's manifest (written before this hook) says the same.
        const manifest = bundle[manifestFile];
        if (manifest?.type !== 'asset') this.error(`first-screen-chunks: no ${manifestFile} to update`);
        type ManifestEntry = { file: string; imports?: string[] };
        const entries = JSON.parse(String(manifest.source)) as Record<string, ManifestEntry>;
        const keyOf = (file: string) => Object.keys(entries).find((key) => entries[key]?.file === file);
        const helpersKey = keyOf(helpers.fileName);
        const runtimeKey = keyOf(runtime.fileName);
        if (!helpersKey || !runtimeKey) this.error(`first-screen-chunks: ${manifestFile} lacks ${helpers.fileName} or ${runtime.fileName}`);
        delete entries[helpersKey];
        for (const [key, entry] of Object.entries(entries)) {
          if (!entry.imports?.includes(helpersKey)) continue;
          const imports = [...new Set(entry.imports.map((imported) => (imported === helpersKey ? runtimeKey : imported)))].filter(
            (imported) => imported !== key,
          );
          if (imports.length > 0) entry.imports = imports;
          else delete entry.imports;
        }
        manifest.source = `${JSON.stringify(entries, null, 2)}\n`;
      },
    },
  };
}
