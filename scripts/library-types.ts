/**
 * The .d.ts files of leadkit's two library builds (vite.config.ts, packages/sandbox/vite.config.ts):
 * one self-contained .d.ts per entry the package's `exports` give types to, written after the
 * build's JavaScript —
 *   1. TypeScript emits the declarations of the entries and of what they import, into a scratch
 *      folder, without a type check (`noCheck`: `npm run typecheck` and `npm test` check types; a
 *      pack has nothing to gain from checking them again). A declaration it cannot write fails the build.
 *   2. API Extractor bundles each entry from them, all entries on ONE TypeScript program (its
 *      `CompilerState`). vite-plugin-dts's `bundleTypes`, used before, made a program per entry,
 *      and API Extractor type-checks each program: ≈ 14 s an entry, most of `npm pack`'s time.
 *      Any message of API Extractor but the API-report rules below fails the build.
 *   3. API Extractor leaves out `declare global` blocks (microsoft/rushstack#1709): they go, once,
 *      into `globals.d.ts` beside the entries, importing the types they name from the package's
 *      main entry (`types` in package.json), and every entry's .d.ts references that file — so
 *      an app importing `leadkit/react` alone has typed `lk-*` listeners too. A block naming a type
 *      the main entry does not export fails the build (export it there).
 *   4. A comment's `docs/….md#anchor` becomes the docs site's address of that page and heading
 *      (scripts/site-addresses.ts): no tarball carries docs/.
 */
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { CompilerState, Extractor, ExtractorConfig, ExtractorLogLevel, type ExtractorMessage, type IConfigFile } from '@microsoft/api-extractor';
import type { Plugin } from 'vite';
import { withSiteAddresses } from './site-addresses.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** How API Extractor compiles built .d.ts files (these bundles, and scripts/api-report.ts's reports). */
export const DECLARATION_COMPILER_OPTIONS = {
  target: 'ES2022',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  module: 'ESNext',
  moduleResolution: 'bundler',
  jsx: 'react-jsx',
  strict: true,
  skipLibCheck: true,
  types: ['node'],
} as const;

/** The file beside the entries' .d.ts that holds the `declare global` blocks; each entry references it. */
export const GLOBALS_FILE = 'globals.d.ts';

const OFF = { logLevel: ExtractorLogLevel.None } as const;

/**
 * API Extractor's config for bundling one entry. Off: its API-report rules (forgotten exports —
 * internal types inlined unexported — and release tags; scripts/api-report.ts says why) and TSDoc
 * (the sources' JSDoc is for readers and the Custom Elements Manifest analyzer).
 */
function rollupConfig(packageDir: string, entry: string, entries: readonly string[], rollup: string): IConfigFile {
  return {
    projectFolder: packageDir,
    mainEntryPointFilePath: entry,
    newlineKind: 'lf',
    compiler: { overrideTsconfig: { compilerOptions: DECLARATION_COMPILER_OPTIONS, files: [...entries] } },
    apiReport: { enabled: false, reportFileName: '<unscopedPackageName>.api.md' },
    docModel: { enabled: false },
    dtsRollup: { enabled: true, publicTrimmedFilePath: rollup },
    tsdocMetadata: { enabled: false },
    messages: {
      compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Error } },
      extractorMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning }, 'ae-forgotten-export': OFF, 'ae-missing-release-tag': OFF },
      tsdocMessageReporting: { default: OFF },
    },
  };
}

const formatDiagnostics = (diagnostics: readonly ts.Diagnostic[]) =>
  ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (file) => file, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' });

/** Step 1: the declarations of `entries` (source files) and what they import, under `scratch`, laid out as under `rootDir`. */
function emitDeclarations(tsconfig: string, rootDir: string, entries: readonly string[], scratch: string): void {
  const config = ts.getParsedCommandLineOfConfigFile(tsconfig, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(formatDiagnostics([diagnostic]));
    },
  });
  if (!config) throw new Error(`types: cannot read ${tsconfig}`);
  const options: ts.CompilerOptions = {
    ...config.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    declarationMap: false,
    sourceMap: false,
    noCheck: true,
    incremental: false,
    composite: false,
    rootDir,
    outDir: scratch,
  };
  const program = ts.createProgram({ rootNames: [...entries], options });
  const result = program.emit();
  const errors = [...program.getOptionsDiagnostics(), ...program.getSyntacticDiagnostics(), ...result.diagnostics].filter(
    (diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error,
  );
  if (result.emitSkipped || errors.length) throw new Error(`types: TypeScript could not write the declarations:\n${formatDiagnostics(errors)}`);
}

