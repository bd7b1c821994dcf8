/**
 * The public API as reviewed reports: one API Extractor report (`api/<name>.api.md`) per entry
 * point a host imports — `leadkit`, `leadkit/react`, `leadkit/server`, `leadkit/define`,
 * `leadkit/twilio`, `leadkit/heic` and `@leadkit/sandbox` — read from the bundled .d.ts files the
 * library builds write (dist/*.d.ts, packages/sandbox/dist/index.d.ts: what a host's compiler
 * reads). The reports are committed; a change to the public types is a diff of them, reviewed
 * beside its CHANGELOG entry (docs/contributing.md, "Public API reports").
 *
 *   npm run api:update    writes api/*.api.md from dist/ (building the library and the sandbox first
 *                         when they are stale)
 *   npm run api:check     compares them with the build and the CHANGELOG (what `npm test` checks);
 *                         prints the diff, exit 1 when they differ
 *   npm run api:release   copies api/*.api.md to api/released/ for the version in package.json (it
 *                         builds nothing): the release commit does it, and the CHANGELOG check
 *                         compares with that release from then on
 *
 * Checked in `npm test`: test/packaged/api-report.test.ts (the built types against api/*.api.md)
 * and test/api-changelog.test.ts (a name api/released/ has and api/ lost must be named in the
 * CHANGELOG since that release).
 *
 * As Fluent UI commits `etc/<package>.api.md` and Firebase one report per entry point (from a
 * script like this one), API Extractor runs here once per entry point, on one TypeScript program;
 * the reports are its `apiReport` output as it writes them. Its messages, decided once:
 *   - ae-missing-release-tag, ae-internal-missing-underscore, ae-incompatible-release-tags and
 *     the other release-tag rules: off — leadkit tags no public item `@public`/`@beta`/`@internal`;
 *     every export of an entry is public, and the report says `// @public` for each. `@internal`
 *     marks only a module's exports for its tests (knip.config.ts), never a type a report shows.
 *   - ae-forgotten-export: off, with `includeForgottenExports` — a type an export uses but the
 *     entry does not export (an options bag, a schema's shape) is written into the report without
 *     `export`, so a change to its shape is in the diff too. Whether such a type should be
 *     exported is a review question the report makes visible, not a failure.
 *   - tsdoc-* and ae-unresolved-link (a `{@link}` to a name the entry does not export): off —
 *     the sources' JSDoc is for readers and the Custom Elements Manifest analyzer (`@attr`,
 *     `@csspart`, `@tag`…), not TSDoc; documentation is not what the report reviews.
 *   - ae-undocumented: off (API Extractor's default).
 *   - compiler errors in the .d.ts (an import that does not resolve): fail the report — the
 *     report of a .d.ts a host cannot compile is no report.
 *   - any other API Extractor warning: written into the report (`// Warning: (ae-…)`), so it is
 *     reviewed with the API it concerns (none today).
 * Not reported: `leadkit/types/*` (framework typings generated from custom-elements.json; the
 * packaged suite type-checks a host of each, and they import vue and svelte types this repository
 * does not install).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CompilerState, Extractor, ExtractorConfig, ExtractorLogLevel, type ExtractorMessage, type IConfigFile } from '@microsoft/api-extractor';
import { DECLARATION_COMPILER_OPTIONS } from './library-types';
import { prepareForTests } from './test-prepare.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The committed reports. */
export const API_DIR = path.join(ROOT, 'api');
/** The reports of the last release, and which release that is (release.json). */
export const RELEASED_DIR = path.join(API_DIR, 'released');
/** The command that writes the reports (it builds the library and the sandbox first when they are stale). */
export const UPDATE_COMMAND = 'npm run api:update';

export interface ApiEntry {
  /** The import specifier a host writes. */
  specifier: string;
  /** The bundled .d.ts of that entry, relative to the repository (package.json `exports` → `types`). */
  dts: string;
  /** The report's file name, without `.api.md`. */
  report: string;
}

