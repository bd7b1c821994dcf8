import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { WRITE_REPLAY } from './write-replay';

/**
 * The write-replay table against the calls themselves, both ways: every write in src/gateway (a
 * `client.request({...})` whose method is not GET and that is not marked `read: true`) has its row,
 * and every row names such a write. The specs are read from the source, so a new write without a
 * row — or a row left behind by a call renamed, removed or made a read — fails here.
 */
const GATEWAY = path.resolve(__dirname, '..');

interface FoundCall {
  readonly operation: string;
  readonly method: string;
  /** `read: true`; 'sometimes' for a `read` spread in on a condition (a write otherwise). */
  readonly read: boolean | 'sometimes';
  readonly at: string;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** A string literal, or a `const` of the file holding one. */
function stringOf(node: ts.Expression, source: ts.SourceFile): string | null {
  if (ts.isStringLiteralLike(node)) return node.text;
  if (!ts.isIdentifier(node)) return null;
  let found: string | null = null;
  source.forEachChild(function visit(child) {
    if (
      ts.isVariableDeclaration(child) &&
      ts.isIdentifier(child.name) &&
      child.name.text === node.text &&
      child.initializer &&
      ts.isStringLiteralLike(child.initializer)
    ) {
      found = child.initializer.text;
    }
    child.forEachChild(visit);
  });
  return found;
}

/** Every `….request({ … })` of the gateway's sources; one it cannot read fails the test (so none is missed). */
function gatewayCalls(): FoundCall[] {
  const calls: FoundCall[] = [];
  for (const file of sourceFiles(GATEWAY)) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    source.forEachChild(function visit(node) {
      node.forEachChild(visit);
      if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression) || node.expression.name.text !== 'request') return;
      const [spec] = node.arguments;
      if (!spec || !ts.isObjectLiteralExpression(spec)) return;
      const at = `${path.relative(GATEWAY, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const property = (name: string) =>
        spec.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name);
      const operation = property('operation');
      // A spec passed on (`{ ...spec, auth }`) is its caller's call, found there.
      if (!operation && spec.properties.some((p) => ts.isSpreadAssignment(p) && ts.isIdentifier(p.expression))) return;
      const method = property('method');
      const operationName = operation && stringOf(operation.initializer, source);
      const methodName = method && stringOf(method.initializer, source);
      if (!operationName || !methodName) throw new Error(`${at}: a request whose operation or method is not a literal`);
      const read = property('read');
      const readSpread = spec.properties.some((p) => ts.isSpreadAssignment(p) && /\bread\b/.test(p.getText(source)));
      calls.push({
        operation: operationName,
        method: methodName,
        read: read ? read.initializer.kind === ts.SyntaxKind.TrueKeyword : readSpread ? 'sometimes' : false,
        at,
      });
    });
  }
  return calls;
}

describe('the write-replay table (docs/gateway.md#511-challenge)', () => {
  const calls = gatewayCalls();
  const writes = calls.filter((call) => call.method !== 'GET' && call.read !== true).map((call) => call.operation);

  it('reads every call of the gateway (reads and writes, each once)', () => {
    expect(calls.length).toBeGreaterThan(50);
    expect(new Set(calls.map((call) => call.operation)).size).toBe(calls.length);
    // Reads are found as reads: a GET, a POST marked `read`, the token asked ahead (a write otherwise).
    expect(calls.find((call) => call.operation === 'office.getLeads')).toMatchObject({ method: 'POST', read: true });
    expect(calls.find((call) => call.operation === 'messageCenter.getChatSession')).toMatchObject({ method: 'POST', read: true });
    expect(calls.find((call) => call.operation === 'lead.issueOneTimeToken')).toMatchObject({ read: 'sometimes' });
  });

  it('has a row for every write, and every row is a write (both ways)', () => {
    expect(writes.filter((operation) => !(operation in WRITE_REPLAY))).toEqual([]);
    expect(Object.keys(WRITE_REPLAY).filter((operation) => !writes.includes(operation))).toEqual([]);
  });
});
