/**
 * A removal from the public API is said in the CHANGELOG (docs/contributing.md, "Public API
 * reports"): every export the last release's reports list (api/released/*.api.md, written by the
 * release: `npm run api:release`) and the committed reports (api/*.api.md) no longer list is named
 * in code by a **Breaking** entry, a Removed entry or a Migration note since that release. With
 * test/packaged/api-report.test.ts (the build against api/*.api.md), an export removed from
 * src/index.ts fails `npm test` until the report and the CHANGELOG both say so.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as leadkit from '../src/index';
import * as sandbox from '@leadkit/sandbox';
import {
  API_ENTRIES,
  changelogSince,
  changelogSinceRelease,
  compareReports,
  describeDifferences,
  describeUnsaid,
  exportedNames,
  namesExport,
  readReport,
  readReports,
  RELEASED_DIR,
  releasedVersion,
  UPDATE_COMMAND,
  unsaidRemovals,
} from '../scripts/api-report';

const ROOT = path.resolve(__dirname, '..');

/** A report as API Extractor writes one, with these declarations. */
const report = (...declarations: string[]) => `## API Report File for "leadkit"\n\n\`\`\`ts\n\n${declarations.join('\n\n')}\n\n\`\`\`\n`;
const leadkitOnly = (text: string) => new Map([['leadkit', text]]);