/** Every public entry point with types (package.json `exports`, and @leadkit/sandbox's). */
export const API_ENTRIES: readonly ApiEntry[] = [
  { specifier: 'leadkit', dts: 'dist/index.d.ts', report: 'leadkit' },
  { specifier: 'leadkit/react', dts: 'dist/react.d.ts', report: 'leadkit-react' },
  { specifier: 'leadkit/server', dts: 'dist/server.d.ts', report: 'leadkit-server' },
  { specifier: 'leadkit/define', dts: 'dist/define.d.ts', report: 'leadkit-define' },
  { specifier: 'leadkit/twilio', dts: 'dist/twilio.d.ts', report: 'leadkit-twilio' },
  { specifier: 'leadkit/heic', dts: 'dist/heic.d.ts', report: 'leadkit-heic' },
  { specifier: 'leadkit/notifications-sw', dts: 'dist/notifications-sw.d.ts', report: 'leadkit-notifications-sw' },
  { specifier: '@leadkit/sandbox', dts: 'packages/sandbox/dist/index.d.ts', report: 'leadkit-sandbox' },
];

const OFF = { logLevel: ExtractorLogLevel.None, addToApiReportFile: false } as const;
const IN_REPORT = { logLevel: ExtractorLogLevel.Warning, addToApiReportFile: true } as const;

/** API Extractor's config for one entry (the decisions are in this file's comment). */
function extractorConfig(entry: ApiEntry, root: string, reportFolder: string): IConfigFile {
  return {
    projectFolder: root,
    mainEntryPointFilePath: path.join(root, entry.dts),
    newlineKind: 'lf',
    compiler: {
      overrideTsconfig: {
        compilerOptions: DECLARATION_COMPILER_OPTIONS,
        files: API_ENTRIES.map((each) => path.join(root, each.dts)),
      },
    },
    apiReport: {
      enabled: true,
      reportFileName: entry.report,
      reportFolder,
      reportTempFolder: reportFolder,
      includeForgottenExports: true,
    },
    docModel: { enabled: false },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    messages: {
      compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Error, addToApiReportFile: false } },
      extractorMessageReporting: {
        default: IN_REPORT,
        'ae-forgotten-export': OFF,
        'ae-missing-release-tag': OFF,
        'ae-internal-missing-underscore': OFF,
        'ae-incompatible-release-tags': OFF,
        'ae-different-release-tags': OFF,
        'ae-extra-release-tag': OFF,
        'ae-internal-mixed-release-tag': OFF,
        'ae-undocumented': OFF,
        'ae-unresolved-link': OFF,
      },
      tsdocMessageReporting: { default: OFF },
    },
  };
}

/** The package.json of the package an entry belongs to (its name titles the report). */
function packageJsonOf(entry: ApiEntry, root: string): string {
  return entry.specifier.startsWith('@leadkit/sandbox') ? path.join(root, 'packages', 'sandbox', 'package.json') : path.join(root, 'package.json');
}

/**
 * The reports of the .d.ts files under `root` (this repository's build by default), by report
 * name. Throws naming the entry and its messages when API Extractor reports an error (a .d.ts
 * that is missing or does not compile).
 */