/** Step 2: one bundled .d.ts per entry (name → emitted .d.ts), on one program; returns each bundle's text. */
function bundle(packageDir: string, entries: ReadonlyMap<string, string>, scratch: string): Map<string, string> {
  const bundles = new Map<string, string>();
  let compilerState: CompilerState | undefined;
  for (const [name, entry] of entries) {
    const rollup = path.join(scratch, '.bundles', `${name}.d.ts`);
    const config = ExtractorConfig.prepare({
      configObject: rollupConfig(packageDir, entry, [...entries.values()], rollup),
      configObjectFullPath: undefined,
      packageJsonFullPath: path.join(packageDir, 'package.json'),
    });
    compilerState ??= CompilerState.create(config);
    const problems: string[] = [];
    const result = Extractor.invoke(config, {
      localBuild: true,
      compilerState,
      // Its notes (which TypeScript it analyses with…) are not printed; a warning or an error fails the build.
      messageCallback: (message: ExtractorMessage) => {
        if (message.logLevel === ExtractorLogLevel.Error || message.logLevel === ExtractorLogLevel.Warning)
          problems.push(message.formatMessageWithLocation(packageDir));
        message.handled = true;
      },
    });
    if (!result.succeeded || problems.length) throw new Error(`types: API Extractor could not bundle ${name}.d.ts:\n${problems.join('\n')}`);
    bundles.set(name, readFileSync(rollup, 'utf8'));
  }
  return bundles;
}

/** The names a top-level statement declares or imports. */
function namesOf(statement: ts.Statement): string[] {
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    const bindings = clause?.namedBindings;
    return [
      ...(clause?.name ? [clause.name.text] : []),
      ...(bindings && ts.isNamespaceImport(bindings) ? [bindings.name.text] : []),
      ...(bindings && ts.isNamedImports(bindings) ? bindings.elements.map((element) => element.name.text) : []),
    ];
  }
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.flatMap((declaration) => (ts.isIdentifier(declaration.name) ? [declaration.name.text] : []));
  const { name } = statement as { name?: ts.Node };
  return name && ts.isIdentifier(name) ? [name.text] : [];
}

/** What a bundle exports by name. */
function exportedNames(text: string): Set<string> {
  const source = ts.createSourceFile('bundle.d.ts', text, ts.ScriptTarget.Latest);
  return new Set(
    source.statements.flatMap((statement) => {
      if (ts.isExportDeclaration(statement))
        return statement.exportClause && ts.isNamedExports(statement.exportClause) ? statement.exportClause.elements.map((element) => element.name.text) : [];
      const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
      return exported ? namesOf(statement) : [];
    }),
  );
}

interface GlobalBlock {
  /** The block as emitted (`declare global { … }`). */
  text: string;
  /** The file's own types it names (to import from the main entry). */
  names: string[];
  /** The source it came from, for messages. */
  from: string;
}

/** Step 3's input: every `declare global` block of the emitted declarations. */
function globalBlocks(scratch: string, rootDir: string): GlobalBlock[] {
  const blocks: GlobalBlock[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '.bundles') visit(file);
        continue;
      }
      const text = readFileSync(file, 'utf8');
      if (!entry.name.endsWith('.d.ts') || !text.includes('declare global')) continue;
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const own = new Set(source.statements.flatMap(namesOf));
      for (const statement of source.statements) {
        if (!ts.isModuleDeclaration(statement) || statement.name.getText(source) !== 'global') continue;
        const named = new Set<string>();
        const collect = (node: ts.Node) => {
          if (ts.isTypeReferenceNode(node) || ts.isExpressionWithTypeArguments(node)) {
            let name: ts.Node = ts.isTypeReferenceNode(node) ? node.typeName : node.expression;
            while (ts.isQualifiedName(name) || ts.isPropertyAccessExpression(name)) name = ts.isQualifiedName(name) ? name.left : name.expression;
            if (ts.isIdentifier(name) && own.has(name.text)) named.add(name.text);
          }
          ts.forEachChild(node, collect);
        };
        collect(statement);
        const from = path.relative(ROOT, path.join(rootDir, path.relative(scratch, file))).replace(/\.d\.ts$/, '.ts');
        blocks.push({ text: statement.getText(source), names: [...named].sort(), from });
      }
    }
  };
  visit(scratch);
  return blocks.sort((a, b) => a.from.localeCompare(b.from));
}

