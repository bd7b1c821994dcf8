/**
 * The bench server (bench/server.ts) as a process of its own: `tsx bench/server-main.ts` starts
 * it fresh — nothing imported, compiled or rendered before — and prints one line of JSON,
 * `{"origins":{"h1":…,"h2":…},"warmup":…}`, once it serves (its render path warmed, unless
 * BENCH_SERVER_WARM=0). The bench loads the server-rendered page from it as the first request
 * after a start (bench/first-load.ts). Ends on SIGTERM.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchServer } from './server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = await startBenchServer({ root, warm: process.env.BENCH_SERVER_WARM !== '0' });
process.stdout.write(`${JSON.stringify({ origins: server.origins, warmup: server.warmup })}\n`);
const stop = () => void server.stop().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
