#!/usr/bin/env node
/**
 * The sandbox gateway as an HTTP server on 127.0.0.1: the package's `leadkit-sandbox` bin
 * (`npx leadkit-sandbox`). Node only: everything else in this package also runs in a browser.
 * leadkit's `npm start` serves the same gateway beside its example pages (scripts/start.ts).
 *
 * Environment: PORT (default 4010), SEED (data seed), LATENCY_MS (latency on every gateway call),
 * CHAT_REPLY_MS (the simulated customer answers this long after the provider writes; default
 * 2500, 0 answers at once; `off` turns it off), SANDBOX_PROFILE (`full`, the default; `spec`:
 * only the spec's calls and fields, spec-profile.ts; `spec-variants`: that, answering as strictly
 * as the spec allows, spec-variants.ts).
 * SANDBOX_PROVIDER_TOKEN / SANDBOX_PROVIDER_COOKIE (provider calls must carry `Authorization: Bearer <token>` /
 * the session cookie `name=value`: provider-auth.ts), SANDBOX_ALLOWED_ORIGINS (origins, comma
 * separated, whose pages may call it beside its own; also `--allow-origin <origin>`: local-access.ts).
 * `--help` lists them.
 */
import { serve, type HttpBindings } from '@hono/node-server';
import { createSandboxGateway, DEFAULT_SEED, DROP_HEADER, providerSignInFrom, refuseForeignHost, sandboxProfileFrom } from './index';
import { ACCESS_HELP, accessBanner, serverAccessFrom, type ServerAccessOptions } from './local-access';
import { providerSignInBanner } from './start-banner';

const USAGE = [
  'Usage: npx leadkit-sandbox [--allow-origin <origin>]…',
  'The sandbox gateway on http://127.0.0.1:$PORT/ (gateway under /gateway, controls under /sandbox).',
  '',
  ...ACCESS_HELP,
  '',
  'Environment: PORT (4010), SEED, LATENCY_MS, CHAT_REPLY_MS (2500; off), SANDBOX_PROFILE (full, spec, spec-variants),',
  'SANDBOX_PROVIDER_TOKEN, SANDBOX_PROVIDER_COOKIE (name=value), SANDBOX_ALLOWED_ORIGINS.',
].join('\n');

let access: ServerAccessOptions;
try {
  access = serverAccessFrom(process.argv.slice(2), process.env);
} catch (error) {
  process.stderr.write(`leadkit-sandbox: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
  process.exit(2);
}
if (access.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of 0 or more`);
  return value;
}

const port = numberFromEnv('PORT', 4010);
const providerSignIn = providerSignInFrom(process.env);
const sandbox = createSandboxGateway({
  seed: numberFromEnv('SEED', DEFAULT_SEED),
  latencyMs: numberFromEnv('LATENCY_MS', 0),
  chat: { customerReplies: process.env.CHAT_REPLY_MS === 'off' ? false : { delayMs: numberFromEnv('CHAT_REPLY_MS', 2500) } },
  onError: (error) => console.error('[sandbox] route error:', error),
  profile: sandboxProfileFrom(process.env.SANDBOX_PROFILE),
  providerSignIn,
  allowedOrigins: access.allowedOrigins,
});

const server = serve(
  {
    hostname: '127.0.0.1',
    port,
    fetch: async (request, env) => {
      // A Host that is no loopback name nor a named origin's (DNS rebinding): local-access.ts.
      const refused = refuseForeignHost(request, access.allowedOrigins);
      if (refused) return refused;
      const response = await sandbox.app.fetch(request, env);
      if (response.headers.has(DROP_HEADER)) {
        // A dropped request: close the connection without an answer (the client sees a reset).
        (env as HttpBindings).incoming.socket.destroy();
      }
      return response;
    },
  },
  (info) => {
    process.stdout.write(`leadkit sandbox gateway: http://127.0.0.1:${info.port}/ (gateway under /gateway, ${sandbox.profile} profile)\n`);
    // The sign-in provider calls require, and how to pass it (start-banner.ts).
    process.stdout.write(`${providerSignInBanner(providerSignIn, sandbox.profile).join('\n')}\n`);
    process.stdout.write(`${accessBanner(access.allowedOrigins)}\n`);
  },
);

const stop = () => {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