export function generateReports(root = ROOT, entries: readonly ApiEntry[] = API_ENTRIES): Map<string, string> {
  const missing = entries.filter((entry) => !existsSync(path.join(root, entry.dts)));
  if (missing.length) throw new Error(`api-report: ${missing.map((entry) => entry.dts).join(', ')} missing — build first (\`npm run build\`).`);
  const temp = mkdtempSync(path.join(os.tmpdir(), 'leadkit-api-'));
  const reports = new Map<string, string>();
  let compilerState: CompilerState | undefined;
  try {
    for (const entry of entries) {
      const packageJsonFullPath = packageJsonOf(entry, root);
      // The package's name alone (a subpath is no package name): the report's file names the entry.
      const { name } = JSON.parse(readFileSync(packageJsonFullPath, 'utf8')) as { name: string };
      const config = ExtractorConfig.prepare({
        configObject: extractorConfig(entry, root, temp),
        configObjectFullPath: undefined,
        packageJsonFullPath,
        packageJson: { name, version: '0.0.0' },
      });
      // One program for every entry (the override's `files`): the first entry creates it.
      compilerState ??= CompilerState.create(config);
      const errors: string[] = [];
      const result = Extractor.invoke(config, {
        localBuild: true,
        compilerState,
        messageCallback: (message: ExtractorMessage) => {
          if (message.logLevel === ExtractorLogLevel.Error) errors.push(message.formatMessageWithLocation(root));
          message.handled = true;
        },
      });
      if (!result.succeeded || errors.length)
        throw new Error(`api-report: API Extractor failed on ${entry.dts} (${entry.specifier}):\n${errors.join('\n') || `${result.errorCount} errors`}`);
      reports.set(entry.report, readFileSync(path.join(temp, `${entry.report}.api.md`), 'utf8'));
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  return reports;
}

/** The committed report `name` in `dir` (api/ by default), or undefined. */
export function readReport(name: string, dir = API_DIR): string | undefined {
  const file = path.join(dir, `${name}.api.md`);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/**
 * A line diff of `before` → `after` in unified form (`-` removed, `+` added, `context` lines
 * around each change), empty when they are equal. Common head and tail are cut first; the rest
 * is compared line by line by longest common subsequence (a report's changed span is small).
 */
export function lineDiff(before: string, after: string, context = 3): string {
  if (before === after) return '';
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  // lcs[i][j]: the length of the longest common subsequence of x[i..] and y[j..].
  const lcs = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--) lcs[i]![j] = x[i] === y[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  // Every line in order: ' ' in both, '-' in `before` only, '+' in `after` only; `line`: its number there.
  type Op = { kind: ' ' | '-' | '+'; text: string; line: number };
  const ops: Op[] = a.slice(0, head).map((text, k): Op => ({ kind: ' ', text, line: k + 1 }));
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      ops.push({ kind: ' ', text: x[i]!, line: head + i + 1 });
      i++;
      j++;
    } else if (j < y.length && (i === x.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      ops.push({ kind: '+', text: y[j]!, line: head + j + 1 });
      j++;
    } else {
      ops.push({ kind: '-', text: x[i]!, line: head + i + 1 });
      i++;
    }
  }
  for (let k = a.length - tail; k < a.length; k++) ops.push({ kind: ' ', text: a[k]!, line: k + 1 });
  // The changed lines with `context` lines around each; a gap starts a new hunk.
  const shown = new Set(ops.flatMap((op, k) => (op.kind === ' ' ? [] : Array.from({ length: 2 * context + 1 }, (_, d) => k - context + d))));
  const out: string[] = [];
  let previous = -2;
  ops.forEach((op, k) => {
    if (!shown.has(k)) return;
    if (k !== previous + 1) out.push(`@@ line ${op.line} @@`);
    out.push(`${op.kind}${op.text}`);
    previous = k;
  });
  return out.join('\n');
}

export interface ReportDifference {
  entry: ApiEntry;
  /** The committed report, or undefined when there is none. */
  committed: string | undefined;
  built: string;
  diff: string;
}

/** Each entry whose built report differs from the committed one (none when all are up to date). */
export function compareReports(built: Map<string, string>, dir = API_DIR): ReportDifference[] {
  return API_ENTRIES.flatMap((entry) => {
    const report = built.get(entry.report);
    if (report === undefined) return [];
    const committed = readReport(entry.report, dir);
    return committed === report ? [] : [{ entry, committed, built: report, diff: lineDiff(committed ?? '', report) }];
  });
}

/** What a failing check prints: each entry's diff, then how to accept it. */
export function describeDifferences(differences: readonly ReportDifference[]): string {
  return [
    ...differences.map(({ entry, committed, diff }) =>
      committed === undefined
        ? `api/${entry.report}.api.md (${entry.specifier}) is missing.`
        : `The public API of ${entry.specifier} differs from api/${entry.report}.api.md (- committed, + built):\n${diff}`,
    ),
    `If the change is meant: \`${UPDATE_COMMAND}\`, commit the reports, and name each removed or changed export in CHANGELOG.md (a removal is **Breaking**, with a migration note). If not, change the sources back.`,
  ].join('\n\n');
}

/**
 * The names a report exports: each top-level `export` (function, const, class, interface, type,
 * enum, namespace) and each name a namespace exports as `<namespace>.<name>`. Declarations
 * written without `export` (types an export uses: `includeForgottenExports`) are not names a host
 * can import, and are left out.
 */
export function exportedNames(report: string): string[] {
  const names = new Set<string>();
  const lines = report.split('\n');
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k]!;
    const declared = /^export (?:declare )?(?:abstract )?(?:function|const|let|var|class|interface|type|enum|namespace) ([\w$]+)/.exec(line);
    if (!declared) continue;
    const name = declared[1]!;
    names.add(name);
    if (!/^export (?:declare )?namespace /.test(line)) continue;
    // `export namespace x { export { a, b, c } }`: its names, up to the namespace's closing brace.
    for (k++; k < lines.length && lines[k] !== '}'; k++) {
      for (const match of lines[k]!.matchAll(/^\s+(?:export \{\s*)?([\w$]+)(?: as ([\w$]+))?,?\s*(?:\}\s*)?$/g)) names.add(`${name}.${match[2] ?? match[1]}`);
    }
  }
  return [...names].sort();
}

