/**
 * docs/gateway.md's config table is the reference of the gateway config: it names every field of
 * `GatewayClientConfig` (read from the type, so a new field without a row fails here), and its
 * `auth` row every kind of `GatewayAuth`. Its write-replay table is `WRITE_REPLAY`, row for row.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { WRITE_REPLAY } from '../src/gateway/core/write-replay';
import { WRITE_REPLAY_WHY } from './support/write-replay-why';

const ROOT = path.resolve(__dirname, '..');

/** One program for both files (building it takes seconds on a busy machine). */
const FILES = ['src/gateway/core/client.ts', 'src/gateway/core/auth.ts'];
let program: ts.Program | undefined;

/** A type declared in one of FILES (its inherited properties included), and the checker. */
function typeOf(file: (typeof FILES)[number], name: string): { checker: ts.TypeChecker; type: ts.Type } {
  program ??= ts.createProgram(
    FILES.map((at) => path.join(ROOT, at)),
    { strict: true, noEmit: true, skipLibCheck: true, types: [] },
  );
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(path.join(ROOT, file));
  if (!source) throw new Error(`${file} is not in the program`);
  const declaration = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration | ts.TypeAliasDeclaration =>
      (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && statement.name.text === name,
  );
  if (!declaration) throw new Error(`${name} is not declared in ${file}`);
  return { checker, type: checker.getTypeAtLocation(declaration.name) };
}

/** The rows of the first table under the page's title: first cell's code spans → the row's text. */
function configRows(): Map<string, string> {
  const page = fs.readFileSync(path.join(ROOT, 'docs/gateway.md'), 'utf8');
  const table = page.slice(page.indexOf('| Field |'), page.indexOf('\n\n', page.indexOf('| Field |')));
  const rows = new Map<string, string>();
  for (const line of table.split('\n').slice(2)) {
    const first = line.split(/(?<!\\)\|/)[1] ?? '';
    for (const match of first.matchAll(/`([^`]+)`/g)) rows.set(match[1] ?? '', line);
  }
  return rows;
}

/** The write-replay table as docs/gateway.md shows it: `WRITE_REPLAY`'s rows, in its order. */
function writeReplayTable(): string {
  const rows = Object.entries(WRITE_REPLAY).map(
    ([operation, replay]) => `| \`${operation}\` | \`${replay}\` | ${WRITE_REPLAY_WHY[operation as keyof typeof WRITE_REPLAY]} |`,
  );
  return ['| Operation | After a 511 | Why |', '|---|---|---|', ...rows].join('\n');
}

describe('docs/gateway.md', () => {
  it('says why for every row of the write-replay table', () => {
    for (const operation of Object.keys(WRITE_REPLAY)) expect(WRITE_REPLAY_WHY[operation as keyof typeof WRITE_REPLAY].length, operation).toBeGreaterThan(10);
  });

  it('shows every row of the write-replay table as WRITE_REPLAY has it (src/gateway/core/write-replay.ts)', () => {
    const page = fs.readFileSync(path.join(ROOT, 'docs/gateway.md'), 'utf8');
    const start = page.indexOf('\n', page.indexOf('<!-- write-replay:')) + 1;
    const end = page.indexOf('\n\n', start);
    // On a failure, the expected side is the table to paste under the marker.
    expect(page.slice(start, end === -1 ? undefined : end).trim()).toBe(writeReplayTable());
  });

  it('names every field of GatewayClientConfig in its config table', () => {
    const { type } = typeOf('src/gateway/core/client.ts', 'GatewayClientConfig');
    const fields = type.getProperties().map((property) => property.name);
    expect(fields).toEqual(expect.arrayContaining(['baseURL', 'auth', 'getOneTimeToken', 'getChatToken', 'leadCounts', 'recordContact', 'headerNames']));
    const rows = configRows();
    expect(fields.filter((field) => !rows.has(field))).toEqual([]);
    expect([...rows.keys()].filter((field) => !fields.includes(field))).toEqual([]);
  }, 60_000);

  it("names every kind of GatewayAuth in the auth row, and the renewal's token in getOneTimeToken's", () => {
    const { checker, type } = typeOf('src/gateway/core/auth.ts', 'GatewayAuth');
    const kinds = (type.isUnion() ? type.types : [type]).map((member) => {
      const kind = member.getProperty('kind');
      return kind ? checker.typeToString(checker.getTypeOfSymbol(kind)).replace(/"/g, '') : '';
    });
    expect(kinds.sort()).toEqual(['anonymous', 'oneTime', 'provider']);
    const auth = configRows().get('auth') ?? '';
    expect(kinds.filter((kind) => !auth.includes(`kind: '${kind}'`))).toEqual([]);
    expect(configRows().get('getOneTimeToken')).toMatch(/token\?.*`renew`.*giving the token to renew as `token`/);
  }, 60_000);
});