describe('the public API since the last release', () => {
  it('has every export of the release api/released/ holds, or a CHANGELOG entry that says it went', () => {
    const { version } = releasedVersion();
    const unsaid = unsaidRemovals(readReports(RELEASED_DIR), readReports(), changelogSinceRelease());
    if (unsaid.length) expect.fail(describeUnsaid(unsaid, version));
  });

  it('compares with the newest release the CHANGELOG dates (`npm run api:release` when one is cut)', () => {
    const changelog = readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8');
    const newest = /^## \[?(\d+\.\d+\.\d+)\]? - \d{4}-\d{2}-\d{2}/m.exec(changelog)?.[1];
    expect(releasedVersion().version, `api/released/ is not ${newest}'s: run \`npm run api:release\` in the release commit`).toBe(newest);
  });

  it('holds one report per entry point for that release (an entry point added since is an Added entry of the CHANGELOG), whose heading the CHANGELOG has', () => {
    const { version } = releasedVersion();
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    const since = changelogSinceRelease();
    for (const entry of API_ENTRIES) {
      const released = readReport(entry.report, RELEASED_DIR);
      if (released === undefined) {
        const added = since.some((said) => said.section === 'Added' && said.text.includes(`\`${entry.specifier}\``));
        expect(added, `${entry.specifier} is in no release (api/released/${entry.report}.api.md) and no Added entry since names it`).toBe(true);
      } else expect(released, `api/released/${entry.report}.api.md`).toContain('```ts');
    }
    expect(readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8')).toMatch(new RegExp(`^## \\[?${version.replaceAll('.', '\\.')}\\]?`, 'm'));
  });
});

describe('what the CHANGELOG and the docs say of the reports', () => {
  it('does not call the public API unchanged since the release when the reports differ from its', () => {
    const released = readReports(RELEASED_DIR);
    const changed = [...readReports()].some(([name, text]) => released.get(name) !== text);
    const claims = changelogSinceRelease().filter((entry) => /public API is unchanged/i.test(entry.text));
    if (changed) expect(claims.map((entry) => entry.text)).toEqual([]);
  });

  it('names a command that exists where a failure sends the reader, and the docs section that explains it', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(UPDATE_COMMAND).toBe('npm run api:update');
    expect(pkg.scripts['api:update']).toBe('tsx scripts/api-report.ts --update');
    expect(pkg.scripts['api:check']).toBe('tsx scripts/api-report.ts --check');
    expect(pkg.scripts['api:release']).toBe('tsx scripts/api-report.ts --release');
    const contributing = readFileSync(path.join(ROOT, 'docs', 'contributing.md'), 'utf8');
    const section = contributing.slice(contributing.indexOf('## Public API reports'));
    expect(section).toMatch(/^## Public API reports\n/);
    for (const named of ['npm run api:update', 'npm run api:release', 'test/packaged/api-report.test.ts', 'test/api-changelog.test.ts'])
      expect(section).toContain(named);
  });
});

describe('a removed export (unsaidRemovals)', () => {
  const released = leadkitOnly(
    report(
      'export function clearDrafts(): Promise<void>;',
      'export namespace leadGateway {\n    export {\n        createLeadV3,\n        fetchLead\n    }\n}',
      'export type Lead = {\n    id: number;\n};',
    ),
  );
  const now = leadkitOnly(report('export namespace leadGateway {\n    export {\n        fetchLead\n    }\n}', 'export type Lead = {\n    id: number;\n};'));
  const changelog = (unreleased: string) =>
    `# Changelog\n\n## [Unreleased]\n\n${unreleased}\n\n## [0.2.0] - 2026-11-26\n\n### Removed\n- **Breaking**: \`clearDrafts\` and \`leadGateway.createLeadV3\` (said in 0.2.0, not since).\n`;
  const unsaidIn = (unreleased: string, changesets: string[] = []) =>
    unsaidRemovals(released, now, changelogSince('0.2.0', changelog(unreleased), changesets)).map(({ name }) => name);

  it('fails until a Breaking entry since the release names it; what older releases say does not count', () => {
    expect(unsaidIn('### Added\n- Nothing removed.')).toEqual(['clearDrafts', 'leadGateway.createLeadV3']);
    expect(unsaidIn('### Changed\n- **Breaking**: `clearDrafts()` is gone: clear the store yourself.')).toEqual(['leadGateway.createLeadV3']);
    expect(
      unsaidIn('### Changed\n- **Breaking**: `clearDrafts` and `leadGateway.createLeadV3` are gone.\n\n### Migration\n- `clearDrafts`: call nothing.'),
    ).toEqual([]);
  });

  it('counts a namespace member named with its namespace or beside it, a Removed entry, a Migration note and a pending changeset', () => {
    expect(unsaidIn('### Changed\n- **Breaking**: `leadGateway` lost `createLeadV3`; `clearDrafts` went.')).toEqual([]);
    expect(unsaidIn('### Removed\n- `clearDrafts`, `leadGateway.createLeadV3`.')).toEqual([]);
    expect(unsaidIn('### Migration\n- `clearDrafts()` and `leadGateway.createLeadV3(client, body)`: write your own.')).toEqual([]);
    expect(unsaidIn('### Added\n- x', ['---\n"leadkit": minor\n---\n\nRemoved `clearDrafts` and `leadGateway.createLeadV3`.'])).toEqual([]);
  });

  it('does not count a mention outside a Breaking, Removed or Migration entry, nor a name that is only part of a word', () => {
    expect(unsaidIn('### Changed\n- `clearDrafts` and `leadGateway.createLeadV3` changed.')).toEqual(['clearDrafts', 'leadGateway.createLeadV3']);
    expect(unsaidIn('### Changed\n- **Breaking**: `clearDraftsNow` and `leadGateway.createLeadV3Beta`.')).toEqual(['clearDrafts', 'leadGateway.createLeadV3']);
    expect(namesExport({ section: 'Removed', text: '- `createLeadV3` went' }, 'leadGateway.createLeadV3')).toBe(false);
  });

  it('needs the CHANGELOG heading of the release it compares with', () => {
    expect(() => changelogSince('9.9.9', changelog(''))).toThrow(/no heading for 9\.9\.9/);
    expect(changelogSince('0.2.0', '## 0.3.0\n\n### Changed\n- **Breaking**: a\n\n## 0.2.0\n\n- b\n')).toEqual([
      { section: 'Changed', text: '- **Breaking**: a\n' },
    ]);
  });
});

describe('a report that differs from the build (compareReports)', () => {
  it('prints what changed, line by line, and the command that writes the reports', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'leadkit-api-test-'));
    try {
      const committed = report('export function clearDrafts(): Promise<void>;', 'export function clearOutbox(): Promise<void>;');
      writeFileSync(path.join(dir, 'leadkit.api.md'), committed);
      expect(compareReports(leadkitOnly(committed), dir)).toEqual([]);
      const differences = compareReports(leadkitOnly(report('export function clearOutbox(): Promise<void>;')), dir);
      expect(differences.map(({ entry }) => entry.specifier)).toEqual(['leadkit']);
      const message = describeDifferences(differences);
      expect(message).toContain('The public API of leadkit differs from api/leadkit.api.md');
      expect(message).toContain('\n-export function clearDrafts(): Promise<void>;\n');
      expect(message).not.toContain('+export function clearOutbox');
      expect(message).toContain('`npm run api:update`');
      expect(describeDifferences(compareReports(new Map([['leadkit-heic', 'x']]), dir))).toContain('api/leadkit-heic.api.md (leadkit/heic) is missing');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('exportedNames', () => {
  it("reads every runtime export of `leadkit`, and each namespace's members, from its report", () => {
    const names = new Set(exportedNames(readReport('leadkit') ?? ''));
    const expected = Object.entries(leadkit).flatMap(([name, value]) =>
      name !== 'leadGateway' && name !== 'officeGateway' && name !== 'messageCenterGateway' && name !== 'reviewGateway'
        ? [name]
        : [name, ...Object.keys(value as object).map((member) => `${name}.${member}`)],
    );
    const missing = expected.filter((name) => !names.has(name));
    expect(missing, 'api/leadkit.api.md lacks these exports of src/index.ts: `npm run build && npm run api:update`').toEqual([]);
  });

  it('reads every runtime export of `@leadkit/sandbox` from its report', () => {
    const names = new Set(exportedNames(readReport('leadkit-sandbox') ?? ''));
    expect(Object.keys(sandbox).filter((name) => !names.has(name))).toEqual([]);
  });

  it('reads functions, constants, classes, interfaces, types and aliased namespace members', () => {
    const text = report(
      'export function a(): void;',
      'export const b: number;',
      'export class C {\n}',
      'export interface D {\n}',
      'export type E = string;',
      'export namespace ns {\n    export {\n        f,\n        g as h\n    }\n}',
      '// @public\ninterface NotExported {\n}',
    );
    expect(exportedNames(text)).toEqual(['C', 'D', 'E', 'a', 'b', 'ns', 'ns.f', 'ns.h']);
  });
});