export interface Release {
  /** The version whose reports api/released/ holds. */
  version: string;
  /** The commit they were written from. */
  commit?: string;
}

/** Which release api/released/ holds (api/released/release.json). */
export function releasedVersion(dir = RELEASED_DIR): Release {
  return JSON.parse(readFileSync(path.join(dir, 'release.json'), 'utf8')) as Release;
}

/** One entry of the CHANGELOG: a top-level list item with its continuation lines, and the `###` section it is in. */
export interface ChangelogEntry {
  section: string;
  text: string;
}

/**
 * The CHANGELOG's entries since `version` was released: every list item above that release's
 * heading (`## [0.2.0] - …` or `## 0.2.0`), and those of pending changesets (`changesets`: the
 * texts of .changeset/*.md, each one entry). Throws when the CHANGELOG has no heading for
 * `version` (the cut would be a guess).
 */
export function changelogSince(version: string, changelog: string, changesets: readonly string[] = []): ChangelogEntry[] {
  const lines = changelog.split('\n');
  const escaped = version.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const cut = lines.findIndex((line) => new RegExp(`^## \\[?${escaped}\\]?(\\s|$)`).test(line));
  if (cut < 0) throw new Error(`api-report: CHANGELOG.md has no heading for ${version}, the release api/released/ holds`);
  const entries: ChangelogEntry[] = [];
  let section = '';
  let item: string[] | null = null;
  const close = () => {
    if (item) entries.push({ section, text: item.join('\n') });
    item = null;
  };
  for (const line of lines.slice(0, cut)) {
    if (line.startsWith('#')) {
      close();
      if (line.startsWith('### ')) section = line.slice(4).trim();
    } else if (line.startsWith('- ')) {
      close();
      item = [line];
    } else if (item && (line.startsWith('  ') || line === '')) item.push(line);
    else close();
  }
  close();
  return [...entries, ...changesets.map((text) => ({ section: 'Changeset', text }))];
}

