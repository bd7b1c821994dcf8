/**
 * The example server (`npm start`: scripts/start.ts) as its own process, for an e2e file or for
 * the worker pool of servers (test/setup/e2e-pool.ts, in vitest's main process: so nothing here
 * imports vitest).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SandboxProfile } from '@leadkit/sandbox';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ExampleServerOptions {
  /** The sandbox's profile (SANDBOX_PROFILE): 'full' (the default), 'spec' or 'spec-variants'. */
  profile?: SandboxProfile;
  /** More environment for the server (e.g. SANDBOX_PROVIDER_TOKEN: the sandbox then requires a sign-in). */
  env?: Readonly<Record<string, string>>;
}

/**
 * A bound for a hung server start. The CDN and React host builds happen before the tests
 * (test/setup/prepare.ts); scripts/start.ts builds them itself only when run outside vitest.
 */
export const SERVER_START_TIMEOUT_MS = 150_000;

export interface ExampleServer {
  /** Origin, e.g. http://127.0.0.1:39123 (no trailing slash). */
  readonly origin: string;
  /** Everything the server printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `tsx scripts/start.ts` with PORT=0 (and TWILIO_PORT=0 unless `env` names one) and waits for the URL it prints. `profile: 'spec'`
 * starts it with SANDBOX_PROFILE=spec (the sandbox serves only the spec's calls and fields),
 * `'spec-variants'` with the strict variant of it (packages/sandbox/src/spec-variants.ts).
 */
export async function spawnExampleServer({ profile = 'full', env: extra = {} }: ExampleServerOptions = {}): Promise<ExampleServer> {
  // Free ports for the server and its Twilio stand-in (a TWILIO_PORT of the caller's shell would clash between parallel servers; `env` may still say `off`).
  const env: NodeJS.ProcessEnv = { ...process.env, TWILIO_PORT: '0', ...extra, PORT: '0', FORCE_COLOR: '0', SANDBOX_PROFILE: profile };
  delete env.NODE_ENV; // vitest's 'test' must not reach the server (start.ts builds for production anyway)
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/start.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: stop() ends tsx and the node process it runs, nothing else.
    detached: true,
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The example server did not print its URL within ${SERVER_START_TIMEOUT_MS / 1000} s:\n${output}`)),
      SERVER_START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /leadkit examples: (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The example server exited (${code ?? signal}) before printing its URL:\n${output}`));
    });
  });
  return {
    origin,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return; // already gone
      }
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 3000).unref());
      if ((await Promise.race([exited, timeout])) === 'timeout') {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // gone meanwhile
        }
      }
    },
  };
}
