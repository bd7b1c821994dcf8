import { Hono } from 'hono';
import * as v from 'valibot';
import type { SandboxContext, SandboxEnv } from '../context';
import { normalizeSavedReplies, SAVED_REPLIES_MAX } from '../../../../src/domain/saved-replies';
import { idParam, jsonBody, notFound, parseBody } from '../http';
import { createArrivingLead, type NewLeadRequest } from '../new-lead';
import { maskCredentials } from '../credentials';

/**
 * Sandbox controls under `/sandbox` (never faulted, no caller headers needed): pass a
 * challenge, inject or clear faults and reset the data over HTTP (for pages and e2e runs that
 * talk to `npm start` rather than to the in-process gateway).
 */

const FaultRequestSchema = v.variant('kind', [
  v.object({
    kind: v.literal('latency'),
    ms: v.pipe(v.number(), v.minValue(0)),
    route: v.optional(v.string()),
    times: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  }),
  v.object({
    kind: v.literal('status'),
    status: v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(599)),
    body: v.optional(v.unknown()),
    retryAfter: v.optional(v.pipe(v.number(), v.minValue(0))),
    route: v.optional(v.string()),
    times: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  }),
  v.object({
    kind: v.literal('drop'),
    afterHandling: v.optional(v.boolean()),
    route: v.optional(v.string()),
    times: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  }),
  v.object({ kind: v.literal('challenge'), route: v.optional(v.string()), times: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))) }),
  v.object({ kind: v.literal('captivePortal511'), route: v.optional(v.string()), times: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))) }),
]);

/** A host's saved replies as it stores them (the list `lk-saved-replies-change` carries); cleaned by leadkit's rules. */
const SavedRepliesRequestSchema = v.object({ savedReplies: v.pipe(v.array(v.unknown()), v.maxLength(SAVED_REPLIES_MAX * 5)) });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function sandboxRoutes({ faults, reset, store, now }: SandboxContext) {
  const app = new Hono<SandboxEnv>();

  // A lead arriving for a provider now (new-lead.ts): what a board watching for new leads sees.
  // Body `{ serviceProviderId, firstName?, lastName? }`; answers `{ leadId }`.
  app.post('/leads', (c) => {
    const lead = createArrivingLead(store, now, jsonBody(c) as NewLeadRequest);
    return c.json({ leadId: lead.leadId });
  });

  // Saved replies of a provider, for demo host pages: the thread's `savedReplies`
  // property is set from GET, and PUT stores the list each `lk-saved-replies-change` carries.
  // `null` until the provider saved a list (the widget then shows its defaults). In memory;
  // POST /sandbox/reset forgets them.
  app.get('/saved-replies/:spId', (c) => {
    const spId = idParam(c, 'spId');
    return c.json({ savedReplies: store.savedReplies.get(spId) ?? null });
  });

  app.put('/saved-replies/:spId', (c) => {
    const spId = idParam(c, 'spId');
    const body = parseBody(c, SavedRepliesRequestSchema);
    const savedReplies = normalizeSavedReplies(body.savedReplies) ?? [];
    store.savedReplies.set(spId, savedReplies);
    return c.json({ savedReplies });
  });

  // A page a person can use to pass the challenge (the challenge body's challengeUrl).
  app.get('/challenge/:challengeId', (c) => {
    const id = escapeHtml(c.req.param('challengeId'));
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox challenge</title></head>
<body><main><h1>Sandbox challenge</h1><p>Challenge <code>${id}</code>.</p>
<form method="post" action="/sandbox/challenge/${encodeURIComponent(c.req.param('challengeId'))}/pass"><button type="submit">I am not a robot</button></form></main></body></html>`);
  });

  app.post('/challenge/:challengeId/pass', (c) => {
    const challengeId = c.req.param('challengeId');
    if (!faults.passChallenge(challengeId)) throw notFound('Challenge not found.');
    return c.json({ challengeId, passed: true });
  });

  app.post('/faults', (c) => {
    const body = parseBody(c, FaultRequestSchema);
    const options = { route: body.route, times: body.times };
    switch (body.kind) {
      case 'latency':
        return c.json({ id: faults.latency(body.ms, options).id });
      case 'status':
        return c.json({ id: faults.status(body.status, body.body, { ...options, retryAfter: body.retryAfter }).id });
      case 'drop':
        return c.json({ id: faults.drop({ ...options, afterHandling: body.afterHandling }).id });
      case 'challenge': {
        const handle = faults.challenge(options);
        return c.json({ id: handle.id, challengeId: handle.challengeId });
      }
      case 'captivePortal511':
        return c.json({ id: faults.captivePortal511(options).id });
    }
  });

  app.delete('/faults', (c) => {
    faults.clear();
    return c.json({ cleared: true });
  });

  app.post('/reset', (c) => {
    reset();
    return c.json({ reset: true });
  });

  // What the gateway received since the last reset (`store.requests` over HTTP, for a test of
  // another process): method, path, status and headers of each `/gateway` request, credentials
  // masked (credentials.ts: `Bearer …a1b2`).
  app.get('/requests', (c) =>
    c.json({
      requests: store.requests
        .filter((request) => request.path.startsWith('/gateway/'))
        .map(({ method, path, status, headers }) => ({ method, path, status, headers: maskCredentials(headers) })),
    }),
  );

  return app;
}