/** Whether `entry` says what it says as a removal: marked Breaking, or in a Removed or Migration section, or a pending changeset. */
const saysBreaking = (entry: ChangelogEntry) =>
  /\*\*Breaking\b/.test(entry.text) || /\(breaking for\b/i.test(entry.text) || ['Removed', 'Migration', 'Changeset'].includes(entry.section);

/** The code spans of a text (`` `a.b(c)` `` → `a.b(c)`). */
const codeSpans = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
const hasWord = (span: string, word: string) => new RegExp(`(^|[^\\w$.])${word.replace(/[$.]/g, '\\$&')}($|[^\\w$])`).test(span);

/**
 * Whether `entry` names the export `name` in code: `` `createLeadV3` `` or `` `leadGateway.createLeadV3(…)` ``;
 * a namespace's name `leadGateway.createLeadV3` also when the entry names `leadGateway` and `createLeadV3` apart.
 */
export function namesExport(entry: ChangelogEntry, name: string): boolean {
  const spans = codeSpans(entry.text);
  const [namespace, member] = name.includes('.') ? name.split('.') : [undefined, name];
  if (namespace === undefined) return spans.some((span) => hasWord(span, member!));
  return spans.some((span) => hasWord(span, name)) || (spans.some((span) => hasWord(span, namespace)) && spans.some((span) => hasWord(span, member!)));
}

export interface UnsaidRemoval {
  entry: ApiEntry;
  name: string;
}

/**
 * The names each entry point had in the release (`released`, by report name) and no longer has
 * (`current`) that no Breaking, Removed or Migration entry of the CHANGELOG since that release names.
 */
export function unsaidRemovals(released: Map<string, string>, current: Map<string, string>, entries: readonly ChangelogEntry[]): UnsaidRemoval[] {
  const breaking = entries.filter(saysBreaking);
  return API_ENTRIES.flatMap((entry) => {
    const before = released.get(entry.report);
    if (before === undefined) return []; // an entry point new since the release
    const now = new Set(exportedNames(current.get(entry.report) ?? ''));
    return exportedNames(before)
      .filter((name) => !now.has(name) && !breaking.some((said) => namesExport(said, name)))
      .map((name) => ({ entry, name }));
  });
}

/** The committed reports of `dir`, by report name. */
export function readReports(dir = API_DIR): Map<string, string> {
  return new Map(
    API_ENTRIES.flatMap((entry) => (readReport(entry.report, dir) === undefined ? [] : [[entry.report, readReport(entry.report, dir)!] as const])),
  );
}

/** The CHANGELOG entries since the release api/released/ holds, pending changesets included. */
export function changelogSinceRelease(root = ROOT): ChangelogEntry[] {
  const changesetDir = path.join(root, '.changeset');
  const changesets = existsSync(changesetDir)
    ? readdirSync(changesetDir)
        .filter((file) => file.endsWith('.md') && file !== 'README.md')
        .map((file) => readFileSync(path.join(changesetDir, file), 'utf8'))
    : [];
  return changelogSince(releasedVersion(path.join(root, 'api', 'released')).version, readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8'), changesets);
}

/** What a failing CHANGELOG check prints. */
export function describeUnsaid(unsaid: readonly UnsaidRemoval[], version: string): string {
  const byEntry = new Map<string, string[]>();
  for (const { entry, name } of unsaid) byEntry.set(entry.specifier, [...(byEntry.get(entry.specifier) ?? []), name]);
  return [
    `Exports ${version} had that the reports (api/*.api.md) no longer have, and that no **Breaking** entry, Removed entry or Migration note of CHANGELOG.md since ${version} names:`,
    ...[...byEntry].map(([specifier, names]) => `  ${specifier}: ${names.join(', ')}`),
    "A removal breaks a host's code: bring the export back, or write a **Breaking** entry naming each one in code (`leadGateway.createLeadV3`, or `leadGateway` and `createLeadV3`) with its migration note.",
  ].join('\n');
}

/** Writes `reports` into `dir` as `<name>.api.md`; returns the files written. */
export function writeReports(reports: Map<string, string>, dir = API_DIR): string[] {
  mkdirSync(dir, { recursive: true });
  return [...reports].map(([name, text]) => {
    const file = path.join(dir, `${name}.api.md`);
    writeFileSync(file, text);
    return path.relative(ROOT, file);
  });
}

function main(args: string[]): number {
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  if (args.includes('--release')) {
    // The reports of the version being released become the baseline the CHANGELOG check compares
    // with (test/api-changelog.test.ts). `--from <dir> --version <v> --commit <sha>` writes them
    // from another checkout's build instead (how api/released/ got 0.2.0's).
    const from = option('--from');
    const version = option('--version') ?? (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    // The committed reports: `npm test` on the release commit checks they are the build's.
    const reports = from ? generateReports(path.resolve(from)) : readReports();
    rmSync(RELEASED_DIR, { recursive: true, force: true });
    const written = writeReports(reports, RELEASED_DIR);
    const release: Release = { version, ...(option('--commit') ? { commit: option('--commit') } : {}) };
    writeFileSync(path.join(RELEASED_DIR, 'release.json'), `${JSON.stringify(release, null, 2)}\n`);
    console.log(`api-report: api/released/ now holds ${version}'s reports (${written.length} files)`);
    return 0;
  }
  prepareForTests({ parts: ['library', 'sandbox'], pack: false });
  const built = generateReports();
  if (args.includes('--update')) {
    mkdirSync(API_DIR, { recursive: true });
    const stale = new Set(
      readdirSync(API_DIR, { withFileTypes: true })
        .filter((file) => file.isFile() && file.name.endsWith('.api.md'))
        .map((file) => file.name),
    );
    for (const name of built.keys()) stale.delete(`${name}.api.md`);
    for (const name of stale) rmSync(path.join(API_DIR, name)); // an entry point that is gone
    const changed = compareReports(built);
    writeReports(built);
    console.log(
      changed.length
        ? `api-report: updated ${changed.map(({ entry }) => `api/${entry.report}.api.md`).join(', ')} — review the diff and name the change in CHANGELOG.md`
        : 'api-report: the reports are up to date',
    );
    return 0;
  }
  const differences = compareReports(built);
  if (differences.length) console.error(describeDifferences(differences));
  else console.log(`api-report: ${built.size} reports match the build`);
  const { version } = releasedVersion();
  const unsaid = unsaidRemovals(readReports(RELEASED_DIR), built, changelogSinceRelease());
  if (unsaid.length) console.error(describeUnsaid(unsaid, version));
  else console.log(`api-report: every export ${version} had is there, or the CHANGELOG says it went`);
  return differences.length || unsaid.length ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
