/**
 * What each browser benchmark sets up: the anchor pages built (bench/anchors), the bench server
 * (bench/server.ts) and Debian's Chromium; and a runner for one part alone (bench:interactions)
 * that builds the CDN first when it is stale.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../test/helpers/browser';
import { ensureBuilt } from '../scripts/build.mjs';
import { buildAnchors } from './anchors/build';
import { BENCH_CHROMIUM_ARGS, startBenchServer, type BenchServer } from './server';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ANCHORS_DIR = path.join(ROOT, 'dist', 'bench', 'anchors');

export interface Session {
  browser: Browser;
  server: BenchServer;
  root: string;
}

export async function withSession<T>(work: (session: Session) => Promise<T>): Promise<T> {
  await buildAnchors(ANCHORS_DIR);
  const server = await startBenchServer({ root: ROOT, anchorsDir: ANCHORS_DIR });
  let browser: Browser | null = null;
  try {
    browser = await launchChromium({ args: BENCH_CHROMIUM_ARGS });
    return await work({ browser, server, root: ROOT });
  } finally {
    await browser?.close();
    await server.stop();
  }
}

/** Runs one part alone (e.g. bench:interactions), with the CDN built when stale; exits 1 on a missed budget. */
export async function runStandalone(name: string, work: (session: Session) => Promise<string[]>): Promise<void> {
  ensureBuilt({ parts: ['cdn'], ifStale: true });
  const failures = await withSession(work);
  if (failures.length) {
    console.error(`\nbench:${name}: ${failures.length} budget(s) missed:\n${failures.map((failure) => `  - ${failure}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`bench:${name}: all budgets met`);
}
