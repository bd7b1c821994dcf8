import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HEADERS } from '../../../src/gateway/core/headers';
import { MEDIA_FILENAME_HEADER } from '../../../src/gateway/message-center/chat-service-schemas';
import type { SandboxContext, SandboxEnv } from './context';
import { HttpError } from './http';
import { indexPage } from './index-page';
import { ownOriginsOnly, type AllowedOrigins } from './local-access';
import { applyFaults, idempotency, limitBodies, recordRequests, requireCallerType } from './middleware';
import { chatRoutes, chatSandboxRoutes } from './routes/chat';
import { leadFunnelRoutes } from './routes/lead-funnel';
import { leadRoutes } from './routes/lead';
import { messageCenterRoutes } from './routes/message-center';
import { officeRoutes } from './routes/office';
import { reviewRoutes } from './routes/review';
import { sandboxRoutes } from './routes/sandbox';
import { hostStandInRoutes } from './routes/host-stand-in';
import { servesSpecOnly, specProfile, type SandboxProfile } from './spec-profile';
import { requireProviderSignIn, sessionRoutes, type ProviderSignIn } from './provider-auth';

/**
 * The sandbox gateway as a hono app. Order: own origins only (local-access.ts: another origin,
 * not named in `allowedOrigins`, gets 403 and no CORS) → CORS (for the origins let through) → body size limit → request log → the spec
 * profile (spec-profile.ts; only with `profile: 'spec'` or `'spec-variants'`) → latency and faults → caller type →
 * provider sign-in (provider-auth.ts; only with `providerSignIn`) → idempotency → routes. Works in Node and in a browser (no Node imports).
 */
export function createSandboxApp(
  ctx: SandboxContext,
  options: {
    latencyMs: number;
    onError?: ((error: unknown) => void) | undefined;
    profile?: SandboxProfile | undefined;
    providerSignIn?: ProviderSignIn | undefined;
    allowedOrigins?: AllowedOrigins | undefined;
  },
) {
  const app = new Hono<SandboxEnv>();

  app.use('*', ownOriginsOnly(options.allowedOrigins));
  app.use(
    '*',
    cors({
      // Only its own pages and the named origins get this far (ownOriginsOnly).
      origin: (origin) => origin || null,
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Content-Type', 'Accept', 'Last-Event-ID', MEDIA_FILENAME_HEADER, ...Object.values(HEADERS)],
      exposeHeaders: ['Retry-After', 'Idempotent-Replayed'],
      credentials: true,
    }),
  );
  app.use('*', limitBodies());
  app.use('*', recordRequests(ctx));
  if (options.profile && servesSpecOnly(options.profile)) app.use('/gateway/*', specProfile({ variants: options.profile === 'spec-variants' }));
  app.use('/gateway/*', applyFaults(ctx.faults, options.latencyMs));
  app.use('/gateway/*', requireCallerType);
  if (options.providerSignIn) app.use('/gateway/*', requireProviderSignIn(options.providerSignIn));
  app.use('/gateway/*', idempotency(ctx.store));

  app.route('/gateway/lead', leadRoutes(ctx));
  app.route('/gateway/lead', leadFunnelRoutes(ctx));
  app.route('/gateway', officeRoutes(ctx));
  app.route('/gateway/message-center', messageCenterRoutes(ctx));
  app.route('/gateway/message-center', chatRoutes(ctx));
  app.route('/gateway/review/api', reviewRoutes(ctx));
  app.route('/sandbox/chat', chatSandboxRoutes(ctx));
  app.route('/sandbox/session', sessionRoutes(options.providerSignIn));
  app.route('/sandbox', sandboxRoutes(ctx));
  app.route('/host-stand-in', hostStandInRoutes(ctx, options.providerSignIn));

  app.get('/', (c) => c.html(indexPage(app.routes, new URL(c.req.url).origin)));

  app.notFound((c) => c.json({ message: `No sandbox route for ${c.req.method} ${c.req.path}.` }, 404));
  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json(error.body, error.status as ContentfulStatusCode, error.headers);
    options.onError?.(error);
    return c.json({ message: 'The sandbox gateway failed to handle this request.' }, 500);
  });
  return app;
}

export type SandboxApp = ReturnType<typeof createSandboxApp>;
