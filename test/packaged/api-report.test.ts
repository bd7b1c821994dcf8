/**
 * The public API is the committed reports (api/*.api.md, scripts/api-report.ts): the types the
 * build ships — dist/*.d.ts and packages/sandbox/dist/index.d.ts, built before this project's
 * files (test/setup/prepare.ts) — must read as those reports do. A change to an export fails here
 * until the reports are written again (`npm run api:update`) and committed: every API change is
 * a diff a reviewer sees, beside its CHANGELOG entry (test/api-changelog.test.ts asks for the
 * entry of a removal).
 */
import { describe, expect, it } from 'vitest';
import { API_ENTRIES, compareReports, describeDifferences, generateReports } from '../../scripts/api-report';

describe('the public API reports (api/*.api.md)', () => {
  // A bound for a hung compiler, not a speed check: API Extractor reads seven entry points on one
  // TypeScript program (≈ 10 s alone; longer beside the browser suites).
  it('match the types the build ships, entry point by entry point', { timeout: 180_000 }, () => {
    const built = generateReports();
    expect([...built.keys()]).toEqual(API_ENTRIES.map((entry) => entry.report));
    const differences = compareReports(built);
    if (differences.length) expect.fail(describeDifferences(differences));
  });
});