/** Step 3: globals.d.ts, or null when the sources augment nothing. */
function globalsFile(blocks: readonly GlobalBlock[], mainEntry: string, mainBundle: string): string | null {
  if (!blocks.length) return null;
  const exported = exportedNames(mainBundle);
  const missing = blocks.flatMap((block) => block.names.filter((name) => !exported.has(name)).map((name) => `${name} (${block.from})`));
  if (missing.length)
    throw new Error(`types: a \`declare global\` block names ${missing.join(', ')}, which the main entry (${mainEntry}) does not export: export it there.`);
  const names = [...new Set(blocks.flatMap((block) => block.names))].sort();
  return [
    '/**',
    " * What leadkit adds to the DOM's global types: typed listeners for its `lk-*` events on every",
    ' * element and on the document, and its tags in `HTMLElementTagNameMap`. Every entry’s .d.ts',
    ' * references this file, so importing any one entry brings them.',
    ' */',
    `import type { ${names.join(', ')} } from './${mainEntry}.js';`,
    '',
    ...blocks.map((block) => `${block.text}\n`),
  ].join('\n');
}

interface PackageTypes {
  /** The package's folder. */
  packageDir: string;
  /** Where the bundles go (the build's outDir). */
  outDir: string;
  /** The tsconfig the sources compile with. */
  tsconfig: string;
  /** The folder the sources' declarations are laid out from (TypeScript's `rootDir`). */
  rootDir: string;
  /** The build's entries: name → source file. */
  entries: Readonly<Record<string, string>>;
}

/** Writes `<outDir>/<entry>.d.ts` for each entry the package's `exports` type, and globals.d.ts when the sources augment globals. */
function writePackageTypes({ packageDir, outDir, tsconfig, rootDir, entries }: PackageTypes): void {
  const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    types?: string;
    exports: Record<string, string | { types?: string }>;
  };
  const typed = new Set(
    Object.values(manifest.exports).flatMap((target) => (typeof target === 'object' && target.types ? [path.resolve(packageDir, target.types)] : [])),
  );
  const shipped = Object.entries(entries).filter(([name]) => typed.has(path.join(outDir, `${name}.d.ts`)));
  const main = shipped.find(([name]) => path.join(outDir, `${name}.d.ts`) === path.resolve(packageDir, manifest.types ?? ''))?.[0];
  if (!main) throw new Error(`types: package.json \`types\` (${manifest.types}) is no entry's .d.ts`);

  // In the build's own folder: the declarations resolve packages (react, valibot…) from the
  // repository's node_modules, and are not under one (API Extractor takes a file under a
  // node_modules folder for another package's).
  mkdirSync(outDir, { recursive: true });
  const scratch = mkdtempSync(path.join(outDir, '.types-'));
  try {
    emitDeclarations(
      tsconfig,
      rootDir,
      shipped.map(([, source]) => path.resolve(packageDir, source)),
      scratch,
    );
    const emitted = new Map(
      shipped.map(([name, source]) => [name, path.join(scratch, path.relative(rootDir, path.resolve(packageDir, source))).replace(/\.tsx?$/, '.d.ts')]),
    );
    const bundles = bundle(packageDir, emitted, scratch);
    const globals = globalsFile(globalBlocks(scratch, rootDir), main, bundles.get(main) ?? '');
    for (const [name, text] of bundles) {
      const reference = globals ? `/// <reference path="./${GLOBALS_FILE}" />\n` : '';
      writeFileSync(path.join(outDir, `${name}.d.ts`), reference + withSiteAddresses(text));
    }
    if (globals) writeFileSync(path.join(outDir, GLOBALS_FILE), withSiteAddresses(globals));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The types as a plugin of a library build (after its files are written). Build-only and named
 * `leadkit:…`: Storybook, which merges vite.config.ts, leaves it out (.storybook/main.ts).
 */
export function packageTypes(options: Pick<PackageTypes, 'tsconfig' | 'rootDir'>): Plugin {
  let types: PackageTypes | undefined;
  return {
    name: 'leadkit:package-types',
    apply: 'build',
    configResolved(config) {
      const entry = config.build.lib ? config.build.lib.entry : undefined;
      if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return;
      types = { ...options, packageDir: config.root, outDir: path.resolve(config.root, config.build.outDir), entries: entry };
    },
    writeBundle() {
      if (types) writePackageTypes(types);
    },
  };
}
